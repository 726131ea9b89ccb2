import { z } from 'zod';
import { MAX_OFFER_PERIODS, NOTE_MAX } from './calculation/requests';
import type { ResultRow } from './calculation/schemas';
import { categoryOf, type CalculationState } from './calculation/states';

/**
 * The customer's offer page (docs/domain.md, "The customer's offer page"): a link a salesperson
 * sends, bound to one variant and the figures it offered, that the customer opens without an
 * account and answers by accepting a period or declining with a reason.
 */
export const OFFER_LINK_STATES = ['sent', 'opened', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type OfferLinkState = (typeof OFFER_LINK_STATES)[number];

/** How long an offer (its PDF and its link) is valid. */
export const OFFER_VALID_DAYS = 30;
export const DECLINE_REASON_MAX = 500;

/** States in which the customer may still answer. */
const OPEN: readonly OfferLinkState[] = ['sent', 'opened'];

/**
 * The state a link is in at `now`: an open one whose validity ended is expired (the stored state
 * is not moved by a clock; every reader asks this).
 */
export function offerLinkStateOf(
  link: { state: OfferLinkState; expiresAt: Date },
  now: Date,
): OfferLinkState {
  return OPEN.includes(link.state) && link.expiresAt <= now ? 'expired' : link.state;
}

export const isAnswerable = (state: OfferLinkState) => OPEN.includes(state);

/**
 * A link is sent and answered while its variant is a quote: once the request went to the
 * provider, the customer's choice is made (an accept then would change an approved period).
 */
export const mayOfferLink = (state: CalculationState) => categoryOf(state) === 'Quote';

/** What the salesperson sends: to whom, which periods (as the offer: up to 4), a note. */
export const CustomerLinkBody = z.object({
  email: z.email('an e-mail address').max(254),
  periods: z.array(z.number().int().min(1).max(120)).min(1).max(MAX_OFFER_PERIODS),
  note: z.string().trim().max(NOTE_MAX, 'tooLong').default(''),
  languageCode: z.string().max(10).optional(),
});
export type CustomerLinkBody = z.infer<typeof CustomerLinkBody>;

export const AcceptBody = z.object({ periodInMonths: z.number().int().min(1).max(120) });
export const DeclineBody = z.object({
  reason: z.string().trim().min(1, 'required').max(DECLINE_REASON_MAX, 'tooLong'),
});

/** What a variant offers besides its results: the terms the page and the PDF show. */
export interface OfferedTerms {
  paymentFrequency: string;
  paymentPlan?: string;
  rentFreeMonths?: number | null;
  handlingFeeAmount?: number;
  advancePaymentAmount?: number;
  securityDepositAmount?: number;
  financingObjects?: unknown[];
  generalObject?: unknown;
}

/**
 * The offer a link is bound to, as one text: per offered period what the customer is shown, and
 * the terms beside it (frequency, plan, rent-free months, fees, objects). A save that changes any
 * of them withdraws the link.
 */
export function offeredFigures(
  v: { results: ResultRow[]; payload: OfferedTerms },
  periods: number[],
): string {
  const p = v.payload;
  return JSON.stringify({
    periods: periods.map((period) => {
      const r = v.results.find((x) => x.periodInMonths === period);
      return r
        ? [period, r.netAcquisitionValueAmount, r.totalInstallmentAmount, r.billingPeriod, r.schedule ?? []]
        : [period, null];
    }),
    terms: [
      p.paymentFrequency,
      p.paymentPlan ?? null,
      p.rentFreeMonths ?? 0,
      p.handlingFeeAmount ?? 0,
      p.advancePaymentAmount ?? 0,
      p.securityDepositAmount ?? 0,
    ],
    objects: p.financingObjects?.length ? p.financingObjects : (p.generalObject ?? null),
  });
}
