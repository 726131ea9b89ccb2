import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PROBLEM, PROBLEM_CONTENT_TYPE, type InvalidParam } from '../../domain/problems';
import { HttpProblem, validation } from '../problems';

/**
 * Every failure under /api answers problem+json with the correlation id; nothing internal
 * leaks. Body and query failures name the field and a message key in `invalid-params`.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const problem = toHttpProblem(error);
    if (problem.status >= 500) req.log.error({ err: error }, 'request failed');
    else
      req.log.info({ status: problem.status, type: problem.type, detail: problem.detail }, 'request refused');
    if (problem.status === 401) reply.header('www-authenticate', 'Bearer');
    return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem.toProblem(req.id));
  });
}

function toHttpProblem(error: FastifyError): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const params: InvalidParam[] = error.validation.map((v) => ({
      // Fields by their own name (the spec matches invalid-params by field); the part when it is whole.
      name: v.instancePath.split('/').filter(Boolean).join('.') || (error.validationContext ?? 'body'),
      reason: v.message ?? 'invalid',
    }));
    return validation(params);
  }
  const status = error.statusCode ?? 500;
  if (status === 400)
    return validation([{ name: 'body', reason: 'malformed' }], 'The request body could not be read.');
  if (status === 429)
    return new HttpProblem(429, PROBLEM.tooManyRequests, 'Too Many Requests', 'Slow down and try again.');
  if (status >= 400 && status < 500) return new HttpProblem(status, 'about:blank', error.name, error.message);
  return new HttpProblem(
    500,
    PROBLEM.internal,
    'Internal Server Error',
    'The request could not be processed.',
  );
}
