import { describe, expect, it } from 'vitest';
import { errorTarget, type ErrorHandling } from './errors';
import { ApiError } from './http';

const fail = (status: number, detail?: string) =>
  new ApiError(status, 'goPartner_abc12345', { type: 'x', title: 't', status, detail }, 'users');
const to = (error: unknown, handling?: ErrorHandling, online = true, path = 'users') =>
  errorTarget(error, handling, online, path)?.to ?? null;

describe('HTTP error handling (administration specification, “The error catalogue”)', () => {
  it.each([
    [401, {}, '/access-denied'],
    [403, {}, '/access-forbidden'],
    [403, { ignore403: true }, null],
    [402, {}, '/global-error/goPartner_abc12345'],
    [405, {}, '/global-error/goPartner_abc12345'],
    [409, {}, '/global-error/goPartner_abc12345'],
    [409, { ignore409: true }, null],
    [500, {}, '/global-error/goPartner_abc12345'],
    [503, { disableErrorPage: true }, null],
    [400, {}, null],
    [404, {}, null],
    [404, { notFoundIsFatal: true }, '/global-error/goPartner_abc12345'],
    [0, {}, '/global-error/goPartner_abc12345'],
  ] as const)('status %i with %o goes to %s', (status, handling, target) => {
    expect(to(fail(status), handling)).toBe(target);
  });

  it("leaves an API-only user's refusals to the account gate, on every call", () => {
    const refusal = new ApiError(403, 'c', { type: 'x', title: 't', status: 403, isApiUser: true }, 'x');
    expect(to(refusal)).toBeNull();
  });

  it('leaves the terms refusal to the account gate (and the request dialog), not the forbidden page', () => {
    const problem = { type: 'x', title: 't', status: 403, errorKeys: ['termsNotAccepted'] };
    expect(to(new ApiError(403, 'c', problem, 'calculationSets'))).toBeNull();
  });

  it('treats an error without status as 500', () => {
    expect(to(new Error('boom'))).toBe('/global-error');
  });

  it('never leaves the page for the e-contract one-time password', () => {
    expect(to(fail(500), {}, true, 'digitalsignature/econtract/otp?x=1')).toBeNull();
    expect(to(fail(401), {}, true, '/api/digitalsignature/econtract/otp')).toBeNull();
  });

  it('shows cached data instead of an error page while offline', () => {
    expect(to(fail(0), {}, false)).toBeNull();
  });

  it('tells the forbidden page when the condition list is what is missing', () => {
    expect(errorTarget(fail(403, 'Action on the condition list entity is forbidden'))?.state).toEqual({
      noConditionList: true,
    });
  });
});
