/** Problem types of `application/problem+json` answers (RFC 9457, docs/api.md). */
export const PROBLEM = {
  validation: '/problems/validation',
  errorKeys: '/problems/error-keys',
  unauthorized: '/problems/unauthorized',
  forbidden: '/problems/forbidden',
  notFound: '/problems/not-found',
  invalidState: '/problems/invalid-state',
  versionMismatch: '/problems/version-mismatch',
  idempotencyConflict: '/problems/idempotency-conflict',
  tooManyRequests: '/problems/too-many-requests',
  /** A service the call needs (the credit agency) does not answer: try again shortly. */
  serviceUnavailable: '/problems/service-unavailable',
  internal: '/problems/internal',
} as const;

export interface InvalidParam {
  name: string;
  reason: string;
}

export interface Problem {
  /** One of PROBLEM, or 'about:blank' for a plain HTTP status. */
  type: string;
  title: string;
  status: number;
  detail?: string;
  'invalid-params'?: InvalidParam[];
  validationKeys?: string[];
  errorKeys?: string[];
  correlationId?: string;
  [extension: string]: unknown;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
