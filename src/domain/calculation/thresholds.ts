/**
 * The provider's amount thresholds (docs/domain.md, "Amounts and currencies"). An amount means
 * nothing without its currency: a brand's own settings are counted in the brand's currency (its
 * instant-decision limit, its condition lists with their report threshold), and where it has
 * none, the default of that currency applies. A currency without defaults gets the safe side:
 * no instant decision, a report for every customer and no minimum redemption fee, until the
 * provider sets its own.
 */
export interface AmountThresholds {
  /** A customer of a deal above this NAV needs a credit-agency report. */
  creditReportRequiredAbove: number;
  /** Above this NAV an underwriter decides; at or below it the rules decide at once. */
  instantDecisionLimit: number;
  /** The smallest fee of a redemption offer (1 % of the amount otherwise). */
  redemptionMinimumFee: number;
}

export const THRESHOLD_DEFAULTS: Readonly<Record<string, AmountThresholds>> = {
  EUR: { creditReportRequiredAbove: 10_000, instantDecisionLimit: 25_000, redemptionMinimumFee: 100 },
  CHF: { creditReportRequiredAbove: 10_000, instantDecisionLimit: 25_000, redemptionMinimumFee: 100 },
  SEK: { creditReportRequiredAbove: 100_000, instantDecisionLimit: 250_000, redemptionMinimumFee: 1_000 },
};

const SAFE_SIDE: AmountThresholds = {
  creditReportRequiredAbove: 0,
  instantDecisionLimit: 0,
  redemptionMinimumFee: 0,
};

/** The defaults of a currency, or the safe side for one without. */
export const thresholdsOf = (currencyCode: string): AmountThresholds =>
  THRESHOLD_DEFAULTS[currencyCode] ?? SAFE_SIDE;

/** Whether a currency has defaults, so that a brand may be made in it without its own limit. */
export const hasThresholdDefaults = (currencyCode: string) => currencyCode in THRESHOLD_DEFAULTS;

/**
 * The lists a brand of this currency may use: a list's amounts (limits, fees, its report
 * threshold) are counted in its own currency, the brand's when it names none.
 */
export const countsIn = (list: { currencyCode?: string }, currencyCode: string) =>
  (list.currencyCode ?? currencyCode) === currencyCode;

export const listsCountedIn = <L extends { currencyCode?: string }>(lists: L[], currencyCode: string) =>
  lists.filter((l) => countsIn(l, currencyCode));
