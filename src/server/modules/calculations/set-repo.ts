import type { VariantProperties, VariantRequest } from '../../../domain/api/calculations';
import type { ResultRow } from '../../../domain/calculation/schemas';
import type { CalculationVariant } from '../../../domain/calculation/variant';
import type { CreditReport, Customer, Party } from '../../../domain/customers/schemas';
import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/db';
import { jsonDates, type JsonDates } from '../../db/json-dates';
import { orm } from '../../db/orm';
import { calculationSets, calculationVariants } from '../../db/schema';
import type { SpecialCase } from '../../../domain/calculation/requests';
import type { CalculationState } from '../../../domain/calculation/states';

/**
 * SQL of calculation sets and their variants (migration 006). A select from one table names its
 * columns unqualified, so the subqueries name the outer row's columns with their table.
 */
const SET = {
  id: calculationSets.id,
  partnerId: calculationSets.partnerId,
  brandId: calculationSets.brandId,
  userProfileId: calculationSets.userProfileId,
  state: calculationSets.state,
  leadingVariantId: calculationSets.leadingVariantId,
  currencyCode: calculationSets.currencyCode,
  source: calculationSets.source,
  applicant: calculationSets.applicant,
  supplier: calculationSets.supplier,
  sublessee: calculationSets.sublessee,
  creditAgencyReportIds: calculationSets.creditAgencyReportIds,
  createdAt: calculationSets.createdAt,
  lastEditedAt: calculationSets.lastEditedAt,
  /** The categories of the set's documents (an object overview lets a request go). */
  attachmentCategories: sql<string[]>`coalesce(
    (select array_agg(distinct d.category) from documents d where d.calculation_set_id = calculation_sets.id), '{}')`,
  /** The credit-agency reports the partner recorded for the applicant's company, newest first. */
  creditReports: sql<CreditReport[]>`coalesce(
    (select json_agg(json_build_object('id', r.id, 'createdAt', r.created_at, 'agency', r.agency,
                                       'scoreClass', r.score_class) order by r.created_at desc)
       from (select * from credit_agency_reports c
              where c.partner_id = calculation_sets.partner_id
                and c.agency_company_key = calculation_sets.applicant->>'agencyId'
              order by c.created_at desc limit 20) r),
    '[]')`,
  lastSavedByName: sql<
    string | null
  >`(select u.first_name || ' ' || u.last_name from users u where u.id = calculation_sets.last_saved_by)`,
  /** Whether its brand signs with BankID (migration 033). */
  signsWithBankId: sql<boolean>`coalesce(
    (select b.signs_with_bankid from brands b where b.id = calculation_sets.brand_id), false)`,
};

const VARIANT = {
  id: calculationVariants.id,
  position: calculationVariants.position,
  state: calculationVariants.state,
  payload: calculationVariants.payload,
  results: calculationVariants.results,
  version: calculationVariants.version,
  lastEditedAt: calculationVariants.lastEditedAt,
  /** When inputs, objects or customer last changed (a contract printed before is outdated). */
  contentChangedAt: calculationVariants.contentChangedAt,
  /** What its contract paper shows (null: none printed or started yet). */
  paperFigures: calculationVariants.paperFigures,
  lastSavedBy: calculationVariants.lastSavedBy,
  quoteNote: calculationVariants.quoteNote,
  nonBindingQuoteNote: calculationVariants.nonBindingQuoteNote,
  specialCaseRequestedAt: calculationVariants.specialCaseRequestedAt,
  /** The choice of the offer being made (its last document), until it is sent. */
  offerPeriods: calculationVariants.offerPeriods,
  offerLanguage: calculationVariants.offerLanguage,
  /** The newest request for a special-case condition and its answer. */
  specialCase: sql<SpecialCase | null>`(
    select json_build_object('status', c.status, 'text', c.text, 'requestedAt', c.requested_at,
                             'answer', c.answer, 'answeredAt', c.answered_at)
      from special_case_requests c where c.calculation_variant_id = calculation_variants.id
     order by c.requested_at desc limit 1)`,
  /** The newest request to the provider and its decision (migration 010). */
  request: sql<VariantRequest | null>`(
    select json_build_object('status', r.status, 'decision', r.decision, 'missingInfo', r.missing_info,
                             'infoText', r.info_text, 'declineReason', r.decline_reason,
                             'requestedAt', r.requested_at, 'decidedAt', r.decided_at, 'decidedBy', r.decided_by)
      from credit_requests r where r.calculation_variant_id = calculation_variants.id
     order by r.requested_at desc limit 1)`,
  /** The newest contract start and the provider's check of it (migration 012). */
  application: sql<VariantProperties['application']>`(
    select json_build_object('status', a.status, 'missingDocuments', a.missing_documents,
                             'infoText', a.info_text, 'referenceCode', a.reference_code)
      from applications a where a.calculation_variant_id = calculation_variants.id
     order by a.sent_at desc limit 1)`,
};

async function setRow(q: Queryable, setId: string, lock: boolean) {
  const select = orm(q).select(SET).from(calculationSets).where(eq(calculationSets.id, setId));
  const [row] = lock ? await select.for('update') : await select;
  return row;
}

const variantRows = (q: Queryable, setId: string) =>
  orm(q)
    .select(VARIANT)
    .from(calculationVariants)
    .where(eq(calculationVariants.calculationSetId, setId))
    .orderBy(asc(calculationVariants.position));

/** A variant as the services read it: timestamps as the ISO strings the answers carry. */
export type VariantRow = JsonDates<Awaited<ReturnType<typeof variantRows>>[number]>;
export type SetRow = JsonDates<NonNullable<Awaited<ReturnType<typeof setRow>>>> & { variants: VariantRow[] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);
/** jsonb parameters go as text: both drivers then agree on them. */
const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** A set with its variants, or undefined; `lock` takes the row lock for an update. */
export async function findSet(q: Queryable, setId: string, lock = false): Promise<SetRow | undefined> {
  if (!isUuid(setId)) return undefined;
  const set = await setRow(q, setId, lock);
  if (!set) return undefined;
  const variants = await variantRows(q, setId);
  return { ...jsonDates(set), variants: variants.map(jsonDates) };
}

export interface NewSet {
  partnerId: string;
  brandId: string;
  userProfileId: string;
  userId: string;
  /** The brand's currency: the set is made in it and keeps it. */
  currencyCode: string;
  applicant: Customer | null;
  supplier: Party | null;
  sublessee: Party | null;
  creditAgencyReportIds: string[];
}

export async function insertSet(q: Queryable, s: NewSet): Promise<string> {
  const [row] = await orm(q)
    .insert(calculationSets)
    .values({
      partnerId: s.partnerId,
      brandId: s.brandId,
      userProfileId: s.userProfileId,
      lastSavedBy: s.userId,
      currencyCode: s.currencyCode,
      applicant: s.applicant,
      supplier: s.supplier,
      sublessee: s.sublessee,
      creditAgencyReportIds: s.creditAgencyReportIds,
      applicantName: s.applicant?.name ?? '',
      sublesseeName: s.sublessee?.name ?? '',
      state: 'inWork',
    })
    .returning({ id: calculationSets.id });
  return row!.id;
}

export async function insertVariant(
  q: Queryable,
  setId: string,
  userId: string,
  payload: CalculationVariant,
  results: ResultRow[],
): Promise<string> {
  const v = calculationVariants;
  const [row] = await orm(q)
    .insert(v)
    .values({
      calculationSetId: setId,
      position: sql`(select coalesce(max(${v.position}), 0) + 1 from ${v} where ${v.calculationSetId} = ${setId})`,
      payload,
      results,
      lastSavedBy: userId,
    })
    .returning({ id: v.id });
  return row!.id;
}

export async function updateVariantRow(
  q: Queryable,
  variantId: string,
  userId: string,
  change: {
    payload: CalculationVariant;
    results: ResultRow[];
    state: CalculationState;
    contentChanged: boolean;
  },
): Promise<void> {
  await q.query(
    `update calculation_variants
        set payload = $2, results = $3, state = $4, version = version + 1, last_edited_at = now(), last_saved_by = $5,
            content_changed_at = case when $6 then now() else content_changed_at end
      where id = $1`,
    [variantId, json(change.payload), json(change.results), change.state, userId, change.contentChanged],
  );
}

export async function deleteVariantRow(q: Queryable, variantId: string): Promise<void> {
  await q.query('delete from calculation_variants where id = $1', [variantId]);
}

/** The set follows its leading variant: its state and the time of the last change. */
export async function touchSet(
  q: Queryable,
  setId: string,
  userId: string,
  leading: { variantId: string; state: CalculationState },
  parties?: Pick<NewSet, 'applicant' | 'supplier' | 'sublessee' | 'creditAgencyReportIds'>,
): Promise<void> {
  await q.query(
    `update calculation_sets
        set leading_variant_id = $2, state = $3, last_edited_at = now(), last_saved_by = $4
      where id = $1`,
    [setId, leading.variantId, leading.state, userId],
  );
  if (parties) await updateParties(q, setId, parties);
}

export async function updateParties(
  q: Queryable,
  setId: string,
  p: Partial<Pick<NewSet, 'applicant' | 'supplier' | 'sublessee' | 'creditAgencyReportIds'>>,
): Promise<void> {
  if ('applicant' in p)
    await q.query('update calculation_sets set applicant = $2, applicant_name = $3 where id = $1', [
      setId,
      json(p.applicant),
      p.applicant?.name ?? '',
    ]);
  if ('supplier' in p)
    await q.query('update calculation_sets set supplier = $2 where id = $1', [setId, json(p.supplier)]);
  if ('sublessee' in p)
    await q.query('update calculation_sets set sublessee = $2, sublessee_name = $3 where id = $1', [
      setId,
      json(p.sublessee),
      p.sublessee?.name ?? '',
    ]);
  if (p.creditAgencyReportIds)
    await q.query('update calculation_sets set credit_agency_report_ids = $2 where id = $1', [
      setId,
      json(p.creditAgencyReportIds),
    ]);
}
