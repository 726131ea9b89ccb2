import { Box, Button, Menu, NativeSelect, Portal } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme/recipes/menu';
import { useTranslation } from 'react-i18next';
import { colourOf } from '../../../domain/calculation/states';
import {
  CONTRACT_SORT_FIELDS,
  CONTRACT_STATES,
  type ContractSortField,
  type ContractState,
} from '../../../domain/contracts';

/**
 * The state filter: the contract states, each with its colour; the ones the brand's contracts
 * are in come first. None selected means all states (spec 000 section 9).
 */
export function ContractStateFilter({
  selected,
  available,
  onChange,
}: {
  selected: ContractState[];
  available: ContractState[];
  onChange: (states: ContractState[]) => void;
}) {
  const { t } = useTranslation();
  const has = (s: ContractState) => selected.includes(s);
  const toggle = (s: ContractState, on: boolean) =>
    onChange(on ? [...selected, s] : selected.filter((x) => x !== s));
  const shown = CONTRACT_STATES.filter((s) => available.includes(s) || has(s));
  const states = shown.length > 0 ? shown : [...CONTRACT_STATES];

  let label = t('contracts.filter.all');
  if (selected.length === 1) label = t(`states.${selected[0]}`);
  else if (selected.length > 1) label = t('contracts.filter.some', { count: selected.length });

  return (
    <Menu.Root recipe={menuSlotRecipe} closeOnSelect={false} positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" data-testid="state-filter" maxW="full">
          <Box as="span" color="fg.muted">
            {t('contracts.filter.label')}:
          </Box>
          <Box as="span" truncate>
            {label}
          </Box>
          <Box as="span" aria-hidden="true">
            ▾
          </Box>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxH="70vh" overflowY="auto" minW="60">
            <Menu.Item value="all" onSelect={() => onChange([])} closeOnSelect>
              {t('contracts.filter.all')}
            </Menu.Item>
            <Menu.Separator />
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t('contracts.filter.states')}</Menu.ItemGroupLabel>
              {states.map((s) => (
                <Menu.CheckboxItem
                  key={s}
                  value={`state:${s}`}
                  checked={has(s)}
                  onCheckedChange={(on) => toggle(s, on)}
                >
                  <Box w="2" h="2" rounded="full" bg={`${colourOf(s)}.solid`} flexShrink={0} />
                  {t(`states.${s}`)}
                  <Menu.ItemIndicator />
                </Menu.CheckboxItem>
              ))}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

type Direction = 'asc' | 'desc';

/** Sorting where there are no column headers to click (the card layout on a phone). */
export function ContractSort({
  sortBy,
  sortDirection,
  onChange,
}: {
  sortBy: ContractSortField;
  sortDirection: Direction;
  onChange: (sortBy: ContractSortField, sortDirection: Direction) => void;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect.Root size="sm" width="auto" flex="1" minW="40">
      <NativeSelect.Field
        aria-label={t('contracts.sortBy')}
        bg="bg.panel"
        value={`${sortBy}:${sortDirection}`}
        onChange={(e) => {
          const [field, direction] = e.currentTarget.value.split(':') as [ContractSortField, Direction];
          onChange(field, direction);
        }}
      >
        {CONTRACT_SORT_FIELDS.flatMap((field) =>
          (['asc', 'desc'] as const).map((direction) => (
            <option key={`${field}:${direction}`} value={`${field}:${direction}`}>
              {t(`contracts.sort.${field}.${direction}`)}
            </option>
          )),
        )}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
