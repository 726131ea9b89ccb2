import { z } from 'zod';
import {
  CALCULATION_STATES,
  STATE_CATEGORIES,
  type CalculationState,
  type StateCategory,
} from './calculation/states';
import { OFFER_LINK_STATES } from './offer-links';

/**
 * The start screen's content (portal specification, “Screens and routes”, GET /api/dashboard): counts per state
 * category, the calculations waiting for the user, the volume of the last 12 months and the
 * last sign-in, all in the scope of the calculation list (the selected brand; without global
 * access only the caller's own sets).
 */
export const DASHBOARD_MONTHS = 12;
export const ACTION_ITEMS_LIMIT = 5;

/** What the user has to act on, by the states that ask for it. */
export const ACTION_KINDS = {
  missingQuoteInfo: ['missingQuoteInfo'],
  readyToSign: ['readyToSign'],
  awaitingSignature: ['awaitingCustomerSignature', 'awaitingPartnerSignature'],
} as const satisfies Record<string, readonly CalculationState[]>;
export type ActionKind = keyof typeof ACTION_KINDS;
export const ACTION_KIND_NAMES = Object.keys(ACTION_KINDS) as ActionKind[];

export const CATEGORY_NAMES = Object.keys(STATE_CATEGORIES) as StateCategory[];

const state = z.enum(CALCULATION_STATES as [CalculationState, ...CalculationState[]]);

export const DashboardActionItem = z.object({
  calculationSetId: z.string(),
  calculationVariantId: z.string(),
  /** The applicant's name (may be empty while none is chosen). */
  customerName: z.string(),
  state,
  lastEdited: z.string(),
});
export type DashboardActionItem = z.infer<typeof DashboardActionItem>;

export const DashboardActionList = z.object({
  /** All sets of this kind in scope; `items` are the newest of them. */
  total: z.number().int(),
  items: z.array(DashboardActionItem).max(ACTION_ITEMS_LIMIT),
});
export type DashboardActionList = z.infer<typeof DashboardActionList>;

/** A customer's offer link of the last OFFER_LINKS_DAYS and where it stands (docs/domain.md). */
export const OFFER_LINKS_DAYS = 30;
export const DashboardOfferLink = z.object({
  calculationSetId: z.string(),
  calculationVariantId: z.string(),
  customerName: z.string(),
  state: z.enum(OFFER_LINK_STATES),
  acceptedPeriod: z.number().nullable(),
  declineReason: z.string().nullable(),
  /** Its last step: sent, answered or withdrawn. */
  at: z.string(),
});
export type DashboardOfferLink = z.infer<typeof DashboardOfferLink>;

export const DashboardMonth = z.object({
  /** 'YYYY-MM' in the caller's time zone (X-Timezone-Offset). */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** The sum of the NAV of the sets created in that month, in `currencyCode`. */
  amount: z.number(),
  /** How many sets were created in that month. */
  count: z.number().int(),
});
export type DashboardMonth = z.infer<typeof DashboardMonth>;

export const Dashboard = z.object({
  /** Calculation sets per category, by the state of their leading variant (as the list counts). */
  counts: z.object({
    Quote: z.number().int(),
    Approval: z.number().int(),
    Conclusion: z.number().int(),
    Closed: z.number().int(),
  }) satisfies z.ZodType<Record<StateCategory, number>>,
  actionItems: z.object({
    missingQuoteInfo: DashboardActionList,
    readyToSign: DashboardActionList,
    awaitingSignature: DashboardActionList,
  }) satisfies z.ZodType<Record<ActionKind, DashboardActionList>>,
  /** The offer links sent in the last OFFER_LINKS_DAYS; `items` the newest by their last step. */
  offerLinks: z.object({
    total: z.number().int(),
    items: z.array(DashboardOfferLink).max(ACTION_ITEMS_LIMIT),
  }),
  /** Twelve months, oldest first, the current month last. */
  volume: z.array(DashboardMonth).length(DASHBOARD_MONTHS),
  /** The brand's currency, of every amount in `volume`. */
  currencyCode: z.string(),
  /** The sign-in before the current one (as the account profile has it); null at the first. */
  lastSignIn: z.string().nullable(),
});
export type Dashboard = z.infer<typeof Dashboard>;

/** 'YYYY-MM' of a date's year and month as UTC fields. */
export const monthKey = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * The twelve months ending with the one `now` falls in, for a clock `offsetMinutes` behind UTC
 * (JavaScript's getTimezoneOffset: -60 is UTC+1), and the instant the first of them began.
 */
export function dashboardMonths(now: Date, offsetMinutes: number): { months: string[]; from: Date } {
  const local = new Date(now.getTime() - offsetMinutes * 60_000);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const months = Array.from({ length: DASHBOARD_MONTHS }, (_, k) =>
    monthKey(new Date(Date.UTC(y, m - (DASHBOARD_MONTHS - 1) + k, 1))),
  );
  const from = new Date(Date.UTC(y, m - (DASHBOARD_MONTHS - 1), 1) + offsetMinutes * 60_000);
  return { months, from };
}
