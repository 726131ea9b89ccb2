/** Defaults and limits of a new calculation (spec 000 sections 3, 5 and 9). */
export const CALCULATION_DEFAULTS = {
  currencyCode: 'EUR',
  paymentFrequency: 'monthly',
  paymentMethod: 'invoice',
  paymentPlan: 'none',
  objectQuantity: 1,
  objectPrice: 1,
  maxObjects: 99,
  maxComparedVariants: 4,
  maxOfferPeriods: 4,
  rentFreeStartMaxMonths: 12,
} as const;
