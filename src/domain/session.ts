import { z } from 'zod';

/** What the profile endpoint and the user switcher answer (administration specification, “Entities and their fields”). */
export const ProfileStatus = z.enum(['active', 'readOnly']);
export type ProfileStatus = z.infer<typeof ProfileStatus>;

export const AvailableBrand = z.object({
  userProfileId: z.string(),
  name: z.string(),
  branding: z.string(),
  status: ProfileStatus,
  isDefault: z.boolean(),
});
export type AvailableBrand = z.infer<typeof AvailableBrand>;

export const AvailableLanguage = z.object({ isoCode: z.string(), isDefault: z.boolean() });

export const AccountProfile = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyLocale: z.string(),
  countryIso: z.string(),
  businessPartnerId: z.string(),
  businessPartnerName: z.string(),
  enabledFeatures: z.array(z.string()),
  isLogoUploadPermitted: z.boolean(),
  isAdmin: z.boolean(),
  /** A provider employee who decides requests in the back office. */
  isUnderwriter: z.boolean().default(false),
  hasGlobalAccess: z.boolean(),
  isExcelDownloadPermitted: z.boolean(),
  hasTermsAndConditionsAccepted: z.boolean(),
  hasTermsOfUseAccepted: z.boolean(),
  isTnCAcceptanceNecessary: z.boolean(),
  isApiUser: z.boolean(),
  /** The provider has not activated the user yet: the portal shows a notice. */
  isActivated: z.boolean(),
  /** The user record lacks what the portal needs (a name): the portal shows a notice. */
  isIncompleteUser: z.boolean(),
  lastSignIn: z.string().nullable(),
  selectedUserProfileId: z.string(),
  availableLanguages: z.array(AvailableLanguage),
  availableBrands: z.array(AvailableBrand),
});
export type AccountProfile = z.infer<typeof AccountProfile>;

/** One user the signed-in person may act as, with that user's profiles (GET user/myUsers). */
export const AvailableUser = z.object({
  userId: z.string(),
  branchName: z.string(),
  businessPartnerName: z.string(),
  businessPartnerId: z.string(),
  defaultUserProfileId: z.string(),
});
export type AvailableUser = z.infer<typeof AvailableUser>;
