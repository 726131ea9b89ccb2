import type { TFunction } from 'i18next';
import { ApiError } from '../../../client/http';
import { serverReason } from '../../../client/refusal';
import { PROBLEM } from '../../../domain/problems';

/** What the e-signature form says about a refused start or cancel, and whether a refresh helps. */
export interface Refusal {
  text: string;
  /** The calculation changed since it was shown: reload it before trying again. */
  refresh: boolean;
  correlationId?: string;
}

/**
 * The server's refusals of the e-signature calls (docs/api.md, "Signing") as the user reads them:
 * each known key has its text; a key this version does not know is shown as the server sent it.
 */
export function eSignatureRefusal(
  error: unknown,
  t: TFunction,
  exists: (key: string) => boolean,
  fallback: string,
): Refusal {
  if (!(error instanceof ApiError)) return { text: t(fallback), refresh: false };
  const { problem, status, correlationId } = error;
  if (status === 412) return { text: t('esign.errors.calculationChanged'), refresh: true, correlationId };
  if (problem?.type === PROBLEM.invalidState)
    return { text: t('esign.errors.invalidCurrentState'), refresh: true, correlationId };
  const key = problem?.errorKeys?.[0];
  if (key)
    return {
      text: serverReason(error, t, exists, 'esign.errors') ?? problem.detail ?? key,
      refresh: false,
      correlationId,
    };
  return { text: t(fallback), refresh: false, correlationId };
}
