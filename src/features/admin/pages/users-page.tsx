import {
  Alert,
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  tableSlotRecipe,
} from '../../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { usersQuery, type SortBy } from '../api/queries';
import { LoadFailed } from '../../../client/ui/load-failed';

const PAGE_SIZES = ['10', '30', 'all'] as const;

/** /mygrenke/users: the partner's users with their profiles; page sizes 10, 30 or all; sortable. */
export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sortBy, setSortBy] = useState<SortBy>('lastName');
  const [desc, setDesc] = useState(false);
  const [pageSize, setPageSize] = useState<(typeof PAGE_SIZES)[number]>('10');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, refetch } = useQuery(usersQuery(sortBy, desc));
  const users = data?.users;

  const size = pageSize === 'all' ? Infinity : Number(pageSize);
  const pages = users ? Math.max(1, Math.ceil(users.length / size)) : 1;
  const shown = users?.slice((page - 1) * size, page * size) ?? [];
  const sortOn = (column: SortBy) => {
    setDesc(column === sortBy ? !desc : false);
    setSortBy(column);
    setPage(1);
  };
  const sortMark = (column: SortBy) => (column === sortBy ? (desc ? ' ▼' : ' ▲') : '');
  const ariaSort = (column: SortBy) => (column === sortBy ? (desc ? 'descending' : 'ascending') : 'none');

  return (
    <Stack gap="6" maxW="6xl">
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          {t('admin.users.title')}
        </Heading>
        {data?.canCreate && (
          <Button asChild colorPalette="brand">
            <Link to="/mygrenke/users/new-user">{t('admin.users.new')}</Link>
          </Button>
        )}
      </Flex>
      {data && !data.invitationAvailable && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t('admin.users.invitationUnavailable')}</Alert.Title>
        </Alert.Root>
      )}
      {isError && (
        <LoadFailed
          title={t('admin.users.loadFailed')}
          error={error}
          retry={t('admin.retry')}
          onRetry={() => void refetch()}
          testId="users-load-failed"
        />
      )}
      <Box overflowX="auto" bg="bg.panel" rounded="l2" borderWidth="1px">
        <Table.Root recipe={tableSlotRecipe} size="sm" interactive>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader aria-sort={ariaSort('lastName')}>
                <Button variant="plain" size="sm" px="0" onClick={() => sortOn('lastName')}>
                  {t('admin.user.lastName')}
                  {sortMark('lastName')}
                </Button>
              </Table.ColumnHeader>
              <Table.ColumnHeader aria-sort={ariaSort('firstName')}>
                <Button variant="plain" size="sm" px="0" onClick={() => sortOn('firstName')}>
                  {t('admin.user.firstName')}
                  {sortMark('firstName')}
                </Button>
              </Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.users.profiles')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {isPending &&
              [1, 2, 3].map((i) => (
                <Table.Row key={i}>
                  <Table.Cell colSpan={3}>
                    <Skeleton h="5" />
                  </Table.Cell>
                </Table.Row>
              ))}
            {users?.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={3}>{t('admin.users.empty')}</Table.Cell>
              </Table.Row>
            )}
            {shown.map((u) => (
              <Table.Row
                key={u.id}
                cursor="pointer"
                onClick={() => void navigate(`/mygrenke/users/${u.id}`)}
                data-testid="user-row"
              >
                <Table.Cell>
                  <Link to={`/mygrenke/users/${u.id}`} onClick={(e) => e.stopPropagation()}>
                    <Text as="span" fontWeight="medium" color="brand.fg">
                      {u.lastName}
                    </Text>
                  </Link>
                  {u.isDisabled && (
                    <Badge ms="2" colorPalette="gray">
                      {t('admin.users.disabled')}
                    </Badge>
                  )}
                </Table.Cell>
                <Table.Cell>{u.firstName}</Table.Cell>
                <Table.Cell>
                  <HStack wrap="wrap" gap="1">
                    {u.profiles.map((p) => (
                      <Badge
                        key={p.id}
                        variant={p.isDefault ? 'solid' : 'subtle'}
                        colorPalette={p.isDisabled ? 'gray' : 'brand'}
                        title={`${p.name} · ${p.branding} · ${p.id}`}
                        whiteSpace="normal"
                      >
                        {p.name} ({p.branding}){p.isDefault ? ` · ${t('admin.user.default')}` : ''}
                        {p.isDisabled ? ` · ${t('shell.readOnly')}` : ''}
                      </Badge>
                    ))}
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <HStack>
          <Text fontSize="sm">{t('admin.users.pageSize')}</Text>
          <NativeSelect.Root size="sm" width="24">
            <NativeSelect.Field
              aria-label={t('admin.users.pageSize')}
              value={pageSize}
              onChange={(e) => {
                setPageSize(e.currentTarget.value as (typeof PAGE_SIZES)[number]);
                setPage(1);
              }}
            >
              {PAGE_SIZES.map((s) => (
                <option key={s} value={s}>
                  {s === 'all' ? t('admin.users.all') : s}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        <HStack>
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('admin.users.previous')}
          </Button>
          <Text fontSize="sm">{t('admin.users.page', { page, pages })}</Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('admin.users.next')}
          </Button>
        </HStack>
      </Flex>
    </Stack>
  );
}

export const Component = UsersPage;
