import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SORT_FIELDS, type SortField } from '../../../domain/calculation/list';

type Direction = 'asc' | 'desc';

/** Sorting where there are no column headers to click (the card layout on a phone). */
export function ListSort({
  sortBy,
  sortDirection,
  onChange,
}: {
  sortBy: SortField;
  sortDirection: Direction;
  onChange: (sortBy: SortField, sortDirection: Direction) => void;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect.Root size="sm" width="auto" flex="1" minW="40">
      <NativeSelect.Field
        aria-label={t('calculationList.sortBy')}
        bg="bg.panel"
        value={`${sortBy}:${sortDirection}`}
        onChange={(e) => {
          const [field, direction] = e.currentTarget.value.split(':') as [SortField, Direction];
          onChange(field, direction);
        }}
      >
        {SORT_FIELDS.flatMap((field) =>
          (['asc', 'desc'] as const).map((direction) => (
            <option key={`${field}:${direction}`} value={`${field}:${direction}`}>
              {t(`calculationList.sort.${field}.${direction}`)}
            </option>
          )),
        )}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
