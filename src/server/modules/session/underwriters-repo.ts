import type { Queryable } from '../../db/db';

/** SQL of the provider's underwriters (underwriters.ts) and the brands a price list may name. */

export type ApprovalLimits = Partial<Record<string, number>>;

/** Every brand with its currency and branding ('provider' for the provider's own). */
export async function brandsForLoad(q: Queryable) {
  return q.query<{ id: string; currencyCode: string; branding: string }>(
    `select id, currency_code as "currencyCode", branding from brands`,
  );
}

/** The provider's own partner and brand (branding 'provider'), where its underwriters work. */
export async function providerBrand(q: Queryable) {
  const [row] = await q.query<{ brandId: string; partnerId: string }>(
    `select id as "brandId", partner_id as "partnerId" from brands where branding = 'provider' order by id limit 1`,
  );
  return row;
}

/** The account of an address, made when missing; `isNew` when made now. */
export async function accountFor(q: Queryable, email: string) {
  const [row] = await q.query<{ id: string; isNew: boolean }>(
    `insert into accounts (email) values ($1)
     on conflict (lower(email)) do update set email = accounts.email
     returning id, (xmax = 0) as "isNew"`,
    [email],
  );
  return row!;
}

export async function partnerUserOf(q: Queryable, accountId: string, partnerId: string) {
  const [row] = await q.query<{
    id: string;
    firstName: string;
    lastName: string;
    approvalLimits: ApprovalLimits | null;
    isUnderwriter: boolean;
  }>(
    `select id, first_name as "firstName", last_name as "lastName", approval_limits as "approvalLimits",
            is_underwriter as "isUnderwriter"
       from users where account_id = $1 and partner_id = $2 and deleted_at is null`,
    [accountId, partnerId],
  );
  return row;
}

export async function insertUnderwriter(
  q: Queryable,
  u: {
    accountId: string;
    partnerId: string;
    brandId: string;
    firstName: string;
    lastName: string;
    limits: ApprovalLimits;
  },
): Promise<void> {
  const [user] = await q.query<{ id: string }>(
    `insert into users (account_id, partner_id, branch_name, first_name, last_name, has_global_access,
       is_underwriter, approval_limits) values ($1, $2, 'Credit', $3, $4, true, true, $5) returning id`,
    [u.accountId, u.partnerId, u.firstName, u.lastName, JSON.stringify(u.limits)],
  );
  await q.query(
    `insert into user_profiles (user_id, brand_id, status, is_default) values ($1, $2, 'active', true)`,
    [user!.id, u.brandId],
  );
}

export async function updateUnderwriter(
  q: Queryable,
  userId: string,
  u: { firstName: string; lastName: string; limits: ApprovalLimits },
): Promise<void> {
  await q.query(
    `update users set first_name = $2, last_name = $3, is_underwriter = true, approval_limits = $4,
       last_change = now() where id = $1`,
    [userId, u.firstName, u.lastName, JSON.stringify(u.limits)],
  );
}

/** The partner's underwriters other than these accounts stop being underwriters; answers their accounts. */
export async function retireUnderwritersExcept(q: Queryable, partnerId: string, accountIds: string[]) {
  const rows = await q.query<{ accountId: string }>(
    `update users set is_underwriter = false, approval_limits = '{}'::jsonb, last_change = now()
      where partner_id = $1 and is_underwriter and deleted_at is null and not (account_id = any($2::uuid[]))
      returning account_id as "accountId"`,
    [partnerId, accountIds],
  );
  return rows.map((r) => r.accountId);
}

/** An underwriter's approval limits per currency, read when deciding (null: not limited). */
export async function approvalLimitsOf(q: Queryable, userId: string): Promise<ApprovalLimits | null> {
  const [row] = await q.query<{ limits: ApprovalLimits | null }>(
    'select approval_limits as limits from users where id = $1',
    [userId],
  );
  return row?.limits ?? null;
}
