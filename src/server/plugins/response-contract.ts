import type { FastifyBaseLogger } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Serialises answers through their response schema (the contract of `src/domain/api`): keys the
 * schema does not name are left out. The schema is checked against the answer as JSON (the
 * database's dates as their ISO strings), which is what the client receives. An answer that
 * breaks the contract is a 500 in development and tests; in production it is logged and sent as
 * it is, so data stored before a field existed (encoding applies no defaults) never takes a
 * page down.
 */
export function responseSerializer(strict: boolean, log: FastifyBaseLogger) {
  return ({ schema, method, url }: { schema: z.ZodType; method: string; url: string }) =>
    (data: unknown): string => {
      const json = JSON.stringify(data);
      const result = schema.safeEncode(json === undefined ? undefined : JSON.parse(json));
      if (result.success) return JSON.stringify(result.data);
      if (strict) throw new ResponseSerializationError(method, url, { cause: result.error });
      log.warn(
        { method, url, issues: result.error.issues.slice(0, 5) },
        'answer outside its response schema',
      );
      return json;
    };
}
