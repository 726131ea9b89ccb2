import type { CalculationState } from '../../../domain/calculation/states';
import type { ResultRow } from '../../../domain/calculation/schemas';
import type { CalculationVariant } from '../../../domain/calculation/variant';
import type { CreditReport, Customer, Party } from '../../../domain/customers/schemas';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/db';
import { orm } from '../../db/orm';
import { calculationSets, calculationVariants } from '../../db/schema';
import type { SpecialCase } from '../../../domain/calculation/requests';

/** SQL of calculation sets and their variants (migration 006). */
export interface VariantRow {
  id: string;
  position: number;
  state: CalculationState;
  payload: CalculationVariant;
  results: ResultRow[];
  version: number;
  lastEditedAt: string;
  /** When inputs, objects or customer last changed (a contract printed before is outdated). */
  contentChangedAt: string | null;
  lastSavedBy: string | null;
  quoteNote: string;
  nonBindingQuoteNote: string;
  specialCaseRequestedAt: string | null;
  /** The choice of the offer being made (its last document), until it is sent. */
  offerPeriods: number[] | null;
  offerLanguage: string | null;
  /** The newest request for a special-case condition and its answer. */
  specialCase: SpecialCase | null;
  /** The newest request to the provider and its decision (migration 010). */
  request: VariantRequest | null;
  /** The newest contract start and the provider's check of it (migration 012). */
  application: {
    status: 'open' | 'complete' | 'missing' | 'cancelled';
    missingDocuments: string[];
    infoText: string | null;
    referenceCode: string | null;
  } | null;
}

export interface VariantRequest {
  status: 'open' | 'decided' | 'cancelled';
  decision: 'approve' | 'approveWithGuarantee' | 'needInformation' | 'decline' | null;
  missingInfo: string[];
  infoText: string | null;
  declineReason: string | null;
  requestedAt: string;
  decidedAt: string | null;
  /** 'instant' for the automatic decision, else the underwriter's user id. */
  decidedBy: string | null;
}

export interface SetRow {
  id: string;
  partnerId: string;
  brandId: string;
  userProfileId: string;
  state: CalculationState;
  leadingVariantId: string | null;
  currencyCode: string;
  source: 'portal' | 'leasingApi';
  applicant: Customer | null;
  supplier: Party | null;
  sublessee: Party | null;
  creditAgencyReportIds: string[];
  createdAt: string;
  lastEditedAt: string;
  lastSavedByName: string | null;
  variants: VariantRow[];
  /** The categories of the set's documents (an object overview lets a request go). */
  attachmentCategories: string[];
  /** The credit-agency reports the partner recorded for the applicant's company, newest first. */
  creditReports: CreditReport[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);
/** jsonb parameters go as text: both drivers then agree on them. */
const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** A set with its variants, or undefined; `lock` takes the row lock for an update. */
export async function findSet(q: Queryable, setId: string, lock = false): Promise<SetRow | undefined> {
  if (!isUuid(setId)) return undefined;
  const [set] = await q.query<Omit<SetRow, 'variants'>>(
    `select s.id, s.partner_id as "partnerId", s.brand_id as "brandId", s.user_profile_id as "userProfileId",
            s.state, s.leading_variant_id as "leadingVariantId", s.currency_code as "currencyCode", s.source,
            s.applicant, s.supplier, s.sublessee, s.credit_agency_report_ids as "creditAgencyReportIds",
            s.created_at as "createdAt", s.last_edited_at as "lastEditedAt",
            coalesce((select array_agg(distinct d.category) from documents d where d.calculation_set_id = s.id),
                     '{}') as "attachmentCategories",
            coalesce((select json_agg(json_build_object('id', r.id, 'createdAt', r.created_at, 'agency', r.agency,
                                                        'scoreClass', r.score_class) order by r.created_at desc)
                        from (select * from credit_agency_reports c
                               where c.partner_id = s.partner_id and c.agency_company_key = s.applicant->>'agencyId'
                               order by c.created_at desc limit 20) r),
                     '[]') as "creditReports",
            (select u.first_name || ' ' || u.last_name from users u where u.id = s.last_saved_by) as "lastSavedByName"
       from calculation_sets s where s.id = $1 ${lock ? 'for update of s' : ''}`,
    [setId],
  );
  if (!set) return undefined;
  const variants = await q.query<VariantRow>(
    `select v.id, v.position, v.state, v.payload, v.results, v.version, v.last_edited_at as "lastEditedAt",
            v.content_changed_at as "contentChangedAt",
            v.last_saved_by as "lastSavedBy", v.quote_note as "quoteNote",
            v.non_binding_quote_note as "nonBindingQuoteNote", v.special_case_requested_at as "specialCaseRequestedAt",
            v.offer_periods as "offerPeriods", v.offer_language as "offerLanguage",
            (select json_build_object('status', c.status, 'text', c.text, 'requestedAt', c.requested_at,
                                      'answer', c.answer, 'answeredAt', c.answered_at)
               from special_case_requests c where c.calculation_variant_id = v.id
              order by c.requested_at desc limit 1) as "specialCase",
            (select json_build_object('status', r.status, 'decision', r.decision, 'missingInfo', r.missing_info,
                                      'infoText', r.info_text, 'declineReason', r.decline_reason,
                                      'requestedAt', r.requested_at, 'decidedAt', r.decided_at,
                                      'decidedBy', r.decided_by)
               from credit_requests r where r.calculation_variant_id = v.id
              order by r.requested_at desc limit 1) as request,
            (select json_build_object('status', a.status, 'missingDocuments', a.missing_documents,
                                      'infoText', a.info_text, 'referenceCode', a.reference_code)
               from applications a where a.calculation_variant_id = v.id
              order by a.sent_at desc limit 1) as application
       from calculation_variants v where v.calculation_set_id = $1 order by v.position`,
    [setId],
  );
  return { ...set, variants };
}

export interface NewSet {
  partnerId: string;
  brandId: string;
  userProfileId: string;
  userId: string;
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
