import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isJsonAlready, responseSerializer } from './response-contract';

const log = Fastify({ logger: false }).log;
const serializerOf = (schema: z.ZodType, strict = true) =>
  responseSerializer(strict, log)({ schema, method: 'GET', url: '/api/x' });

describe('the response contract', () => {
  const Answer = z.object({
    at: z.string(),
    rows: z.array(z.object({ n: z.number() })),
    note: z.string().optional(),
  });

  it('sends a plain answer and the same answer with dates alike, keys outside the schema left out', () => {
    const serialize = serializerOf(Answer);
    const plain = { at: '2026-01-02T03:04:05.000Z', rows: [{ n: 1, extra: true }], internal: 'x' };
    expect(serialize(plain)).toBe('{"at":"2026-01-02T03:04:05.000Z","rows":[{"n":1}]}');
    expect(serialize({ ...plain, at: new Date('2026-01-02T03:04:05Z') })).toBe(serialize(plain));
    expect(serialize({ ...plain, note: undefined })).toBe(serialize(plain));
  });

  it('refuses an answer outside the schema when strict, and sends it as it is otherwise', () => {
    expect(() => serializerOf(Answer)({ at: 1, rows: [] })).toThrow();
    expect(serializerOf(Answer, false)({ at: 1, rows: [] })).toBe('{"at":1,"rows":[]}');
    expect(serializerOf(Answer, false)({ at: 1, rows: [{ n: Number.NaN }] })).toBe(
      '{"at":1,"rows":[{"n":null}]}',
    );
  });

  it('takes only values JSON gives back unchanged as JSON already', () => {
    expect(isJsonAlready({ a: [1, 'b', null, true, { c: -2.5 }] })).toBe(true);
    for (const odd of [new Date(), { a: undefined }, [Number.NaN], { toJSON: () => 1 }, new Map(), () => 1])
      expect(isJsonAlready({ odd })).toBe(false);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(isJsonAlready(cycle)).toBe(false);
  });
});
