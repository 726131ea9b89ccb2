import { Menu } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { StateFilterMenu, StateItem } from '../../../client/ui/state-filter';
import {
  STATE_CATEGORIES,
  type CalculationState,
  type StateCategory,
} from '../../../domain/calculation/states';

const CATEGORIES = Object.keys(STATE_CATEGORIES) as StateCategory[];

/**
 * The state filter: the four categories, each selecting all of its states, and the single
 * states the brand's calculations are in (the list answer's availableStates). None selected
 * means all states.
 */
export function ListStateFilter({
  selected,
  available,
  onChange,
}: {
  selected: CalculationState[];
  available: CalculationState[];
  onChange: (states: CalculationState[]) => void;
}) {
  const { t } = useTranslation();
  const has = (s: CalculationState) => selected.includes(s);
  const categoryChecked = (c: StateCategory) => STATE_CATEGORIES[c].every(has);
  const toggleCategory = (c: StateCategory, on: boolean) => {
    const states: readonly CalculationState[] = STATE_CATEGORIES[c];
    onChange(on ? [...new Set([...selected, ...states])] : selected.filter((s) => !states.includes(s)));
  };
  const toggleState = (s: CalculationState, on: boolean) =>
    onChange(on ? [...selected, s] : selected.filter((x) => x !== s));
  // Shown states: the brand's, and any selected one (a link may name a state the brand has not).
  const singles = [...new Set([...available, ...selected])];
  const whole = CATEGORIES.find((c) => STATE_CATEGORIES[c].length === selected.length && categoryChecked(c));

  let label = t('calculationList.filter.all');
  if (whole) label = t(`states.categories.${whole}`);
  else if (selected.length === 1) label = t(`states.${selected[0]}`);
  else if (selected.length > 1) label = t('calculationList.filter.some', { count: selected.length });

  return (
    <StateFilterMenu
      label={t('calculationList.filter.label')}
      chosen={label}
      allLabel={t('calculationList.filter.all')}
      onClear={() => onChange([])}
    >
      <Menu.Separator />
      <Menu.ItemGroup>
        <Menu.ItemGroupLabel>{t('calculationList.filter.categories')}</Menu.ItemGroupLabel>
        {CATEGORIES.map((c) => (
          <Menu.CheckboxItem
            key={c}
            value={`category:${c}`}
            checked={categoryChecked(c)}
            onCheckedChange={(on) => toggleCategory(c, on)}
          >
            {t(`states.categories.${c}`)}
            <Menu.ItemIndicator />
          </Menu.CheckboxItem>
        ))}
      </Menu.ItemGroup>
      {singles.length > 0 && <Menu.Separator />}
      {singles.length > 0 && (
        <Menu.ItemGroup>
          <Menu.ItemGroupLabel>{t('calculationList.filter.states')}</Menu.ItemGroupLabel>
          {singles.map((s) => (
            <StateItem key={s} state={s} checked={has(s)} onToggle={(on) => toggleState(s, on)} />
          ))}
        </Menu.ItemGroup>
      )}
    </StateFilterMenu>
  );
}
