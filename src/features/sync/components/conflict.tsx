import { Box, Button, HStack, Table, Text, VisuallyHidden, tableSlotRecipe } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../../client/offline/db';
import { resolveConflict } from '../../../client/offline/outbox';

interface Side {
  name?: string;
  inputValue?: number;
  periodInMonths?: number | null;
  state?: string;
}

/** Both sides of a conflict, and the user's choice: nothing is dropped without it (docs/offline.md). */
export function Conflict({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation();
  const mine = (entry.body as { calculationVariant?: Side } | undefined)?.calculationVariant ?? {};
  const problem = entry.problem as
    { state?: string; current?: { properties?: { state?: string; calculationVariant?: Side } } } | undefined;
  const theirs: Side = {
    ...(problem?.current?.properties?.calculationVariant ?? {}),
    state: problem?.current?.properties?.state ?? problem?.state,
  };
  const rows: [string, string | number | null | undefined, string | number | null | undefined][] = [
    ['name', mine.name, theirs.name],
    ['inputValue', mine.inputValue, theirs.inputValue],
    ['periodInMonths', mine.periodInMonths, theirs.periodInMonths],
    ['state', undefined, theirs.state && t(`states.${theirs.state}`)],
  ];
  return (
    <Box mt="3" data-testid="conflict">
      <Text fontSize="sm" mb="2">
        {t('sync.conflictText')}
      </Text>
      <Table.Root recipe={tableSlotRecipe} size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <VisuallyHidden>{t('sync.field')}</VisuallyHidden>
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t('sync.mine')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('sync.theirs')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows
            .filter(([, a, b]) => a != null || b != null)
            .map(([field, a, b]) => (
              <Table.Row key={field}>
                <Table.Cell fontWeight="medium">{t(`sync.fields.${field}`)}</Table.Cell>
                <Table.Cell data-testid={`mine-${field}`}>{a ?? '–'}</Table.Cell>
                <Table.Cell data-testid={`theirs-${field}`}>{b ?? '–'}</Table.Cell>
              </Table.Row>
            ))}
        </Table.Body>
      </Table.Root>
      <HStack mt="3" wrap="wrap">
        <Button size="sm" colorPalette="brand" onClick={() => void resolveConflict(entry.id, 'mine')}>
          {t('sync.keepMine')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void resolveConflict(entry.id, 'theirs')}>
          {t('sync.takeTheirs')}
        </Button>
      </HStack>
    </Box>
  );
}
