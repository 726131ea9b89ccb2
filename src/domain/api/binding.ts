import type { z } from 'zod';

/**
 * What an endpoint exchanges, bound to its name in contract.ts: its path parameters (when the
 * default, each a string of at most 100 characters, is not enough), its query, its body and its
 * answer with the answer's status (200 unless given).
 */
export interface Binding {
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  answer?: z.ZodType;
  status?: 200 | 201 | 204;
}
