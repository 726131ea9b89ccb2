import { PROBLEM, type InvalidParam, type Problem } from '../domain/problems';

/** An error that leaves the server as `application/problem+json` (docs/api.md). */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    readonly detail?: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(detail ?? title);
  }

  toProblem(correlationId: string): Problem {
    return {
      type: this.type,
      title: this.title,
      status: this.status,
      detail: this.detail,
      ...this.extensions,
      correlationId,
    };
  }
}

export const unauthorized = (detail: string) =>
  new HttpProblem(401, PROBLEM.unauthorized, 'Unauthorized', detail);

export const forbidden = (detail: string, extensions?: Record<string, unknown>) =>
  new HttpProblem(403, PROBLEM.forbidden, 'Forbidden', detail, extensions);

export const notFound = (detail = 'No such resource.') =>
  new HttpProblem(404, PROBLEM.notFound, 'Not Found', detail);

export const validation = (invalidParams: InvalidParam[], detail = 'The request is not valid.') =>
  new HttpProblem(400, PROBLEM.validation, 'Bad Request', detail, {
    'invalid-params': invalidParams,
    validationKeys: [...new Set(invalidParams.map((p) => p.reason))],
  });

/** A business rule refused the action (the spec's 'action validation'). */
export const errorKeys = (keys: string[], detail = 'The action is not possible.') =>
  new HttpProblem(400, PROBLEM.errorKeys, 'action validation', detail, { errorKeys: keys });

/** The state does not allow it: the blocking dialog; `canForce` when a forced update may follow. */
export const invalidState = (key: string, state: string, canForce: boolean) =>
  new HttpProblem(409, PROBLEM.invalidState, 'Conflict', 'The current state does not allow this.', {
    errorKeys: [key],
    state,
    canForce,
  });

/** If-Match named an older version: the answer carries the current entity and its ETag. */
export const versionMismatch = (etag: string, current: unknown) =>
  new HttpProblem(412, PROBLEM.versionMismatch, 'Precondition Failed', 'The entity was changed meanwhile.', {
    etag,
    current,
  });
