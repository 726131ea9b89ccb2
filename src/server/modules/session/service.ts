import type { AccountProfileEntity, AvailableUsersEntity } from '../../../domain/api/session';
import type { AvailableUser } from '../../../domain/session';
import type { Db } from '../../db/db';
import type { Caller } from '../../plugins/auth';
import { findAvailableUsers, findLastSignIn, findPartner } from './repo';

/** The account profile of the selected user and brand (GET userprofiles/myprofiles). */
export async function accountProfile(db: Db, caller: Caller): Promise<AccountProfileEntity> {
  const { user, profile } = caller;
  const [partner, lastSignIn] = await Promise.all([
    findPartner(db, user.partnerId),
    findLastSignIn(db, caller.accountId),
  ]);
  return {
    class: ['accountProfile'],
    properties: {
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      companyLocale: partner.companyLocale,
      countryIso: partner.countryIso,
      businessPartnerId: partner.id,
      businessPartnerName: partner.name,
      enabledFeatures: partner.enabledFeatures,
      isLogoUploadPermitted: partner.isLogoUploadPermitted,
      isAdmin: user.isAdmin,
      isUnderwriter: user.isUnderwriter,
      hasGlobalAccess: user.hasGlobalAccess,
      isExcelDownloadPermitted: user.isExcelDownloadPermitted,
      hasTermsAndConditionsAccepted: user.termsAndConditionsAccepted,
      hasTermsOfUseAccepted: user.termsOfUseAccepted,
      isTnCAcceptanceNecessary: partner.isTnCAcceptanceNecessary,
      isApiUser: user.isApiUser,
      isActivated: user.isActivated,
      isIncompleteUser: !user.firstName.trim() || !user.lastName.trim(),
      lastSignIn: lastSignIn?.toISOString() ?? null,
      selectedUserProfileId: profile?.userProfileId ?? '',
      availableLanguages: partner.availableLanguages.map((isoCode) => ({
        isoCode,
        isDefault: isoCode === partner.defaultLanguage,
      })),
      availableBrands: caller.profiles.map((p) => ({
        userProfileId: p.userProfileId,
        name: p.name,
        branding: p.branding,
        status: p.status,
        isDefault: p.isDefault,
      })),
    },
    links: [{ rel: ['self'], href: '/api/userprofiles/myprofiles' }],
  };
}

/** The users the signed-in person may act as (GET user/myUsers). */
export async function availableUsers(db: Db, caller: Caller): Promise<AvailableUsersEntity> {
  const users = await findAvailableUsers(db, caller.accountId);
  return {
    class: ['users'],
    properties: { count: users.length },
    entities: users.map((u) => ({ class: ['user'], rel: ['item'], properties: u satisfies AvailableUser })),
  };
}
