import fc from 'fast-check';

/**
 * Hostile values shaped by a route's own schemas (as the OpenAPI document gives them, generated
 * from the shared zod schemas): mostly the right shape with hostile text, sometimes the wrong
 * type, extra and `__proto__` keys, deep nesting or huge strings.
 */
export interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
}

/** Text that has broken servers: NUL, lone surrogates, percent escapes, bidi, injection, size. */
export const HOSTILE_TEXT = [
  '\u0000',
  'Anna\u0000Lind',
  '\ud800',
  'a\udfffb',
  '%00',
  '%',
  '%ZZ',
  '\u202eevil',
  '\uffff',
  '𝒜𝒷𝒸',
  "'; drop table accounts; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  ' ',
  '',
  '0',
  '-1',
  '1e309',
  'null',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(70_000),
];

const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true }),
  hostileText,
  fc.constant([]),
  fc.constant({}),
);

/** Arrays inside arrays, deeper than any form goes. */
const deep = fc.integer({ min: 50, max: 2000 }).map((n) => {
  let v: unknown = 'bottom';
  for (let i = 0; i < n; i++) v = [v];
  return v;
});

function shaped(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return anyJson;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return schema.format === 'uuid' ? fc.oneof(fc.uuid(), hostileText) : hostileText;
    case 'integer':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 }),
        fc.constantFrom(-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER),
      );
    case 'number':
      return fc.oneof(
        fc.double({ noNaN: true, min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9 }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(0, -0.001, 1e308, 0.005),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? shaped(schema.items, depth + 1) : anyJson, {
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const fields = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, shaped(s, depth + 1)]),
      );
      // Mostly complete (so that hostile text gets past the shape), sometimes with keys missing.
      const record = fc.oneof(
        { weight: 3, arbitrary: fc.record(fields, { requiredKeys: schema.required ?? [] }) },
        { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
      );
      // Extra keys and prototype pollution attempts ride along now and then.
      return fc
        .tuple(
          record,
          fc.option(fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'extra', 'isAdmin'), anyJson)),
        )
        .map(([r, extra]) => (extra ? { ...r, ...extra } : r));
    }
    default:
      return anyJson;
  }
}

/** A body for a route with this schema: mostly its shape, sometimes anything at all. */
export function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const fitting = schema ? shaped(schema, 0) : anyJson;
  return fc.oneof(
    { weight: 6, arbitrary: fitting },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: deep },
    {
      weight: 1,
      arbitrary: fc.constant(JSON.parse('{"__proto__": {"isAdmin": true, "status": 1}}') as unknown),
    },
  );
}

/** A query or path value: a string as a browser would send it, or a hostile one. */
export function textFor(schema: JsonSchema | undefined, known?: string): fc.Arbitrary<string> {
  const fitting = schema?.enum ? fc.constantFrom(...schema.enum.map(String)) : hostileText;
  return known
    ? fc.oneof({ weight: 2, arbitrary: fc.constant(known) }, { weight: 3, arbitrary: fitting })
    : fitting;
}
