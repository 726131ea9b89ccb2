import { PROBLEM, type InvalidParam, type Problem } from '../domain/problems';

/** An error that leaves the server as `application/problem+json` (API.md). */
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
