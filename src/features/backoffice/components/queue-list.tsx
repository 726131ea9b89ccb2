import { Box, Flex, Skeleton, Stack, Table, Text, tableSlotRecipe } from '../../../client/ui/chakra';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { StateBadge } from '../../../client/ui/state-badge';
import type { QueueItem } from '../api/types';
import { AgeBadge } from './age-badge';
import { useBackofficeFormat } from './format';
import { ScoreClassBadge } from './score-class';

export const requestPath = (id: string) => `/backoffice/requests/${encodeURIComponent(id)}`;

export interface QueueListProps {
  items: QueueItem[];
  loading: boolean;
  /** Open requests show their age against the promise; guarantees when they were requested. */
  kind: 'open' | 'guarantee';
  promiseMinutes: number;
  /** Minutes passed since the server counted the ages (between refreshes). */
  sinceAnswer: number;
  empty: ReactNode;
  labelledBy: string;
  phone: boolean;
}

/** The back office's queue: a table from tablet width, cards on a phone; each opens the request. */
export function QueueList(props: QueueListProps) {
  return props.phone ? <QueueCards {...props} /> : <QueueTable {...props} />;
}

const COLUMNS = 6;

function When({
  item,
  kind,
  promiseMinutes,
  sinceAnswer,
}: { item: QueueItem } & Omit<QueueListProps, 'items' | 'loading' | 'empty' | 'labelledBy' | 'phone'>) {
  const format = useBackofficeFormat();
  return kind === 'open' ? (
    <AgeBadge ageMinutes={item.ageMinutes + sinceAnswer} promiseMinutes={promiseMinutes} />
  ) : (
    <Text as="span" whiteSpace="nowrap">
      {format.dateTime(item.requestedAt)}
    </Text>
  );
}

function QueueTable({
  items,
  loading,
  kind,
  promiseMinutes,
  sinceAnswer,
  empty,
  labelledBy,
}: QueueListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useBackofficeFormat();
  return (
    <Box overflowX="auto" bg="bg.panel" rounded="l2" borderWidth="1px">
      <Table.Root
        recipe={tableSlotRecipe}
        size="sm"
        interactive={items.length > 0}
        aria-labelledby={labelledBy}
      >
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              {kind === 'open' ? t('backoffice.columns.age') : t('backoffice.columns.requestedAt')}
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t('backoffice.columns.customer')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('backoffice.columns.partner')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('backoffice.columns.nav')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('backoffice.columns.scoreClass')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('backoffice.columns.state')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {loading &&
            [1, 2, 3].map((i) => (
              <Table.Row key={i}>
                <Table.Cell colSpan={COLUMNS}>
                  <Skeleton h="5" />
                </Table.Cell>
              </Table.Row>
            ))}
          {!loading && items.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={COLUMNS}>{empty}</Table.Cell>
            </Table.Row>
          )}
          {items.map((item) => (
            <Table.Row
              key={item.id}
              cursor="pointer"
              onClick={() => void navigate(requestPath(item.id))}
              data-testid="backoffice-row"
              data-request-id={item.id}
            >
              <Table.Cell>
                <When item={item} kind={kind} promiseMinutes={promiseMinutes} sinceAnswer={sinceAnswer} />
              </Table.Cell>
              <Table.Cell minW="48">
                <Link to={requestPath(item.id)} onClick={(e) => e.stopPropagation()}>
                  <Box
                    as="span"
                    fontWeight="medium"
                    color="brand.fg"
                    _hover={{ textDecoration: 'underline' }}
                  >
                    {item.customerName || t('backoffice.noCustomerName')}
                  </Box>
                </Link>
              </Table.Cell>
              <Table.Cell>
                <Text>{item.partnerName}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {item.brandName}
                </Text>
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                {format.amount(item.nav, item.currencyCode)}
              </Table.Cell>
              <Table.Cell>
                <ScoreClassBadge scoreClass={item.scoreClass} whiteSpace="nowrap" />
              </Table.Cell>
              <Table.Cell>
                <StateBadge state={item.state} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function QueueCards({
  items,
  loading,
  kind,
  promiseMinutes,
  sinceAnswer,
  empty,
  labelledBy,
}: QueueListProps) {
  const { t } = useTranslation();
  const format = useBackofficeFormat();
  if (loading)
    return (
      <Stack gap="3" aria-busy="true">
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} h="24" rounded="l2" />
        ))}
      </Stack>
    );
  if (items.length === 0)
    return (
      <Box bg="bg.panel" rounded="l2" borderWidth="1px" p="4">
        {empty}
      </Box>
    );
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-labelledby={labelledBy}>
      {items.map((item) => (
        <Box
          as="li"
          key={item.id}
          bg="bg.panel"
          rounded="l2"
          borderWidth="1px"
          p="3"
          data-testid="backoffice-row"
          data-request-id={item.id}
        >
          <Flex justify="space-between" align="flex-start" gap="2">
            <Link to={requestPath(item.id)}>
              <Box as="span" fontWeight="semibold" color="brand.fg">
                {item.customerName || t('backoffice.noCustomerName')}
              </Box>
            </Link>
            <When item={item} kind={kind} promiseMinutes={promiseMinutes} sinceAnswer={sinceAnswer} />
          </Flex>
          <Text fontSize="sm" color="fg.muted" mt="1">
            {item.partnerName} · {item.brandName}
          </Text>
          <Flex justify="space-between" align="center" gap="2" mt="2" wrap="wrap" fontSize="sm">
            <Text fontVariantNumeric="tabular-nums">
              <Text as="span" color="fg.muted">
                {t('backoffice.columns.nav')}:{' '}
              </Text>
              {format.amount(item.nav, item.currencyCode)}
            </Text>
            <Flex gap="2" wrap="wrap">
              <ScoreClassBadge scoreClass={item.scoreClass} />
              <StateBadge state={item.state} />
            </Flex>
          </Flex>
        </Box>
      ))}
    </Stack>
  );
}
