import { Button, Flex, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../list-params';

/** Page size and paging of the list; the last page is computed from the answer's count. */
export function ListPager({
  page,
  itemsPerPage,
  count,
  onPage,
  onPageSize,
}: {
  page: number;
  itemsPerPage: number;
  count: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(count / itemsPerPage));
  return (
    <Flex justify="space-between" align="center" wrap="wrap" gap="3" className="no-print">
      <HStack>
        <Text fontSize="sm" id="page-size-label">
          {t('calculationList.pageSize')}
        </Text>
        <NativeSelect.Root size="sm" width="20">
          <NativeSelect.Field
            aria-labelledby="page-size-label"
            value={itemsPerPage}
            onChange={(e) => onPageSize(Number(e.currentTarget.value))}
          >
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <HStack as="nav" aria-label={t('calculationList.paging')}>
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('calculationList.previous')}
        </Button>
        <Text fontSize="sm" aria-live="polite" data-testid="page-of">
          {t('calculationList.page', { page: Math.min(page, pages), pages })}
        </Text>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('calculationList.next')}
        </Button>
      </HStack>
    </Flex>
  );
}
