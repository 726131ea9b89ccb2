import { Badge, type BadgeProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { colourOf, type CalculationState, type ContractState } from '../../domain/calculation/states';

/** A calculation or contract state in its colour group (portal specification, “States and transitions”), as lists show it. */
export function StateBadge({ state, ...props }: { state: CalculationState | ContractState } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge
      colorPalette={colourOf(state)}
      variant="subtle"
      whiteSpace="normal"
      data-state-name={state}
      {...props}
    >
      {t(`states.${state}`)}
    </Badge>
  );
}
