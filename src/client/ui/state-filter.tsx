import { Box, Button, Menu, Portal } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme/recipes/menu';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { colourOf, type CalculationState, type ContractState } from '../../domain/calculation/states';
import { mainContainer } from './main-container';

/**
 * The state filter of the calculation and contract lists: a button naming what is chosen, a
 * menu with 'all states' and the list's groups of checkable items (categories, states). None
 * selected means all states.
 */
export function StateFilterMenu({
  label,
  chosen,
  allLabel,
  onClear,
  children,
}: {
  label: string;
  /** What the button says is chosen. */
  chosen: string;
  allLabel: string;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <Menu.Root recipe={menuSlotRecipe} closeOnSelect={false} positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" data-testid="state-filter" maxW="full">
          <Box as="span" color="fg.muted">
            {label}:
          </Box>
          <Box as="span" truncate>
            {chosen}
          </Box>
          <Box as="span" aria-hidden="true">
            ▾
          </Box>
        </Button>
      </Menu.Trigger>
      <Portal container={mainContainer}>
        <Menu.Positioner>
          <Menu.Content maxH="70vh" overflowY="auto" minW="64">
            <Menu.Item value="all" onSelect={onClear} closeOnSelect>
              {allLabel}
            </Menu.Item>
            {children}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** One state to check, with its colour (portal specification, “States and transitions”). */
export function StateItem({
  state,
  checked,
  onToggle,
}: {
  state: CalculationState | ContractState;
  checked: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu.CheckboxItem value={`state:${state}`} checked={checked} onCheckedChange={onToggle}>
      <Box w="2" h="2" rounded="full" bg={`${colourOf(state)}.solid`} flexShrink={0} />
      {t(`states.${state}`)}
      <Menu.ItemIndicator />
    </Menu.CheckboxItem>
  );
}
