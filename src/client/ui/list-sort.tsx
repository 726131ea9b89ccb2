import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

type Direction = 'asc' | 'desc';

/** A plain string: i18next cannot check a key built from a generic field name. */
const sortKey = (texts: string, field: string, direction: Direction): string =>
  `${texts}.sort.${field}.${direction}`;

/**
 * Sorting where there are no column headers to click (the card layout on a phone): every field
 * in both directions, named by `{texts}.sort.{field}.{direction}`, labelled by `{texts}.sortBy`.
 */
export function ListSort<Field extends string>({
  fields,
  texts,
  sortBy,
  sortDirection,
  onChange,
}: {
  fields: readonly Field[];
  texts: 'calculationList' | 'contracts';
  sortBy: Field;
  sortDirection: Direction;
  onChange: (sortBy: Field, sortDirection: Direction) => void;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect.Root size="sm" width="auto" flex="1" minW="40">
      <NativeSelect.Field
        aria-label={t(`${texts}.sortBy`)}
        bg="bg.panel"
        value={`${sortBy}:${sortDirection}`}
        onChange={(e) => {
          const [field, direction] = e.currentTarget.value.split(':') as [Field, Direction];
          onChange(field, direction);
        }}
      >
        {fields.flatMap((field) =>
          (['asc', 'desc'] as const).map((direction) => (
            <option key={`${field}:${direction}`} value={`${field}:${direction}`}>
              {t(sortKey(texts, field, direction))}
            </option>
          )),
        )}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
