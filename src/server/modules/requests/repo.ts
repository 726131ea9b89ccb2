import type { MissingInfo } from '../../../domain/calculation/credit-decision';
import type { CalculationState } from '../../../domain/calculation/states';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
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

/** SQL of the provider's requests (migration 010) and of the state changes they cause. */
export type DecisionKind = 'approve' | 'approveWithGuarantee' | 'needInformation' | 'decline';

export interface RequestRow {
  id: string;
  calculationSetId: string;
  calculationVariantId: string;
  partnerId: string;
  brandId: string;
  requestedAt: string;
  nav: number;
  periodInMonths: number;
  quoteNote: string;
  status: 'open' | 'decided' | 'cancelled';
  decision: DecisionKind | null;
  missingInfo: MissingInfo[];
  infoText: string | null;
  declineReason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  guaranteeReceivedAt: string | null;
}

const COLUMNS = `id, calculation_set_id as "calculationSetId", calculation_variant_id as "calculationVariantId",
  partner_id as "partnerId", brand_id as "brandId", requested_at as "requestedAt", nav::float8 as nav,
  period_in_months as "periodInMonths", quote_note as "quoteNote", status, decision,
  missing_info as "missingInfo", info_text as "infoText", decline_reason as "declineReason",
  decided_by as "decidedBy", decided_at as "decidedAt", guarantee_received_at as "guaranteeReceivedAt"`;

export async function insertRequest(
  q: Queryable,
  r: Pick<
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
  const [row] = await q.query<{ id: string }>(
    `insert into credit_requests (calculation_set_id, calculation_variant_id, partner_id, brand_id, requested_by, nav,
                                  period_in_months, quote_note)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      r.calculationSetId,
      r.calculationVariantId,
      r.partnerId,
      r.brandId,
      r.requestedBy,
      r.nav,
      r.periodInMonths,
      r.quoteNote,
    ],
  );
  return row!.id;
}

export async function findRequest(q: Queryable, id: string, lock = false): Promise<RequestRow | undefined> {
  const [row] = await q.query<RequestRow>(
    `select ${COLUMNS} from credit_requests where id::text = $1 ${lock ? 'for update' : ''}`,
    [id],
  );
  return row;
}

/** The newest request of a variant (what the editor shows: the decision, what is missing). */
export async function latestRequest(q: Queryable, variantId: string): Promise<RequestRow | undefined> {
  const [row] = await q.query<RequestRow>(
    `select ${COLUMNS} from credit_requests where calculation_variant_id = $1 order by requested_at desc limit 1`,
    [variantId],
  );
  return row;
}

/** A re-sent request, an edit that cancels it, or a cancelled process ends the open one. */
export async function cancelOpenRequests(q: Queryable, variantId: string): Promise<void> {
  await q.query(
    `update credit_requests set status = 'cancelled' where calculation_variant_id = $1 and status = 'open'`,
    [variantId],
  );
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
  await q.query(
    `update credit_requests set status = 'decided', decision = $2, decided_by = $3, decided_at = now(),
            missing_info = $4, info_text = $5, decline_reason = $6
      where id = $1`,
    [id, d.decision, d.by, JSON.stringify(d.missingInfo ?? []), d.infoText ?? null, d.declineReason ?? null],
  );
}

export async function recordGuarantee(q: Queryable, id: string): Promise<void> {
  await q.query('update credit_requests set guarantee_received_at = now() where id = $1', [id]);
}

/** The variant's new state; the set follows its leading variant. */
export async function changeState(
  q: Queryable,
  set: SetRow,
  variantId: string,
  state: CalculationState,
): Promise<void> {
  await q.query(
    'update calculation_variants set state = $2, version = version + 1, last_edited_at = now() where id = $1',
    [variantId, state],
  );
  if (set.leadingVariantId === variantId)
    await q.query('update calculation_sets set state = $2, last_edited_at = now() where id = $1', [
      set.id,
      state,
    ]);
}

/** The requested variant leads its set from now on (the lists show its state). */
export async function lead(
  q: Queryable,
  setId: string,
  variantId: string,
  state: CalculationState,
): Promise<void> {
  await q.query(
    'update calculation_sets set leading_variant_id = $2, state = $3, last_edited_at = now() where id = $1',
    [setId, variantId, state],
  );
}

export async function saveNotes(
  q: Queryable,
  variantId: string,
  notes: { quoteNote?: string; nonBindingQuoteNote?: string },
): Promise<void> {
  if (notes.quoteNote !== undefined)
    await q.query('update calculation_variants set quote_note = $2 where id = $1', [
      variantId,
      notes.quoteNote,
    ]);
  if (notes.nonBindingQuoteNote !== undefined)
    await q.query('update calculation_variants set non_binding_quote_note = $2 where id = $1', [
      variantId,
      notes.nonBindingQuoteNote,
    ]);
}

export async function notesOf(
  q: Queryable,
  variantId: string,
): Promise<{ quoteNote: string; nonBindingQuoteNote: string }> {
  const [row] = await q.query<{ quoteNote: string; nonBindingQuoteNote: string }>(
    'select quote_note as "quoteNote", non_binding_quote_note as "nonBindingQuoteNote" from calculation_variants where id = $1',
    [variantId],
  );
  return row ?? { quoteNote: '', nonBindingQuoteNote: '' };
}

export async function instantDecisionLimit(q: Queryable, brandId: string): Promise<number> {
  const [row] = await q.query<{ limit: number }>(
    'select instant_decision_limit::float8 as "limit" from brands where id = $1',
    [brandId],
  );
  return row?.limit ?? 25_000;
}

/** Who gets the decision mail: the owner of the set, in the partner's language. */
export async function ownerOf(
  q: Queryable,
  userProfileId: string,
): Promise<{ email: string; firstName: string; language: string } | undefined> {
  const [row] = await q.query<{ email: string; firstName: string; language: string }>(
    `select a.email, u.first_name as "firstName", p.default_language as language
       from user_profiles up join users u on u.id = up.user_id join accounts a on a.id = u.account_id
       join partners p on p.id = u.partner_id
      where up.id = $1`,
    [userProfileId],
  );
  return row;
}

/** The provider's queue: open requests, and approvals waiting for their bank guarantee. */
export async function creditRequestQueue(q: Queryable) {
  const r = creditRequests;
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
  await orm(q)
    .update(calculationVariants)
    .set({ specialCaseRequestedAt: sql`now()`, version: sql`${calculationVariants.version} + 1` })
    .where(eq(calculationVariants.id, variantId));
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

/** The periods and language of an offer being made, kept until it is sent (null: none). */
export async function keepOfferChoice(
  q: Queryable,
  variantId: string,
  choice: { periods: number[] | null; language: string | null },
): Promise<void> {
  await orm(q)
    .update(calculationVariants)
    .set({ offerPeriods: choice.periods, offerLanguage: choice.language })
    .where(eq(calculationVariants.id, variantId));
}
