import { describe, expect, it } from 'vitest';
import type { Caller } from '../../plugins/auth';
import { HttpProblem } from '../../problems';
import { FORBIDDEN } from './forbidden';
import { requireAdmin, requireTermsAccepted, requireWritable } from './policy';

const caller = (user: Partial<Caller['user']>, status: 'active' | 'readOnly' | null = 'active'): Caller => ({
  accountId: 'a',
  user: {
    id: 'u',
    accountId: 'a',
    partnerId: '752-10001',
    firstName: 'A',
    lastName: 'B',
    status: 'active',
    isAdmin: false,
    hasGlobalAccess: true,
    isExcelDownloadPermitted: false,
    canMoveCalculations: false,
    isApiUser: false,
    isUnderwriter: false,
    isActivated: true,
    termsAndConditionsAccepted: true,
    termsOfUseAccepted: true,
    ...user,
  },
  profiles: [],
  profile: status && {
    userProfileId: 'p',
    brandId: 'b',
    name: 'B',
    branding: 'x',
    status,
    isDefault: true,
    currencyCode: 'EUR',
  },
  session: { expiresAt: Date.now() + 60_000 },
});

const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (e) {
    return e instanceof HttpProblem ? `${e.status} ${e.detail}` : 'other';
  }
  return 'allowed';
};

describe('policy', () => {
  it('lets only admins administer', () => {
    expect(refusal(() => requireAdmin(caller({ isAdmin: true })))).toBe('allowed');
    expect(refusal(() => requireAdmin(caller({})))).toBe(`403 ${FORBIDDEN.notAdmin}`);
  });

  it('refuses writes under a read-only brand or without a profile', () => {
    expect(refusal(() => requireWritable(caller({})))).toBe('allowed');
    expect(refusal(() => requireWritable(caller({}, 'readOnly')))).toBe(`403 ${FORBIDDEN.readOnly}`);
    expect(refusal(() => requireWritable(caller({}, null)))).toBe(`403 ${FORBIDDEN.noProfile}`);
  });

  it('needs the terms of use, and the terms and conditions where the partner requires them', () => {
    expect(refusal(() => requireTermsAccepted(caller({ termsOfUseAccepted: false }), false))).toBe(
      `403 ${FORBIDDEN.termsNotAccepted}`,
    );
    expect(refusal(() => requireTermsAccepted(caller({ termsAndConditionsAccepted: false }), true))).toBe(
      `403 ${FORBIDDEN.termsNotAccepted}`,
    );
    expect(refusal(() => requireTermsAccepted(caller({ termsAndConditionsAccepted: false }), false))).toBe(
      'allowed',
    );
  });
});
