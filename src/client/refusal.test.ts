import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { PROBLEM } from '../domain/problems';
import { ApiError } from './http';
import { serverReason } from './refusal';

const texts: Record<string, string> = { 'signing.errors.partiesMissing': 'Add a customer and a supplier.' };
const t = ((key: string) => texts[key] ?? key) as unknown as TFunction;
const exists = (key: string) => key in texts;
const refused = (status: number, problem?: { errorKeys?: string[]; detail?: string }) =>
  new ApiError(
    status,
    'c-1',
    problem ? { type: PROBLEM.errorKeys, title: 'Refused', status, ...problem } : undefined,
  );

describe('the reason of a refused action', () => {
  it('is the known key’s text in the user’s language', () => {
    const error = refused(400, {
      errorKeys: ['partiesMissing'],
      detail: 'The contract needs a customer and a supplier.',
    });
    expect(serverReason(error, t, exists, 'signing.errors')).toBe('Add a customer and a supplier.');
  });
  it('is what the server wrote for a key this version does not know', () => {
    const error = refused(409, { errorKeys: ['somethingNew'], detail: 'Something new is missing.' });
    expect(serverReason(error, t, exists, 'signing.errors')).toBe('Something new is missing.');
  });
  it('is the known key’s text for a failure too', () => {
    expect(serverReason(refused(503, { errorKeys: ['partiesMissing'] }), t, exists, 'signing.errors')).toBe(
      'Add a customer and a supplier.',
    );
  });
  it('is none for a failure without a known key: a server error, the network or a non-API error', () => {
    expect(serverReason(refused(500, { detail: 'Internal' }), t, exists, 'signing.errors')).toBeUndefined();
    expect(serverReason(refused(0), t, exists, 'signing.errors')).toBeUndefined();
    expect(serverReason(new Error('x'), t, exists, 'signing.errors')).toBeUndefined();
  });
});
