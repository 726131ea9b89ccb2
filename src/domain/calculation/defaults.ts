/** Defaults and limits of a new calculation (portal specification, “Entities and their fields”, “Validation rules” and “Business constants and limits”). */
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
