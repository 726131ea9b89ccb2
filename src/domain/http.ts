/** Header names and conventions every API call follows (docs/api.md). */
export const HEADERS = {
  correlationId: 'Correlation-Id',
  userProfileId: 'X-User-Profile-Id',
  timezoneOffset: 'X-Timezone-Offset',
  idempotencyKey: 'Idempotency-Key',
} as const;

export const CORRELATION_PREFIX = 'goPartner_';

/** A new correlation id: the spec's prefix plus a random id. */
export function newCorrelationId(): string {
  return CORRELATION_PREFIX + globalThis.crypto.randomUUID().replaceAll('-', '');
}

/** Accepts only ids of our own shape, so a caller cannot inject text into logs. */
export function isCorrelationId(value: unknown): value is string {
  return typeof value === 'string' && /^goPartner_[A-Za-z0-9-]{8,64}$/.test(value);
}
