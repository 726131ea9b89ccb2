import { namesOf } from '../names';
import type { ConditionList } from '../../domain/calculation/schemas';

/**
 * The demo world's pricing: every brand offers full payout (VA) with three commissions,
 * partial payout (TA) with residual values, a DAS all-in product with counted services (copies,
 * scans) and a percent maintenance fee, and rental (MK). About twenty object types with their
 * manufacturers and period limits.
 */
export const DEMO_MANUFACTURERS: [string, string][] = [
  ['M-LENOVO', 'Lenovo'],
  ['M-DELL', 'Dell'],
  ['M-HP', 'HP'],
  ['M-APPLE', 'Apple'],
  ['M-CANON', 'Canon'],
  ['M-RICOH', 'Ricoh'],
  ['M-KYOCERA', 'Kyocera'],
  ['M-XEROX', 'Xerox'],
  ['M-SAMSUNG', 'Samsung'],
  ['M-EPSON', 'Epson'],
  ['M-CISCO', 'Cisco'],
  ['M-SIEMENS', 'Siemens Healthineers'],
  ['M-DENTSPLY', 'Dentsply Sirona'],
  ['M-PLANMECA', 'Planmeca'],
  ['M-INGENICO', 'Ingenico'],
  ['M-BOSCH', 'Bosch'],
  ['M-MIELE', 'Miele Professional'],
];

export interface DemoObjectType {
  id: string;
  label: string;
  soft: number;
  hard: number;
  counted?: boolean;
  manufacturers: string[];
}

export const DEMO_OBJECT_TYPES: DemoObjectType[] = [
  {
    id: 'OT-LAPTOP',
    label: 'Laptop',
    soft: 48,
    hard: 60,
    manufacturers: ['M-LENOVO', 'M-DELL', 'M-HP', 'M-APPLE'],
  },
  {
    id: 'OT-DESKTOP',
    label: 'Desktop PC',
    soft: 48,
    hard: 60,
    manufacturers: ['M-LENOVO', 'M-DELL', 'M-HP', 'M-APPLE'],
  },
  {
    id: 'OT-MONITOR',
    label: 'Monitor',
    soft: 54,
    hard: 60,
    manufacturers: ['M-DELL', 'M-SAMSUNG', 'M-HP', 'M-LENOVO'],
  },
  {
    id: 'OT-TABLET',
    label: 'Tablet',
    soft: 36,
    hard: 48,
    manufacturers: ['M-APPLE', 'M-SAMSUNG', 'M-LENOVO'],
  },
  { id: 'OT-SERVER', label: 'Server', soft: 60, hard: 72, manufacturers: ['M-DELL', 'M-HP', 'M-LENOVO'] },
  { id: 'OT-NETWORK', label: 'Network equipment', soft: 60, hard: 72, manufacturers: ['M-CISCO', 'M-HP'] },
  {
    id: 'OT-COPIER',
    label: 'Copier',
    soft: 60,
    hard: 72,
    counted: true,
    manufacturers: ['M-CANON', 'M-RICOH', 'M-KYOCERA', 'M-XEROX'],
  },
  {
    id: 'OT-MFP',
    label: 'Multifunction printer',
    soft: 60,
    hard: 72,
    counted: true,
    manufacturers: ['M-CANON', 'M-RICOH', 'M-KYOCERA', 'M-HP'],
  },
  {
    id: 'OT-PRINTER',
    label: 'Printer',
    soft: 48,
    hard: 60,
    counted: true,
    manufacturers: ['M-HP', 'M-EPSON', 'M-KYOCERA'],
  },
  {
    id: 'OT-SCANNER',
    label: 'Document scanner',
    soft: 48,
    hard: 60,
    counted: true,
    manufacturers: ['M-EPSON', 'M-CANON', 'M-RICOH'],
  },
  { id: 'OT-PROJECTOR', label: 'Projector', soft: 48, hard: 60, manufacturers: ['M-EPSON', 'M-CANON'] },
  {
    id: 'OT-DISPLAY',
    label: 'Interactive display',
    soft: 54,
    hard: 72,
    manufacturers: ['M-SAMSUNG', 'M-CISCO'],
  },
  { id: 'OT-PHONE', label: 'Telephone system', soft: 60, hard: 72, manufacturers: ['M-CISCO', 'M-SIEMENS'] },
  {
    id: 'OT-POS',
    label: 'Point-of-sale terminal',
    soft: 48,
    hard: 60,
    manufacturers: ['M-INGENICO', 'M-SAMSUNG'],
  },
  {
    id: 'OT-SECURITY',
    label: 'Security and access system',
    soft: 60,
    hard: 84,
    manufacturers: ['M-BOSCH', 'M-SIEMENS'],
  },
  {
    id: 'OT-DENTAL',
    label: 'Dental treatment unit',
    soft: 72,
    hard: 84,
    manufacturers: ['M-DENTSPLY', 'M-PLANMECA'],
  },
  {
    id: 'OT-XRAY',
    label: 'Dental X-ray',
    soft: 72,
    hard: 84,
    manufacturers: ['M-PLANMECA', 'M-DENTSPLY', 'M-SIEMENS'],
  },
  { id: 'OT-ULTRASOUND', label: 'Ultrasound system', soft: 60, hard: 72, manufacturers: ['M-SIEMENS'] },
  { id: 'OT-STERILIZER', label: 'Steriliser', soft: 60, hard: 72, manufacturers: ['M-MIELE', 'M-DENTSPLY'] },
  {
    id: 'OT-DISHWASHER',
    label: 'Commercial dishwasher',
    soft: 60,
    hard: 72,
    manufacturers: ['M-MIELE', 'M-BOSCH'],
  },
];

const MEDICAL = new Set([
  'OT-DENTAL',
  'OT-XRAY',
  'OT-ULTRASOUND',
  'OT-STERILIZER',
  'OT-LAPTOP',
  'OT-TABLET',
  'OT-MONITOR',
  'OT-PRINTER',
]);

/** Object types a brand finances: medical brands the clinic set, the others all but medical devices. */
export function objectTypesOf(branding: string): string[] {
  return DEMO_OBJECT_TYPES.map((o) => o.id).filter((id) =>
    branding === 'medical'
      ? MEDICAL.has(id)
      : !['OT-DENTAL', 'OT-XRAY', 'OT-ULTRASOUND', 'OT-STERILIZER'].includes(id),
  );
}

const base = {
  hasRecurringServiceFee: true,
  isCountedServicesAvailable: false,
  maintenanceFeeType: 'amount' as 'amount' | 'percent',
  navMinimum: 500,
  navUpperLimit: 250_000,
  rateBands: [
    { navFrom: 0, navTo: 4999.99, annualRatePercent: 9.9 },
    { navFrom: 5000, navTo: 24999.99, annualRatePercent: 7.9 },
    { navFrom: 25000, navTo: 250000, annualRatePercent: 6.5 },
  ],
  damageWaiverPercent: 0.15,
  paymentFrequencies: [
    { code: 'monthly', surchargePercent: 0, surchargeAmount: 0 },
    { code: 'quarterly', surchargePercent: 0, surchargeAmount: 0 },
    { code: 'daily', surchargePercent: 1.5, surchargeAmount: 0.5 },
  ],
  paymentMethods: [
    { code: 'invoice', surchargePercent: 0, surchargeAmount: 2.5 },
    { code: 'directDebit', surchargePercent: 0, surchargeAmount: 0 },
  ],
  handlingFee: { allowed: true, amount: 95 },
  advancePaymentMaxPercent: 30,
  hasRepurchase: false,
};

/**
 * A brand's lists, their amounts counted in the brand's currency. Each names its report
 * threshold, 10,000 in that currency: the demo's provider asks early, also in kronor.
 */
export function conditionListsOf(brandId: string, currencyCode: string): ConditionList[] {
  const lists: ConditionList[] = [];
  const add = (suffix: string, l: Omit<ConditionList, 'id' | keyof typeof base> & Partial<typeof base>) =>
    lists.push({
      creditReportRequiredAbove: 10_000,
      ...base,
      ...l,
      id: `${brandId}-${suffix}`,
      currencyCode,
      // The provider's product names in the portal's languages (the lists carry them).
      productTypeNames: namesOf('productTypes', l.productType),
      // Swiss products' documents are written in the country's languages only, not in English.
      ...(brandId.startsWith('CH-') ? { languages: ['de-DE', 'fr-FR', 'it-IT'] } : {}),
    });
  const vaPeriods = [12, 18, 24, 36, 48, 54, 60, 72];
  for (const commission of [0, 2, 3]) {
    add(`VA-C${commission}`, {
      productId: `${brandId}-VA`,
      productType: 'Full payout leasing',
      contractTypeCode: 'VA',
      commission,
      residualValue: 0,
      periods: vaPeriods,
      defaultPeriod: 36,
      // Full payout lists allow a rent-free start of up to a year, partial payout ones half.
      maxRentFreeMonths: 12,
    });
  }
  for (const residualValue of [10, 15, 20]) {
    for (const commission of [0, 2]) {
      add(`TA-R${residualValue}-C${commission}`, {
        productId: `${brandId}-TA`,
        productType: 'Partial payout leasing',
        contractTypeCode: 'TA',
        commission,
        residualValue,
        periods: [24, 36, 48, 54, 60],
        defaultPeriod: 48,
        maxRentFreeMonths: 6,
      });
    }
  }
  add('TA-R10-C0-RP', {
    productId: `${brandId}-TA`,
    productType: 'Partial payout leasing',
    contractTypeCode: 'TA',
    commission: 0,
    residualValue: 10,
    hasRepurchase: true,
    periods: [24, 36, 48, 54, 60],
    defaultPeriod: 48,
  });
  add('DAS-C0', {
    productId: `${brandId}-DAS`,
    productType: 'DAS all-in (document and print services)',
    contractTypeCode: 'VA',
    commission: 0,
    residualValue: 0,
    isCountedServicesAvailable: true,
    maintenanceFeeType: 'percent',
    periods: [36, 48, 60],
    defaultPeriod: 60,
  });
  // Partial payout with print services: a TA contract whose product type contains DAS.
  add('TADAS-R10-C0', {
    productId: `${brandId}-TADAS`,
    productType: 'DAS partial payout (print services with residual value)',
    contractTypeCode: 'TA',
    commission: 0,
    residualValue: 10,
    isCountedServicesAvailable: true,
    periods: [36, 48, 60],
    defaultPeriod: 48,
  });
  add('MK-C0', {
    productId: `${brandId}-MK`,
    productType: 'Rental',
    contractTypeCode: 'MK',
    commission: 0,
    residualValue: 0,
    damageWaiverPercent: 0,
    handlingFee: { allowed: false, amount: 0 },
    periods: [12, 24, 36],
    defaultPeriod: 24,
  });
  return lists;
}
