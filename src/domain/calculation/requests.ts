import { z } from 'zod';
import type { InvalidParam } from '../problems';
import { MISSING_INFO, type MissingInfo } from './credit-decision';
import type { ConditionList } from './schemas';
import { countsIn, thresholdsOf } from './thresholds';

/**
 * Bodies of the offer, the request to the provider and the provider's decision (portal specification
 * section 7), shared by the server's validation and the PWA's forms.
 */
export const NOTE_MAX = 2000;
export const MAX_OFFER_PERIODS = 4;

/**
 * What keeps a request to the provider from being sent (docs/domain.md, "Request"): a customer
 * and a supplier, a selected period, and the objects described: every specific object with its
 * details, or an object overview, attached or (for a general object) declared as provided
 * separately. The server refuses the request with these keys and names them on the variant
 * beforehand.
 */
export function requestBlockers(v: {
  hasApplicant: boolean;
  hasSupplier: boolean;
  periodSelected: boolean;
  objects: { details: string }[];
  overviewProvidedSeparately: boolean;
  attachmentCategories: readonly string[];
}): string[] {
  const blockers: string[] = [];
  if (!v.hasApplicant) blockers.push('applicantMissing');
  if (!v.hasSupplier) blockers.push('supplierMissing');
  if (!v.periodSelected) blockers.push('periodNotSelected');
  const described = v.objects.length > 0 && v.objects.every((o) => o.details.trim() !== '');
  const overview = v.overviewProvidedSeparately || v.attachmentCategories.includes('objectOverview');
  if (!described && !overview) blockers.push('objectDetailsMissing');
  return blockers;
}

/**
 * Whether the customer of a deal of this NAV, in this currency, needs a credit-agency report
 * (docs/domain.md, "Credit-agency reports"): above the condition list's own threshold, or the
 * currency's default (thresholds.ts). The server sets the applicant's isReportRequired with it on
 * every save.
 */
export const isReportRequired = (
  nav: number,
  list: Pick<ConditionList, 'creditReportRequiredAbove' | 'currencyCode'> | undefined,
  currencyCode: string,
) => {
  // A list's amounts are in its own currency; one in another currency never sets this deal's.
  const own = list && countsIn(list, currencyCode) ? list.creditReportRequiredAbove : undefined;
  return nav > (own ?? thresholdsOf(currencyCode).creditReportRequiredAbove);
};

export const ToGrenkeBody = z.object({
  quoteNote: z.string().trim().max(NOTE_MAX, 'tooLong').default(''),
  sendRequest: z.boolean(),
});
export type ToGrenkeBody = z.infer<typeof ToGrenkeBody>;

/** The partner's request for a special-case condition, and the underwriter's answer. */
export const SPECIAL_CASE_TEXT_MAX = 1000;
export const SpecialCaseBody = z.object({
  text: z.string().trim().min(1, 'required').max(SPECIAL_CASE_TEXT_MAX, 'tooLong'),
});
export const SpecialCaseAnswer = z.object({
  granted: z.boolean(),
  answer: z.string().trim().min(1, 'required').max(SPECIAL_CASE_TEXT_MAX, 'tooLong'),
});
export type { SpecialCase } from '../api/calculations';

export const OfferBody = z.object({
  nonBindingQuoteNote: z.string().trim().max(NOTE_MAX, 'tooLong').default(''),
  /** The language of the offer (one of the partner's); the customer's by default. */
  languageCode: z.string().max(10).optional(),
});

/** The offer dialog: the body, in a language chosen, and the periods its query carries (one at least). */
export const OfferForm = OfferBody.extend({
  languageCode: z.string().max(10),
  periods: z.array(z.number().int().min(1).max(120)).min(1).max(MAX_OFFER_PERIODS),
});

/** `periods` repeats in the query (periods=24&periods=36); one value arrives as a string. */
export const OfferQuery = z.object({
  calculationVariantId: z.string().max(100),
  periods: z.preprocess(
    (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : v === undefined ? [] : [v]),
    z.array(z.coerce.number().int().min(1).max(120)).max(MAX_OFFER_PERIODS),
  ),
  makeOffer: z.enum(['true', 'false']).default('false'),
  userProfileId: z.string().optional(),
  userprofileId: z.string().optional(),
});

export const DECISIONS = ['approve', 'approveWithGuarantee', 'needInformation', 'decline'] as const;
export type DecisionKind = (typeof DECISIONS)[number];

/** The longest information text and decline reason the provider keeps. */
export const DECISION_TEXT_MAX = 500;

export const DecisionBody = z.object({
  decision: z.enum(DECISIONS),
  missingInfo: z.array(z.enum(MISSING_INFO)).max(MISSING_INFO.length).optional(),
  infoText: z.string().trim().max(DECISION_TEXT_MAX, 'tooLong').optional(),
  declineReason: z.string().trim().max(DECISION_TEXT_MAX, 'tooLong').optional(),
});
export type DecisionBody = z.infer<typeof DecisionBody>;

/** Every key decisionProblems gives; the back office's form translates each. */
export const DECISION_PROBLEM_KEYS = [
  'decisionRequired',
  'missingInfoRequired',
  'required',
  'tooLong',
  'aboveApprovalLimit',
] as const;

/**
 * The NAV up to which an underwriter approves in a currency (docs/domain.md, "The underwriter's
 * decision"): null when the underwriter has no limits at all, 0 when none in this currency.
 */
export function approvalLimitIn(
  limits: Partial<Record<string, number>> | null | undefined,
  currencyCode: string,
): number | null {
  if (!limits) return null;
  return limits[currencyCode] ?? 0;
}

/** Whether this decision approves: what an underwriter's approval limit bounds. */
export const approves = (decision: DecisionKind | '' | undefined) =>
  decision === 'approve' || decision === 'approveWithGuarantee';

/**
 * What an underwriter's decision lacks (docs/domain.md, "The underwriter's decision"): a
 * decision; for needInformation what is missing, ticked or in words; for a decline its reason.
 * The texts count trimmed. The back office's form checks this before sending and the server
 * refuses a decision with the same problems.
 */
export function decisionProblems(
  d: {
    decision: DecisionKind | '' | undefined;
    missingInfo?: readonly MissingInfo[];
    infoText?: string;
    declineReason?: string;
  },
  /** The request's NAV and the underwriter's limit in its currency (approvalLimitIn). */
  approval?: { nav: number; limit: number | null },
): InvalidParam[] {
  const problems: InvalidParam[] = [];
  if (approves(d.decision) && approval && approval.limit !== null && approval.nav > approval.limit)
    problems.push({ name: 'decision', reason: 'aboveApprovalLimit' });
  const infoText = d.infoText?.trim() ?? '';
  const declineReason = d.declineReason?.trim() ?? '';
  if (!d.decision) problems.push({ name: 'decision', reason: 'decisionRequired' });
  if (d.decision === 'needInformation') {
    if (!d.missingInfo?.length && !infoText)
      problems.push({ name: 'missingInfo', reason: 'missingInfoRequired' });
    if (infoText.length > DECISION_TEXT_MAX) problems.push({ name: 'infoText', reason: 'tooLong' });
  }
  if (d.decision === 'decline') {
    if (!declineReason) problems.push({ name: 'declineReason', reason: 'required' });
    else if (declineReason.length > DECISION_TEXT_MAX)
      problems.push({ name: 'declineReason', reason: 'tooLong' });
  }
  return problems;
}

/**
 * The back office's decision form: the body, with no decision chosen yet and the lists and texts
 * always present, checked by decisionProblems so the form shows the messages the server gives.
 */
export const DecisionDraft = DecisionBody.extend({
  decision: z.enum(DECISIONS).or(z.literal('')),
  missingInfo: DecisionBody.shape.missingInfo.unwrap(),
  infoText: DecisionBody.shape.infoText.unwrap(),
  declineReason: DecisionBody.shape.declineReason.unwrap(),
}).superRefine((draft, ctx) => {
  for (const p of decisionProblems(draft))
    ctx.addIssue({ code: 'custom', path: [p.name], message: p.reason });
});
export type DecisionDraft = z.input<typeof DecisionDraft>;
