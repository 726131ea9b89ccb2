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
      // An answer of plain values is its own JSON: checked as it is, without a copy through text.
      const json = isJsonAlready(data) ? undefined : JSON.stringify(data);
      const result = schema.safeEncode(json === undefined ? data : JSON.parse(json));
      if (result.success) return JSON.stringify(result.data);
      if (strict) throw new ResponseSerializationError(method, url, { cause: result.error });
      log.warn(
        { method, url, issues: result.error.issues.slice(0, 5) },
        'answer outside its response schema',
      );
      return json ?? JSON.stringify(data);
    };
}

/**
 * Whether `JSON.parse(JSON.stringify(value))` would give the value back as it is: strings,
 * finite numbers, booleans and null in arrays and plain objects, nothing undefined, no date and
 * nothing else with a `toJSON`. Past a bound of values it says no, so a cycle ends here too
 * (and JSON.stringify names it).
 */
export function isJsonAlready(value: unknown, bound = 100_000): boolean {
  const stack: unknown[] = [value];
  for (let seen = 0; stack.length; seen += 1) {
    if (seen > bound) return false;
    const v = stack.pop();
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return false;
      continue;
    }
    if (typeof v !== 'object') return false;
    if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
      continue;
    }
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return false;
    for (const key in v) {
      if (key === '__proto__' || key === 'toJSON') return false;
      stack.push((v as Record<string, unknown>)[key]);
    }
  }
  return true;
}
