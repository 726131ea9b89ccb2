import { and, asc, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import type { PartnerSignee } from '../../../domain/api/signing';
import type { ContractAssignee } from '../../../domain/api/contracts';
import type { ProfileStatus } from '../../../domain/session';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { accounts, brands, partners, userProfiles, users } from '../../db/schema';
import { thresholdsOf } from '../../../domain/calculation/thresholds';

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
  /** May move calculations and contracts to another profile (an admin's for any user, else their own). */
  canMoveCalculations: boolean;
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
  /** The brand's currency (ISO 4217). */
  currencyCode: string;
}

export async function findPartner(q: Queryable, partnerId: string) {
  const [row] = await orm(q)
    .select({
      id: partners.id,
      name: partners.name,
      countryIso: partners.countryIso,
      companyLocale: partners.companyLocale,
      availableLanguages: partners.availableLanguages,
      defaultLanguage: partners.defaultLanguage,
      enabledFeatures: partners.enabledFeatures,
      isLogoUploadPermitted: partners.isLogoUploadPermitted,
      isTnCAcceptanceNecessary: partners.isTncAcceptanceNecessary,
    })
    .from(partners)
    .where(eq(partners.id, partnerId));
  if (!row) throw new Error(`partner ${partnerId} missing`);
  return row;
}

export async function findLastSignIn(q: Queryable, accountId: string): Promise<Date | null> {
  const [row] = await orm(q)
    .select({ at: accounts.previousSignInAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.at ?? null;
}

export async function findAvailableUsers(q: Queryable, accountId: string) {
  return orm(q)
    .select({
      userId: users.id,
      branchName: users.branchName,
      businessPartnerName: partners.name,
      businessPartnerId: partners.id,
      defaultUserProfileId: userProfiles.id,
    })
    .from(users)
    .innerJoin(partners, eq(partners.id, users.partnerId))
    .innerJoin(
      userProfiles,
      and(
        eq(userProfiles.userId, users.id),
        eq(userProfiles.isDefault, true),
        isNull(userProfiles.deletedAt),
      ),
    )
    .where(
      and(
        eq(users.accountId, accountId),
        isNull(users.deletedAt),
        eq(users.status, 'active'),
        eq(users.isApiUser, false),
      ),
    )
    .orderBy(users.createdAt, users.id);
}

export interface CallerUser extends UserRow {
  profiles: ProfileRow[];
}

/**
 * In one round trip: the account of a token (by subject, or by the e-mail an external
 * provider puts in it) with the users it may act as (not deleted, not disabled) and their
 * profiles. Undefined when the account is unknown or disabled.
 */
/** Both drivers give float8 back as a number; null stays null. */
const nullableNumber = (v: unknown): number | null => (v === null ? null : Number(v));

export async function findCallerAccount(
  q: Queryable,
  subject: string,
  email?: string,
): Promise<{ accountId: string; sessionsValidAfter: number | null; users: CallerUser[] } | undefined> {
  const a = accounts;
  // A select from one table names its columns unqualified: the correlated subqueries name `accounts.id`.
  const [row] = await orm(q)
    .select({
      accountId: a.id,
      sessionsValidAfter: sql`extract(epoch from ${a.sessionsValidAfter})::float8`.mapWith(nullableNumber),
      users: sql<CallerUser[]>`coalesce((select json_agg(json_build_object(
                'id', u.id, 'accountId', u.account_id, 'partnerId', u.partner_id, 'firstName', u.first_name,
                'lastName', u.last_name, 'status', u.status, 'isAdmin', u.is_admin, 'hasGlobalAccess', u.has_global_access,
                'isExcelDownloadPermitted', u.is_excel_download_permitted, 'isApiUser', u.is_api_user,
                'canMoveCalculations', u.can_move_calculations,
                'isUnderwriter', u.is_underwriter, 'isActivated', u.is_activated,
                'termsAndConditionsAccepted', u.terms_and_conditions_accepted_at is not null,
                'termsOfUseAccepted', u.terms_of_use_accepted_at is not null,
                'profiles', coalesce((select json_agg(json_build_object(
                    'userProfileId', up.id, 'brandId', b.id, 'name', b.name, 'branding', b.branding, 'isDefault', up.is_default,
                    'currencyCode', b.currency_code,
                    'status', case when 'readOnly' in (b.status, up.status) then 'readOnly' else 'active' end)
                    order by up.is_default desc, b.name)
                  from user_profiles up join brands b on b.id = up.brand_id
                 where up.user_id = u.id and up.deleted_at is null), '[]'::json))
              order by u.created_at, u.id)
              from users u where u.account_id = accounts.id and u.deleted_at is null and u.status = 'active'), '[]'::json)`,
    })
    .from(a)
    .where(
      and(
        isNull(a.disabledAt),
        sql`(${a.id}::text = ${subject} or (${email ?? null}::text is not null and lower(${a.email}) = lower(${email ?? null})))`,
      ),
    )
    .orderBy(sql`(${a.id}::text = ${subject}) desc`)
    .limit(1);
  return row;
}

/** The names of these users (first and last), by id. */
export async function userNames(q: Queryable, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await orm(q)
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A brand's name as documents print it ('' for an unknown brand). */
export async function brandName(q: Queryable, brandId: string): Promise<string> {
  const [brand] = await orm(q).select({ name: brands.name }).from(brands).where(eq(brands.id, brandId));
  return brand?.name ?? '';
}

/** A brand's currency (ISO 4217): its amounts, its lists' and its sets', are counted in it. */
export async function brandCurrency(q: Queryable, brandId: string): Promise<string | undefined> {
  const [row] = await orm(q)
    .select({ currencyCode: brands.currencyCode })
    .from(brands)
    .where(eq(brands.id, brandId));
  return row?.currencyCode;
}

/** The active brands whose contracts are signed with BankID (a start with BANKID=off refuses them). */
export async function brandsSigningWithBankId(q: Queryable): Promise<string[]> {
  const rows = await orm(q)
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.signsWithBankId, true), eq(brands.status, 'active')))
    .orderBy(brands.id);
  return rows.map((r) => r.id);
}

/** The brand's instant-decision limit in its currency: its own, or its currency's default. */
export async function instantDecisionLimit(q: Queryable, brandId: string): Promise<number> {
  const [row] = await orm(q)
    .select({
      limit: sql<number | null>`${brands.instantDecisionLimit}::float8`,
      currencyCode: brands.currencyCode,
    })
    .from(brands)
    .where(eq(brands.id, brandId));
  if (!row) return thresholdsOf('').instantDecisionLimit;
  return row.limit ?? thresholdsOf(row.currencyCode).instantDecisionLimit;
}

/** Who gets a mail about a set (decision, special case): its owner, in the partner's language. */
export async function ownerOf(q: Queryable, userProfileId: string) {
  const [row] = await orm(q)
    .select({ email: accounts.email, firstName: users.firstName, language: partners.defaultLanguage })
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.userId))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .innerJoin(partners, eq(partners.id, users.partnerId))
    .where(eq(userProfiles.id, userProfileId));
  return row;
}

/** The partner's own signee a user keeps for the next envelopes (users.signee_partner). */
export async function findPartnerSignee(q: Queryable, userId: string): Promise<PartnerSignee | null> {
  const [row] = await orm(q).select({ signee: users.signeePartner }).from(users).where(eq(users.id, userId));
  return row?.signee ?? null;
}

export async function savePartnerSignee(q: Queryable, userId: string, signee: PartnerSignee): Promise<void> {
  await orm(q).update(users).set({ signeePartner: signee }).where(eq(users.id, userId));
}

export type AcceptedTerms = 'termsOfUse' | 'termsAndConditions';

/** Records that the user accepted these terms now. */
export async function acceptTerms(q: Queryable, userId: string, terms: AcceptedTerms[]): Promise<void> {
  await orm(q)
    .update(users)
    .set({
      ...(terms.includes('termsOfUse') ? { termsOfUseAcceptedAt: sql`now()` } : {}),
      ...(terms.includes('termsAndConditions') ? { termsAndConditionsAcceptedAt: sql`now()` } : {}),
      lastChange: sql`now()`,
    })
    .where(eq(users.id, userId));
}

/** The profiles a contract of the brand may go to: active users of the partner, not API-only. */
export async function assigneesOf(
  q: Queryable,
  partnerId: string,
  brandId: string,
): Promise<ContractAssignee[]> {
  return orm(q)
    .select({
      userProfileId: userProfiles.id,
      name: sql`${users.firstName} || ' ' || ${users.lastName}`.mapWith(String),
    })
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.userId))
    .where(
      and(
        eq(users.partnerId, partnerId),
        eq(userProfiles.brandId, brandId),
        isNull(userProfiles.deletedAt),
        isNull(users.deletedAt),
        not(users.isApiUser),
      ),
    )
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, asc(userProfiles.id));
}
