import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, isJpeg, normalizeTelephone, saveErrorKeys, UserSave } from './users';

describe('user rules (administration specification, “Validation rules”)', () => {
  it('accepts e-mail addresses of letters, digits, dot, underscore and hyphen with a 2 to 63 letter TLD', () => {
    for (const ok of ['anna.lind@nordic-office.example', 'a_b-c@x.se', 'x@mail.co.uk'])
      expect(EMAIL_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['anna', 'a@b', 'a@b.c', 'a+b@x.se', 'a@x.s3', `a@x.${'a'.repeat(64)}`])
      expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
  });

  it('gives a number without country code +0 and blanks a telephone without number', () => {
    expect(normalizeTelephone({ countryCode: '', number: '70 123 45 67' })).toEqual({
      countryCode: '+0',
      number: '70 123 45 67',
    });
    expect(normalizeTelephone({ countryCode: '+46', number: '  ' })).toBeNull();
    expect(normalizeTelephone(null)).toBeNull();
  });

  it('shows validation keys without the part after a colon', () => {
    expect(saveErrorKeys(['userAlreadyExists: anna@x.se', 'lastAdmin'])).toEqual([
      'userAlreadyExists',
      'lastAdmin',
    ]);
    expect(saveErrorKeys(undefined)).toEqual([]);
  });

  it('needs exactly one default among the profiles, each brand once', () => {
    const user = {
      firstName: 'A',
      lastName: 'B',
      eMail: 'a@b.se',
      status: 'active',
      isAdmin: false,
      hasGlobalAccess: false,
      isExcelDownloadPermitted: false,
      isMoveCalculationsPermitted: false,
    };
    const issues = (body: object) => {
      const r = UserSave.safeParse({ ...user, ...body });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(issues({ defaultParentProfileId: 'X', parentProfiles: [{ id: 'X', active: true }] })).toEqual([]);
    expect(issues({ defaultParentProfileId: 'Y', parentProfiles: [{ id: 'X', active: true }] })).toEqual([
      'noDefaultProfile',
    ]);
    expect(
      issues({
        defaultParentProfileId: 'X',
        parentProfiles: [
          { id: 'X', active: true },
          { id: 'X', active: false },
        ],
      }),
    ).toEqual(['duplicateProfile']);
    expect(
      issues({
        defaultParentProfileId: 'X',
        parentProfiles: [{ id: 'X', active: true }],
        telephone: { countryCode: '+99', number: '123456' },
      }),
    ).toEqual(['invalidCountryCode']);
  });

  it('judges a JPG by its first bytes', () => {
    expect(isJpeg(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(isJpeg(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
    expect(isJpeg(new Uint8Array([]))).toBe(false);
  });
});
