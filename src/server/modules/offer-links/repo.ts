import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/db';
import type { OfferLinkState } from '../../../domain/offer-links';

/** The database keeps a link's token only as its SHA-256 (a leak of the table opens no offer). */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface OfferLinkRow {
  id: string;
  calculationSetId: string;
  calculationVariantId: string;
  partnerId: string;
  brandId: string;
  userProfileId: string;
  email: string;
  locale: string;
  periods: number[];
  figures: string;
  offer: Record<string, unknown>;
  documentId: string | null;
  state: Exclude<OfferLinkState, 'expired'>;
  acceptedPeriod: number | null;
  declineReason: string | null;
  expiresAt: Date;
  createdAt: Date;
  answeredAt: Date | null;
  openedAt: Date | null;
}

const COLUMNS = `l.id, l.calculation_set_id as "calculationSetId", l.calculation_variant_id as "calculationVariantId",
  l.partner_id as "partnerId", l.brand_id as "brandId", l.user_profile_id as "userProfileId", l.email, l.locale,
  l.periods, l.figures, l.offer, l.document_id as "documentId", l.state, l.accepted_period as "acceptedPeriod",
  l.decline_reason as "declineReason", l.expires_at as "expiresAt", l.created_at as "createdAt",
  l.answered_at as "answeredAt",
  (select min(e.at) from offer_link_events e where e.offer_link_id = l.id and e.kind = 'opened') as "openedAt"`;

/** Dates as dates whichever driver answered (PGlite and pg differ on timestamptz in JSON). */
const row = (r: OfferLinkRow): OfferLinkRow => ({
  ...r,
  expiresAt: new Date(r.expiresAt),
  createdAt: new Date(r.createdAt),
  answeredAt: r.answeredAt && new Date(r.answeredAt),
  openedAt: r.openedAt && new Date(r.openedAt),
  periods: r.periods.map(Number),
});

export async function insertOfferLink(
  q: Queryable,
  l: Omit<
    OfferLinkRow,
    'id' | 'state' | 'acceptedPeriod' | 'declineReason' | 'createdAt' | 'answeredAt' | 'openedAt'
  > & {
    tokenHash: string;
  },
): Promise<string> {
  const [r] = await q.query<{ id: string }>(
    `insert into offer_links (token_hash, calculation_set_id, calculation_variant_id, partner_id, brand_id,
       user_profile_id, email, locale, periods, figures, offer, document_id, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::int[], $10, $11::jsonb, $12, $13) returning id`,
    [
      l.tokenHash,
      l.calculationSetId,
      l.calculationVariantId,
      l.partnerId,
      l.brandId,
      l.userProfileId,
      l.email,
      l.locale,
      l.periods,
      l.figures,
      JSON.stringify(l.offer),
      l.documentId,
      l.expiresAt.toISOString(),
    ],
  );
  return r!.id;
}

export async function findByToken(
  q: Queryable,
  token: string,
  lock = false,
): Promise<OfferLinkRow | undefined> {
  const [r] = await q.query<OfferLinkRow>(
    `select ${COLUMNS} from offer_links l where l.token_hash = $1${lock ? ' for update' : ''}`,
    [tokenHash(token)],
  );
  return r && row(r);
}

export async function findById(q: Queryable, variantId: string, id: string, lock = false) {
  const [r] = await q.query<OfferLinkRow>(
    `select ${COLUMNS} from offer_links l where l.id::text = $1 and l.calculation_variant_id = $2${lock ? ' for update' : ''}`,
    [id, variantId],
  );
  return r && row(r);
}

export async function linksOfVariant(q: Queryable, variantId: string): Promise<OfferLinkRow[]> {
  const rows = await q.query<OfferLinkRow>(
    `select ${COLUMNS} from offer_links l where l.calculation_variant_id = $1 order by l.created_at desc, l.id`,
    [variantId],
  );
  return rows.map(row);
}

/** Open links of a variant (sent or opened and still valid): those a change or a new link withdraws. */
export async function openLinksOfVariant(q: Queryable, variantId: string): Promise<OfferLinkRow[]> {
  const rows = await q.query<OfferLinkRow>(
    `select ${COLUMNS} from offer_links l
      where l.calculation_variant_id = $1 and l.state in ('sent', 'opened') and l.expires_at > now()
      for update`,
    [variantId],
  );
  return rows.map(row);
}

export async function setLinkState(
  q: Queryable,
  id: string,
  change: { state: OfferLinkRow['state']; acceptedPeriod?: number; declineReason?: string },
): Promise<void> {
  await q.query(
    `update offer_links set state = $2, accepted_period = coalesce($3, accepted_period),
            decline_reason = coalesce($4, decline_reason),
            answered_at = case when $2 in ('accepted', 'declined') then now() else answered_at end,
            withdrawn_at = case when $2 = 'withdrawn' then now() else withdrawn_at end
      where id = $1`,
    [id, change.state, change.acceptedPeriod ?? null, change.declineReason ?? null],
  );
}

export async function logLinkEvent(
  q: Queryable,
  id: string,
  kind: 'opened' | 'accepted' | 'declined' | 'withdrawn',
  address: string,
): Promise<void> {
  await q.query('insert into offer_link_events (offer_link_id, kind, address) values ($1, $2, $3)', [
    id,
    kind,
    address,
  ]);
}

/**
 * The links sent since `since` in a brand (or to one profile's calculations in it): how many,
 * and the newest `limit` by their last step.
 */
export async function newestLinks(
  q: Queryable,
  scope: { brandId: string; userProfileId: string | null },
  since: Date,
  limit: number,
): Promise<{ total: number; rows: (OfferLinkRow & { customerName: string; at: Date })[] }> {
  const params: unknown[] = [scope.brandId, since.toISOString()];
  let where = 'l.brand_id = $1 and l.created_at > $2';
  if (scope.userProfileId) {
    params.push(scope.userProfileId);
    where += ` and l.user_profile_id = $${params.length}`;
  }
  const [count] = await q.query<{ n: number }>(
    `select count(*)::int as n from offer_links l where ${where}`,
    params,
  );
  const rows = await q.query<OfferLinkRow & { customerName: string; at: Date }>(
    `select ${COLUMNS}, coalesce(l.offer->'customer'->>'name', '') as "customerName",
            greatest(l.created_at, l.answered_at, l.withdrawn_at) as at
       from offer_links l where ${where}
      order by at desc, l.id limit ${Number(limit)}`,
    params,
  );
  return {
    total: count!.n,
    rows: rows.map((r) => ({ ...row(r), customerName: r.customerName, at: new Date(r.at) })),
  };
}

/** The links of a profile's calculations go with them when they move to another profile. */
export async function moveLinksOfProfile(q: Queryable, fromProfileId: string, toProfileId: string) {
  await q.query('update offer_links set user_profile_id = $2 where user_profile_id = $1', [
    fromProfileId,
    toProfileId,
  ]);
}
