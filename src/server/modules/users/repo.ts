import type { ProfileStatus } from '../../../domain/session';
import type { UserProfileSummary } from '../../../domain/users';
import type { Queryable } from '../../db/db';

/** SQL of user administration; every query is scoped to one partner. */
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
  desc: boolean,
) {
  const order = `${sortBy === 'firstName' ? 'u.first_name' : 'u.last_name'} ${desc ? 'desc' : 'asc'}`;
  return q.query<UserListRow>(
    `select u.id, u.first_name as "firstName", u.last_name as "lastName", u.status,
            coalesce((select json_agg(json_build_object('id', up.id, 'name', b.name, 'branding', b.branding,
                        'isDefault', up.is_default, 'status', up.status) order by up.is_default desc, b.name)
                        from user_profiles up join brands b on b.id = up.brand_id
                       where up.user_id = u.id and up.deleted_at is null), '[]'::json) as profiles
       from users u
      where u.partner_id = $1 and u.deleted_at is null
      order by ${order}, u.id`,
    [partnerId],
  );
}

export interface UserRecord {
  id: string;
  accountId: string;
  email: string;
  firstName: string;
  lastName: string;
  title: string;
  phoneCountryCode: string | null;
  phoneNumber: string | null;
  status: ProfileStatus;
  lastChange: Date;
  isAdmin: boolean;
  hasGlobalAccess: boolean;
  isExcelDownloadPermitted: boolean;
  isMoveCalculationsPermitted: boolean;
}

export async function findUser(
  q: Queryable,
  partnerId: string,
  userId: string,
): Promise<UserRecord | undefined> {
  const [row] = await q.query<UserRecord>(
    `select u.id, u.account_id as "accountId", a.email, u.first_name as "firstName", u.last_name as "lastName", u.title,
            u.phone_country_code as "phoneCountryCode", u.phone_number as "phoneNumber", u.status,
            u.last_change as "lastChange", u.is_admin as "isAdmin", u.has_global_access as "hasGlobalAccess",
            u.is_excel_download_permitted as "isExcelDownloadPermitted",
            u.can_move_calculations as "isMoveCalculationsPermitted"
       from users u join accounts a on a.id = u.account_id
      where u.id = $2 and u.partner_id = $1 and u.deleted_at is null`,
    [partnerId, userId],
  );
  return row;
}

export type ProfileRecord = UserProfileSummary;

export async function findProfiles(q: Queryable, userId: string): Promise<ProfileRecord[]> {
  return q.query<ProfileRecord>(
    `select up.id as "userProfileId", up.brand_id as "parentProfileId", b.name, b.branding, up.status,
            up.is_default as "isDefault",
            (select count(*)::int from calculation_sets c where c.user_profile_id = up.id) as "calculationCount",
            (select count(*)::int from contracts k where k.user_profile_id = up.id) as "contractCount"
       from user_profiles up join brands b on b.id = up.brand_id
      where up.user_id = $1 and up.deleted_at is null
      order by up.is_default desc, b.name`,
    [userId],
  );
}

/** Where a profile's work may go: active profiles of other active users on the same brand. */
export async function findMoveTargets(q: Queryable, partnerId: string, userId: string) {
  return q.query<{ userProfileId: string; parentProfileId: string; userName: string }>(
    `select up.id as "userProfileId", up.brand_id as "parentProfileId", u.first_name || ' ' || u.last_name as "userName"
       from user_profiles up join users u on u.id = up.user_id
      where u.partner_id = $1 and u.id <> $2 and u.deleted_at is null and u.status = 'active'
        and up.deleted_at is null and up.status = 'active'
      order by u.last_name, u.first_name`,
    [partnerId, userId],
  );
}

export async function brandsOfPartner(q: Queryable, partnerId: string) {
  return q.query<{ id: string; name: string; branding: string; status: ProfileStatus }>(
    'select id, name, branding, status from brands where partner_id = $1 order by name',
    [partnerId],
  );
}

export async function findAccountByEmail(q: Queryable, email: string) {
  const [account] = await q.query<{ id: string }>('select id from accounts where lower(email) = lower($1)', [
    email,
  ]);
  if (!account) return undefined;
  const users = await q.query<{ id: string; partnerId: string; deleted: boolean }>(
    `select id, partner_id as "partnerId", deleted_at is not null as deleted from users where account_id = $1`,
    [account.id],
  );
  return { id: account.id, users };
}

export async function countActiveAdmins(q: Queryable, partnerId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `select count(*)::int as n from users where partner_id = $1 and is_admin and status = 'active' and deleted_at is null`,
    [partnerId],
  );
  return row?.n ?? 0;
}

export async function hasOtherActiveUser(q: Queryable, accountId: string, userId: string): Promise<boolean> {
  const rows = await q.query(
    `select 1 from users where account_id = $1 and id <> $2 and status = 'active' and deleted_at is null limit 1`,
    [accountId, userId],
  );
  return rows.length > 0;
}
