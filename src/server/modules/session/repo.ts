import type { ProfileStatus } from '../../../domain/session';
import type { Queryable } from '../../db/db';

/** SQL of the session area: who the caller is, their users, profiles and partner. */
export interface UserRow {
  id: string;
  accountId: string;
  partnerId: string;
  firstName: string;
  lastName: string;
  status: ProfileStatus;
  isAdmin: boolean;
  hasGlobalAccess: boolean;
  isExcelDownloadPermitted: boolean;
  isApiUser: boolean;
  isUnderwriter: boolean;
  isActivated: boolean;
  termsAndConditionsAccepted: boolean;
  termsOfUseAccepted: boolean;
}

export interface ProfileRow {
  userProfileId: string;
  brandId: string;
  name: string;
  branding: string;
  /** Effective status: read-only when the brand, the profile or the user is. */
  status: ProfileStatus;
  isDefault: boolean;
}

export interface PartnerRow {
  id: string;
  name: string;
  countryIso: string;
  companyLocale: string;
  availableLanguages: string[];
  defaultLanguage: string;
  enabledFeatures: string[];
  isLogoUploadPermitted: boolean;
  isTnCAcceptanceNecessary: boolean;
}

const USER_COLUMNS = `u.id, u.account_id as "accountId", u.partner_id as "partnerId", u.first_name as "firstName",
  u.last_name as "lastName", u.status, u.is_admin as "isAdmin", u.has_global_access as "hasGlobalAccess",
  u.is_excel_download_permitted as "isExcelDownloadPermitted", u.is_api_user as "isApiUser",
  u.is_underwriter as "isUnderwriter", u.is_activated as "isActivated",
  u.terms_and_conditions_accepted_at is not null as "termsAndConditionsAccepted",
  u.terms_of_use_accepted_at is not null as "termsOfUseAccepted"`;

/** An account that may call the API: not disabled. External providers may only know the e-mail. */
export async function findActiveAccountId(
  q: Queryable,
  subject: string,
  email?: string,
): Promise<string | undefined> {
  const [row] = await q.query<{ id: string }>(
    `select id from accounts where disabled_at is null and (id::text = $1 or ($2::text is not null and lower(email) = lower($2)))
      order by (id::text = $1) desc limit 1`,
    [subject, email ?? null],
  );
  return row?.id;
}

/** The user that owns a profile, if the profile belongs to one of the account's users. */
export async function findUserIdByProfile(
  q: Queryable,
  accountId: string,
  userProfileId: string,
): Promise<string | undefined> {
  const [row] = await q.query<{ userId: string }>(
    `select up.user_id as "userId" from user_profiles up join users u on u.id = up.user_id
      where up.id::text = $1 and u.account_id = $2 and up.deleted_at is null and u.deleted_at is null`,
    [userProfileId, accountId],
  );
  return row?.userId;
}

/** The users an account may act as: not deleted and not disabled (status readOnly). */
export async function findUsersOfAccount(q: Queryable, accountId: string): Promise<UserRow[]> {
  return q.query<UserRow>(
    `select ${USER_COLUMNS} from users u
      where u.account_id = $1 and u.deleted_at is null and u.status = 'active' order by u.created_at, u.id`,
    [accountId],
  );
}

export async function findProfilesOfUser(q: Queryable, userId: string): Promise<ProfileRow[]> {
  return q.query<ProfileRow>(
    `select up.id as "userProfileId", b.id as "brandId", b.name, b.branding, up.is_default as "isDefault",
            case when 'readOnly' in (b.status, up.status) then 'readOnly' else 'active' end as status
       from user_profiles up join brands b on b.id = up.brand_id
      where up.user_id = $1 and up.deleted_at is null
      order by up.is_default desc, b.name`,
    [userId],
  );
}

export async function findPartner(q: Queryable, partnerId: string): Promise<PartnerRow> {
  const [row] = await q.query<PartnerRow>(
    `select id, name, country_iso as "countryIso", company_locale as "companyLocale",
            available_languages as "availableLanguages", default_language as "defaultLanguage",
            enabled_features as "enabledFeatures", is_logo_upload_permitted as "isLogoUploadPermitted",
            is_tnc_acceptance_necessary as "isTnCAcceptanceNecessary"
       from partners where id = $1`,
    [partnerId],
  );
  if (!row) throw new Error(`partner ${partnerId} missing`);
  return row;
}

export async function findLastSignIn(q: Queryable, accountId: string): Promise<Date | null> {
  const [row] = await q.query<{ at: Date | null }>(
    'select previous_sign_in_at as at from accounts where id = $1',
    [accountId],
  );
  return row?.at ?? null;
}

export async function findAvailableUsers(q: Queryable, accountId: string) {
  return q.query<{
    userId: string;
    branchName: string;
    businessPartnerName: string;
    businessPartnerId: string;
    defaultUserProfileId: string;
  }>(
    `select u.id as "userId", u.branch_name as "branchName", p.name as "businessPartnerName",
            p.id as "businessPartnerId", up.id as "defaultUserProfileId"
       from users u join partners p on p.id = u.partner_id
       join user_profiles up on up.user_id = u.id and up.is_default and up.deleted_at is null
      where u.account_id = $1 and u.deleted_at is null and u.status = 'active' and not u.is_api_user
      order by u.created_at, u.id`,
    [accountId],
  );
}
