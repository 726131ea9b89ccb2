import type { FastifyBaseLogger } from 'fastify';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/**
 * Serialises answers through their response schema (the contract of `src/domain/api`): keys the
 * schema does not name are left out. The text is written by a serialiser compiled from the
 * schema's JSON Schema (fast-json-stringify, about a tenth of the time of checking and
 * stringifying), compiled on a route's first answer. In development and tests every answer is
 * first checked against the schema as JSON (the database's dates as their ISO strings), which is
 * what the client receives, and one outside it is a 500. Production does not check: a value of
 * another type is written as the schema's type, and an answer the serialiser cannot write (a
 * required field missing: data stored before the field existed, as encoding applies no
 * defaults) is logged and sent as it is, so that it never takes a page down.
 */
export function responseSerializer(strict: boolean, log: FastifyBaseLogger) {
  return ({ schema, method, url }: { schema: z.ZodType; method: string; url: string }) => {
    let compiled: Serialize | null | undefined;
    const fast = () => (compiled === undefined ? (compiled = compile(schema)) : compiled);
    return (data: unknown): string => {
      // An answer of plain values is its own JSON: used as it is, without a copy through text.
      const json = isJsonAlready(data) ? undefined : JSON.stringify(data);
      const value: unknown = json === undefined ? data : JSON.parse(json);
      if (strict) {
        const result = schema.safeEncode(value);
        if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
        return fast()?.(value) ?? JSON.stringify(result.data);
      }
      try {
        const serialize = fast();
        if (serialize) return serialize(value);
        const result = schema.safeEncode(value);
        if (result.success) return JSON.stringify(result.data);
        throw result.error;
      } catch (error) {
        log.warn({ method, url, err: error }, 'answer outside its response schema');
        return json ?? JSON.stringify(data);
      }
    };
  };
}

/** The schema's compiled serialiser; null for a schema JSON Schema cannot express. */
function compile(schema: z.ZodType): Serialize | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
    return fastJson(json as Parameters<typeof fastJson>[0]);
  } catch {
    return null;
  }
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
