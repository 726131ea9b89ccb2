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

  it("refuses an answer outside the schema when strict; otherwise writes the schema's types, or sends what it cannot write as it is", () => {
    expect(() => serializerOf(Answer)({ at: 1, rows: [] })).toThrow();
    const lenient = serializerOf(Answer, false);
    expect(lenient({ at: 1, rows: [{ n: '2' }], internal: 'x' })).toBe('{"at":"1","rows":[{"n":2}]}');
    // A required field missing (stored before it existed): the page still gets its data.
    expect(lenient({ rows: [{ n: Number.NaN }] })).toBe('{"rows":[{"n":null}]}');
  });

  it('writes the same text as checking and stringifying, for nullable, optional and nested values', () => {
    const Rich = z.object({
      id: z.string(),
      limit: z.enum(['hard', 'soft']).nullable(),
      amounts: z.array(z.number()),
      party: z.object({ name: z.string(), town: z.string().optional() }).nullable(),
      names: z.record(z.string(), z.string()),
    });
    const answer = {
      id: 'a',
      limit: null,
      amounts: [1.5, -2],
      party: { name: 'B' },
      names: { de: 'Laptop' },
    };
    expect(JSON.parse(serializerOf(Rich)(answer))).toEqual(answer);
    expect(serializerOf(Rich, false)(answer)).toBe(serializerOf(Rich)(answer));
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
