import type { TFunction } from 'i18next';
import { ApiError } from '../../../client/http';
import { notify } from '../../../client/ui/notify';

export interface FailureHandlers {
  /** 409: the request was decided (or moved on) meanwhile. */
  onConflict: () => void;
  /** 403: the caller is no underwriter (any more). */
  onForbidden: () => void;
}

/**
 * A write that failed for another reason than the fields: conflict and refusal are explained by
 * the page; anything else is a notice with the correlation id.
 */
export function handleWriteFailure(
  error: unknown,
  handlers: FailureHandlers,
  t: TFunction,
  title: string,
): void {
  if (error instanceof ApiError && error.status === 409) return handlers.onConflict();
  if (error instanceof ApiError && error.status === 403) return handlers.onForbidden();
  notify({
    type: 'error',
    title,
    description:
      error instanceof ApiError && error.status === 0
        ? t('backoffice.errors.offline')
        : t('backoffice.errors.tryAgain'),
    correlationId: error instanceof ApiError ? error.correlationId : undefined,
  });
}
