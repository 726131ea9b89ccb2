import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { ProfileStatus } from '../../../domain/session';
import type { UserProfileSummary } from '../../../domain/api/users';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { accounts, brands, partners, userProfiles, users } from '../../db/schema';

/**
 * SQL of user administration (the users module's use cases, through this module's index.ts):
 * every query is scoped to one partner.
 */
export interface UserListRow {
  id: string;
  firstName: string;
  lastName: string;
  status: ProfileStatus;
  profiles: { id: string; name: string; branding: string; isDefault: boolean; status: ProfileStatus }[];
}

export async function listUsers(
  q: Queryable,
  partnerId: string,
  sortBy: 'firstName' | 'lastName',
  descending: boolean,
): Promise<UserListRow[]> {
  const sortColumn = sortBy === 'firstName' ? users.firstName : users.lastName;
  const rows = await orm(q)
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, status: users.status })
    .from(users)
    .where(and(eq(users.partnerId, partnerId), isNull(users.deletedAt)))
    .orderBy(descending ? desc(sortColumn) : asc(sortColumn), users.id);
  const profiles = new Map<string, UserListRow['profiles']>();
  for (const p of await profilesOfUsers(
    q,
    rows.map((u) => u.id),
  ))
    profiles.set(p.userId, [
      ...(profiles.get(p.userId) ?? []),
      { id: p.userProfileId, name: p.name, branding: p.branding, isDefault: p.isDefault, status: p.status },
    ]);
  return rows.map((u) => ({ ...u, profiles: profiles.get(u.id) ?? [] }));
}

export async function findUser(q: Queryable, partnerId: string, userId: string) {
  const [row] = await orm(q)
    .select({
      id: users.id,
      accountId: users.accountId,
      email: accounts.email,
      firstName: users.firstName,
      lastName: users.lastName,
      title: users.title,
      phoneCountryCode: users.phoneCountryCode,
      phoneNumber: users.phoneNumber,
      status: users.status,
      lastChange: users.lastChange,
      isAdmin: users.isAdmin,
      hasGlobalAccess: users.hasGlobalAccess,
      isExcelDownloadPermitted: users.isExcelDownloadPermitted,
      isMoveCalculationsPermitted: users.canMoveCalculations,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.id, userId), eq(users.partnerId, partnerId), isNull(users.deletedAt)));
  return row;
}

export type UserRecord = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** A user's profiles; how many calculations and contracts each holds is asked of their modules. */
export type ProfileRecord = Omit<UserProfileSummary, 'calculationCount' | 'contractCount'>;

export async function findProfiles(q: Queryable, userId: string): Promise<ProfileRecord[]> {
  return (await profilesOfUsers(q, [userId])).map(({ userId: _, ...p }) => p);
}

/** The profiles of these users (not deleted) with their brand: the default first, then by brand name. */
async function profilesOfUsers(q: Queryable, userIds: string[]) {
  if (userIds.length === 0) return [];
  return orm(q)
    .select({
      userId: userProfiles.userId,
      userProfileId: userProfiles.id,
      parentProfileId: userProfiles.brandId,
      name: brands.name,
      branding: brands.branding,
      status: userProfiles.status,
      isDefault: userProfiles.isDefault,
    })
    .from(userProfiles)
    .innerJoin(brands, eq(brands.id, userProfiles.brandId))
    .where(and(inArray(userProfiles.userId, userIds), isNull(userProfiles.deletedAt)))
    .orderBy(desc(userProfiles.isDefault), brands.name);
}

/** Where a profile's work may go: active profiles of other active users on the same brand. */
export async function findMoveTargets(q: Queryable, partnerId: string, userId: string) {
  return orm(q)
    .select({
      userProfileId: userProfiles.id,
      parentProfileId: userProfiles.brandId,
      userName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.userId))
    .where(
      and(
        eq(users.partnerId, partnerId),
        ne(users.id, userId),
        isNull(users.deletedAt),
        eq(users.status, 'active'),
        isNull(userProfiles.deletedAt),
        eq(userProfiles.status, 'active'),
      ),
    )
    .orderBy(users.lastName, users.firstName);
}

export async function brandsOfPartner(q: Queryable, partnerId: string) {
  return orm(q)
    .select({ id: brands.id, name: brands.name, branding: brands.branding, status: brands.status })
    .from(brands)
    .where(eq(brands.partnerId, partnerId))
    .orderBy(brands.name);
}

export async function findAccountByEmail(q: Queryable, email: string) {
  const [account] = await orm(q)
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, sql`lower(${email})`));
  if (!account) return undefined;
  const accountUsers = await orm(q)
    .select({
      id: users.id,
      partnerId: users.partnerId,
      deleted: sql<boolean>`${users.deletedAt} is not null`,
    })
    .from(users)
    .where(eq(users.accountId, account.id));
  return { id: account.id, users: accountUsers };
}

export async function countActiveAdmins(q: Queryable, partnerId: string): Promise<number> {
  const [row] = await orm(q)
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.partnerId, partnerId),
        eq(users.isAdmin, true),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
      ),
    );
  return row?.n ?? 0;
}

export async function hasOtherActiveUser(q: Queryable, accountId: string, userId: string): Promise<boolean> {
  const rows = await orm(q)
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.accountId, accountId),
        ne(users.id, userId),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Changes to a partner's users run one after another, so that 'at least one admin' holds. */
export async function lockPartner(q: Queryable, partnerId: string): Promise<void> {
  await orm(q).select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId)).for('update');
}

/** What an administrator sets on a user. */
export type UserFields = Pick<
  typeof users.$inferInsert,
  | 'firstName'
  | 'lastName'
  | 'title'
  | 'phoneCountryCode'
  | 'phoneNumber'
  | 'status'
  | 'isAdmin'
  | 'hasGlobalAccess'
  | 'isExcelDownloadPermitted'
  | 'canMoveCalculations'
>;

export async function insertAccount(q: Queryable, email: string): Promise<string> {
  const [row] = await orm(q).insert(accounts).values({ email }).returning({ id: accounts.id });
  return row!.id;
}

export async function setAccountEmail(q: Queryable, accountId: string, email: string): Promise<void> {
  await orm(q).update(accounts).set({ email }).where(eq(accounts.id, accountId));
}

export async function insertUser(
  q: Queryable,
  accountId: string,
  partnerId: string,
  fields: UserFields,
): Promise<string> {
  const [row] = await orm(q)
    .insert(users)
    .values({ accountId, partnerId, ...fields })
    .returning({ id: users.id });
  return row!.id;
}

/** Writes the user's fields; `restore` brings a deleted user back. */
export async function updateUser(
  q: Queryable,
  userId: string,
  fields: UserFields,
  restore = false,
): Promise<void> {
  await orm(q)
    .update(users)
    .set({ ...fields, ...(restore ? { deletedAt: null } : {}), lastChange: sql`now()` })
    .where(eq(users.id, userId));
}

export async function deleteUser(q: Queryable, userId: string): Promise<void> {
  await orm(q)
    .update(users)
    .set({ deletedAt: sql`now()`, lastChange: sql`now()` })
    .where(eq(users.id, userId));
  await orm(q)
    .update(userProfiles)
    .set({ deletedAt: sql`now()`, isDefault: false })
    .where(and(eq(userProfiles.userId, userId), isNull(userProfiles.deletedAt)));
}

export async function deleteProfile(q: Queryable, profileId: string): Promise<void> {
  await orm(q)
    .update(userProfiles)
    .set({ deletedAt: sql`now()`, isDefault: false })
    .where(eq(userProfiles.id, profileId));
}

/** One default per user (a unique index): cleared before the new one is chosen. */
export async function clearDefaultProfile(q: Queryable, userId: string): Promise<void> {
  await orm(q).update(userProfiles).set({ isDefault: false }).where(eq(userProfiles.userId, userId));
}

export async function setProfile(
  q: Queryable,
  profileId: string,
  status: ProfileStatus,
  isDefault: boolean,
): Promise<void> {
  await orm(q).update(userProfiles).set({ status, isDefault }).where(eq(userProfiles.id, profileId));
}

export async function addProfile(
  q: Queryable,
  userId: string,
  brandId: string,
  status: ProfileStatus,
  isDefault: boolean,
): Promise<void> {
  await orm(q).insert(userProfiles).values({ userId, brandId, status, isDefault });
}
