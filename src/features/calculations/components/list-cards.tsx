import { Box, Flex, Skeleton, Stack, Text } from '../../../client/ui/chakra';
import { useInstalmentFormat } from '../../../client/i18n/instalment';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CustomerName } from '../../../client/ui/customer-name';
import { StateBadge } from '../../../client/ui/state-badge';
import type { CalculationRow } from '../api/list-queries';
import { useFormat } from '../../../client/format/format';
import { editorPath, ListRowActions } from './list-row-actions';

/** The list on a phone: one card per calculation; the customer's name opens the editor. */
export function ListCards({
  rows,
  loading,
  empty,
}: {
  rows: CalculationRow[];
  loading: boolean;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const instalment = useInstalmentFormat();
  if (loading)
    return (
      <Stack gap="3">
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} h="24" rounded="l2" />
        ))}
      </Stack>
    );
  if (rows.length === 0)
    return (
      <Box bg="bg.panel" rounded="l2" borderWidth="1px" p="4">
        {empty}
      </Box>
    );
  return (
    <Stack as="ul" gap="3" listStyleType="none">
      {rows.map((row) => {
        const { item } = row;
        return (
          <Box
            as="li"
            key={item.calculationSetId}
            bg="bg.panel"
            rounded="l2"
            borderWidth="1px"
            p="3"
            data-testid="calculation-row"
          >
            <Flex justify="space-between" align="flex-start" gap="2">
              <Link to={editorPath(item)}>
                <Box as="span" fontWeight="semibold" color="brand.fg">
                  <CustomerName {...item} />
                </Box>
              </Link>
              <ListRowActions row={row} />
            </Flex>
            <Flex justify="space-between" align="center" gap="2" mt="1" wrap="wrap">
              <StateBadge state={item.state} />
              <Text fontSize="xs" color="fg.muted">
                {format.dateTime(item.lastEdited)}
              </Text>
            </Flex>
            <Flex justify="space-between" gap="2" mt="2" fontSize="sm" wrap="wrap">
              <Text>
                <Text as="span" color="fg.muted">
                  {t('calculationList.columns.netAcquisitionValueAmount')}:{' '}
                </Text>
                {format.amount(item.netAcquisitionValueAmount, item.currencyCode)}
              </Text>
              {item.totalInstallmentAmount !== null && (
                <Text>
                  {instalment.instalment(
                    item.totalInstallmentAmount,
                    item,
                    item.currencyCode,
                    item.monthlyTotalInstallmentAmount,
                  )}
                  {item.periodInMonths !== null &&
                    ` · ${t('calculationList.months', { count: item.periodInMonths })}`}
                </Text>
              )}
            </Flex>
          </Box>
        );
      })}
    </Stack>
  );
}
