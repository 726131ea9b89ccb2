import type { MissingInfo } from '../../../domain/calculation/credit-decision';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import {
  brands,
  calculationSets,
  calculationVariants,
  creditRequests,
  partners,
  specialCaseRequests,
} from '../../db/schema';
import type { SetRow } from '../calculations';

/** SQL of the provider's requests and special-case requests (migration 010). */
export type DecisionKind = NonNullable<typeof creditRequests.$inferSelect.decision>;

const r = creditRequests;
const COLUMNS = {
  id: r.id,
  calculationSetId: r.calculationSetId,
  calculationVariantId: r.calculationVariantId,
  partnerId: r.partnerId,
  brandId: r.brandId,
  requestedAt: r.requestedAt,
  nav: sql<number>`${r.nav}::float8`,
  periodInMonths: r.periodInMonths,
  quoteNote: r.quoteNote,
  status: r.status,
  decision: r.decision,
  missingInfo: r.missingInfo,
  infoText: r.infoText,
  declineReason: r.declineReason,
  decidedBy: r.decidedBy,
  decidedAt: r.decidedAt,
  guaranteeReceivedAt: r.guaranteeReceivedAt,
};

export type RequestRow = NonNullable<Awaited<ReturnType<typeof latestRequest>>>;

export async function insertRequest(
  q: Queryable,
  request: Pick<
    RequestRow,
    | 'calculationSetId'
    | 'calculationVariantId'
    | 'partnerId'
    | 'brandId'
    | 'nav'
    | 'periodInMonths'
    | 'quoteNote'
  > & {
    requestedBy: string;
  },
): Promise<string> {
  const [row] = await orm(q)
    .insert(r)
    .values({ ...request, nav: String(request.nav) })
    .returning({ id: r.id });
  return row!.id;
}

/** The request named in the address (compared as text, never cast); `lock` for its decision. */
export async function findRequest(q: Queryable, id: string, lock = false): Promise<RequestRow | undefined> {
  const select = orm(q)
    .select(COLUMNS)
    .from(r)
    .where(eq(sql`${r.id}::text`, id));
  const [row] = lock ? await select.for('update') : await select;
  return row;
}

/** The newest request of a variant (what the editor shows: the decision, what is missing). */
export async function latestRequest(q: Queryable, variantId: string) {
  const [row] = await orm(q)
    .select(COLUMNS)
    .from(r)
    .where(eq(r.calculationVariantId, variantId))
    .orderBy(desc(r.requestedAt))
    .limit(1);
  return row;
}

/** A re-sent request, an edit that cancels it, or a cancelled process ends the open one. */
export async function cancelOpenRequests(q: Queryable, variantId: string): Promise<void> {
  await orm(q)
    .update(r)
    .set({ status: 'cancelled' })
    .where(and(eq(r.calculationVariantId, variantId), eq(r.status, 'open')));
}

export async function recordDecision(
  q: Queryable,
  id: string,
  d: {
    decision: DecisionKind;
    by: string;
    missingInfo?: MissingInfo[];
    infoText?: string;
    declineReason?: string;
  },
): Promise<void> {
  await orm(q)
    .update(r)
    .set({
      status: 'decided',
      decision: d.decision,
      decidedBy: d.by,
      decidedAt: sql`now()`,
      missingInfo: d.missingInfo ?? [],
      infoText: d.infoText ?? null,
      declineReason: d.declineReason ?? null,
    })
    .where(eq(r.id, id));
}

export async function recordGuarantee(q: Queryable, id: string): Promise<void> {
  await orm(q)
    .update(r)
    .set({ guaranteeReceivedAt: sql`now()` })
    .where(eq(r.id, id));
}

/** The provider's queue: open requests, and approvals waiting for their bank guarantee. */
export async function creditRequestQueue(q: Queryable) {
  return orm(q)
    .select({
      id: r.id,
      requestedAt: r.requestedAt,
      partnerName: partners.name,
      brandName: brands.name,
      customerName: sql<string>`coalesce(${calculationSets.applicant}->>'name', '')`,
      nav: sql<number>`${r.nav}::float8`,
      currencyCode: calculationSets.currencyCode,
      scoreClass: sql<number | null>`(${calculationSets.applicant}->>'scoreClass')::int`,
      state: calculationVariants.state,
    })
    .from(r)
    .innerJoin(calculationSets, eq(calculationSets.id, r.calculationSetId))
    .innerJoin(calculationVariants, eq(calculationVariants.id, r.calculationVariantId))
    .innerJoin(partners, eq(partners.id, r.partnerId))
    .innerJoin(brands, eq(brands.id, r.brandId))
    .where(
      or(
        and(eq(r.status, 'open'), eq(calculationVariants.state, 'requestToGrenke')),
        and(
          eq(r.decision, 'approveWithGuarantee'),
          isNull(r.guaranteeReceivedAt),
          eq(calculationVariants.state, 'bankGuarantee'),
        ),
      ),
    )
    .orderBy(r.requestedAt)
    .limit(200);
}

/** Asks for special-case conditions; asking again while a request is open replaces its text. */
export async function askSpecialCase(
  q: Queryable,
  set: Pick<SetRow, 'id' | 'partnerId' | 'brandId'>,
  variantId: string,
  requestedBy: string,
  text: string,
): Promise<void> {
  const s = specialCaseRequests;
  const [open] = await orm(q)
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.calculationVariantId, variantId), eq(s.status, 'open')));
  if (open)
    await orm(q)
      .update(s)
      .set({ text, requestedAt: sql`now()` })
      .where(eq(s.id, open.id));
  else
    await orm(q).insert(s).values({
      calculationSetId: set.id,
      calculationVariantId: variantId,
      partnerId: set.partnerId,
      brandId: set.brandId,
      requestedBy,
      text,
    });
}

/** The open special-case requests, oldest first, with the NAV of the selected result row. */
export async function openSpecialCases(q: Queryable) {
  const s = specialCaseRequests;
  return orm(q)
    .select({
      id: s.id,
      requestedAt: s.requestedAt,
      text: s.text,
      partnerName: partners.name,
      brandName: brands.name,
      customerName: sql<string>`coalesce(${calculationSets.applicant}->>'name', '')`,
      currencyCode: calculationSets.currencyCode,
      nav: sql<number | null>`(select (x->>'netAcquisitionValueAmount')::float8
          from calculation_variants v, jsonb_array_elements(v.results) x
         where v.id = ${s.calculationVariantId} and (x->>'isSelected')::boolean limit 1)`,
    })
    .from(s)
    .innerJoin(calculationSets, eq(calculationSets.id, s.calculationSetId))
    .innerJoin(partners, eq(partners.id, s.partnerId))
    .innerJoin(brands, eq(brands.id, s.brandId))
    .where(eq(s.status, 'open'))
    .orderBy(s.requestedAt)
    .limit(200);
}

/** The request named in the address (compared as text, never cast), locked for its answer. */
export async function lockSpecialCase(q: Queryable, id: string) {
  const s = specialCaseRequests;
  const [request] = await orm(q)
    .select({ setId: s.calculationSetId, variantId: s.calculationVariantId, status: s.status })
    .from(s)
    .where(eq(sql`${s.id}::text`, id))
    .for('update');
  return request;
}

export async function answerSpecialCaseRow(
  q: Queryable,
  id: string,
  answer: { granted: boolean; text: string; by: string },
): Promise<void> {
  await orm(q)
    .update(specialCaseRequests)
    .set({
      status: answer.granted ? 'granted' : 'refused',
      answer: answer.text,
      answeredBy: answer.by,
      answeredAt: sql`now()`,
    })
    .where(eq(specialCaseRequests.id, id));
}
