import { Badge } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { useBackofficeFormat } from './format';

/** From this many minutes before the promise is missed an open request shows amber. */
export const WARN_BEFORE_PROMISE_MINUTES = 5;

export type Urgency = 'ok' | 'soon' | 'late';

export function urgencyOf(ageMinutes: number, promiseMinutes: number): Urgency {
  if (ageMinutes > promiseMinutes) return 'late';
  if (ageMinutes > promiseMinutes - WARN_BEFORE_PROMISE_MINUTES) return 'soon';
  return 'ok';
}

const PALETTE: Record<Urgency, string> = { ok: 'gray', soon: 'orange', late: 'red' };

/**
 * How long a request has waited, against the promise: amber shortly before, red once it is
 * missed. The words say it too, so that the colour is not the only sign.
 */
export function AgeBadge({ ageMinutes, promiseMinutes }: { ageMinutes: number; promiseMinutes: number }) {
  const { t } = useTranslation();
  const format = useBackofficeFormat();
  const urgency = urgencyOf(ageMinutes, promiseMinutes);
  const age = format.age(ageMinutes);
  return (
    <Badge
      colorPalette={PALETTE[urgency]}
      variant={urgency === 'late' ? 'solid' : 'subtle'}
      whiteSpace="nowrap"
      fontVariantNumeric="tabular-nums"
      data-urgency={urgency}
      data-testid="request-age"
    >
      {urgency === 'ok' ? age : t(`backoffice.age.${urgency}`, { age })}
    </Badge>
  );
}
