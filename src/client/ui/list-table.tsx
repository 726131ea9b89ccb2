import { Button, Skeleton, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A column header that sorts the list; the active one shows its direction (▼ newest or Z first). */
export function SortableHeader<Field extends string>({
  column,
  label,
  sortBy,
  sortDirection,
  onSort,
}: {
  column: Field;
  label: string;
  sortBy: Field;
  sortDirection: 'asc' | 'desc';
  onSort: (column: Field) => void;
}) {
  const active = sortBy === column;
  const mark = active ? (sortDirection === 'desc' ? ' ▼' : ' ▲') : '';
  return (
    <Table.ColumnHeader aria-sort={active ? (sortDirection === 'desc' ? 'descending' : 'ascending') : 'none'}>
      <Button variant="plain" size="sm" px="0" fontWeight="inherit" onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true">{mark}</span>
      </Button>
    </Table.ColumnHeader>
  );
}

/** While the first page loads, placeholder rows; a list with nothing to show, its empty state. */
export function TableStatusRows({
  loading,
  count,
  columns,
  empty,
}: {
  loading: boolean;
  count: number;
  columns: number;
  empty: ReactNode;
}) {
  if (loading)
    return [1, 2, 3, 4, 5].map((i) => (
      <Table.Row key={i}>
        <Table.Cell colSpan={columns}>
          <Skeleton h="5" />
        </Table.Cell>
      </Table.Row>
    ));
  if (count > 0) return null;
  return (
    <Table.Row>
      <Table.Cell colSpan={columns}>{empty}</Table.Cell>
    </Table.Row>
  );
}
