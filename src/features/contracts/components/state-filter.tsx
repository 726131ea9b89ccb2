import { Menu } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { StateFilterMenu, StateItem } from '../../../client/ui/state-filter';
import { CONTRACT_STATES, type ContractState } from '../../../domain/contracts';

/**
 * The state filter: the contract states, each with its colour; the ones the brand's contracts
 * are in come first. None selected means all states (portal specification, “Business constants and limits”).
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
    <StateFilterMenu
      label={t('contracts.filter.label')}
      chosen={label}
      allLabel={t('contracts.filter.all')}
      onClear={() => onChange([])}
    >
      <Menu.Separator />
      <Menu.ItemGroup>
        <Menu.ItemGroupLabel>{t('contracts.filter.states')}</Menu.ItemGroupLabel>
        {states.map((s) => (
          <StateItem key={s} state={s} checked={has(s)} onToggle={(on) => toggle(s, on)} />
        ))}
      </Menu.ItemGroup>
    </StateFilterMenu>
  );
}
