import { z } from 'zod';
import { ProfileStatus } from './session';

/** Users and their profiles as the administration (MyGRENKE) edits them (administration specification, “Entities and their fields” and “Validation rules”). */

/** E-mail: letters, digits, dot, underscore and hyphen; a top-level domain of 2 to 63 letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}$/;

/** The 32 telephone country codes the portal supports, from +01 to +971. */
export const PHONE_COUNTRY_CODES = [
  '+01',
  '+27',
  '+30',
  '+31',
  '+32',
  '+33',
  '+34',
  '+36',
  '+39',
  '+40',
  '+41',
  '+43',
  '+44',
  '+45',
  '+46',
  '+47',
  '+48',
  '+49',
  '+351',
  '+352',
  '+353',
  '+354',
  '+356',
  '+357',
  '+358',
  '+359',
  '+370',
  '+371',
  '+372',
  '+385',
  '+420',
  '+971',
] as const;

/** Without a country code a number gets +0; without a number the telephone is blank (administration specification, “Validation rules”). */
export const UNKNOWN_COUNTRY_CODE = '+0';

export const Telephone = z.object({
  countryCode: z.string().trim().nullish(),
  number: z.string().trim().nullish(),
});
export type Telephone = z.infer<typeof Telephone>;

export function normalizeTelephone(
  t: Telephone | null | undefined,
): { countryCode: string; number: string } | null {
  const number = t?.number?.trim();
  if (!number) return null;
  return { countryCode: t?.countryCode?.trim() || UNKNOWN_COUNTRY_CODE, number };
}

const requiredText = (max: number) => z.string().trim().min(1, 'required').max(max, 'tooLong');

export const ParentProfile = z.object({ id: z.string().min(1), active: z.boolean() });

/** The body of POST users and PUT users/{userId}. */
export const UserSave = z
  .object({
    firstName: requiredText(50),
    lastName: requiredText(50),
    title: z.string().trim().max(30, 'tooLong').default(''),
    telephone: Telephone.nullish(),
    eMail: z.string().trim().min(1, 'required').max(254, 'tooLong').regex(EMAIL_PATTERN, 'invalidEmail'),
    status: ProfileStatus,
    isAdmin: z.boolean(),
    hasGlobalAccess: z.boolean(),
    isExcelDownloadPermitted: z.boolean(),
    isMoveCalculationsPermitted: z.boolean(),
    defaultParentProfileId: z.string().min(1, 'noDefaultProfile'),
    parentProfiles: z.array(ParentProfile).min(1, 'profileMissing').max(50),
    forceUpdate: z.boolean().optional(),
  })
  .superRefine((user, ctx) => {
    const ids = user.parentProfiles.map((p) => p.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['parentProfiles'], message: 'duplicateProfile' });
    if (!ids.includes(user.defaultParentProfileId)) {
      ctx.addIssue({ code: 'custom', path: ['defaultParentProfileId'], message: 'noDefaultProfile' });
    }
    const phone = user.telephone?.countryCode?.trim();
    if (
      user.telephone?.number?.trim() &&
      phone &&
      !(PHONE_COUNTRY_CODES as readonly string[]).includes(phone)
    ) {
      ctx.addIssue({ code: 'custom', path: ['telephone', 'countryCode'], message: 'invalidCountryCode' });
    }
    if (user.telephone?.number?.trim() && !/^[0-9 ()/-]{4,20}$/.test(user.telephone.number.trim())) {
      ctx.addIssue({ code: 'custom', path: ['telephone', 'number'], message: 'invalidPhone' });
    }
  });
export type UserSave = z.infer<typeof UserSave>;
/** What the user form holds before the schema's defaults and transforms apply. */
export type UserSaveInput = z.input<typeof UserSave>;

/** The move-calculations action's body. */
export const MoveCalculations = z.object({
  originUserProfileId: z.string().min(1, 'required'),
  destinationUserProfileId: z.string().min(1, 'required'),
});

/** Keys of the named user errors the server answers and the client translates. */
export const USER_ERROR_KEYS = [
  'userAlreadyExists',
  'userBelongsToAnotherPartner',
  'userDeleted',
  'profileMissing',
  'duplicateProfile',
  'noDefaultProfile',
  'brandingEmpty',
  'lastAdmin',
  'profileHasCalculationsOrContracts',
] as const;
export type UserErrorKey = (typeof USER_ERROR_KEYS)[number];

/** The spec's exact text of the 400 answer to deleting a user who still owns work. */
export const USER_HAS_WORK_DETAIL =
  'User can not be deleted. Calculations and Contracts should first be moved.';

/** The server's answer to a 400 on user save: keys with the part after a colon removed (administration specification, “Validation rules”). */
export function saveErrorKeys(validationKeys: readonly string[] | undefined): string[] {
  return (validationKeys ?? []).map((k) => k.split(':')[0]!.trim()).filter(Boolean);
}

/** Password length of the set-password page (NIST SP 800-63B-4, a password as the only factor). */
export const PASSWORD_MIN_LENGTH = 15;
export const PASSWORD_MAX_LENGTH = 128;

/** Company logo: JPG only, at most 200 kB, never empty (judged by its bytes). */
export const LOGO_MAX_BYTES = 200 * 1024;

export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}
