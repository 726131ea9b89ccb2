import type { ProviderContractState } from '../../domain/calculation/states';
/**
 * The demo world of docs/domain.md section 7 as data: partners, brands and users of every role.
 * The README's table of demo users is this list; `npm start` prints it too.
 */
export const DEMO_PASSWORD = 'Leasing-Demo-2026';

export interface DemoPartner {
  id: string;
  name: string;
  countryIso: string;
  companyLocale: string;
  languages: string[];
  enabledFeatures: string[];
  isLogoUploadPermitted: boolean;
  brands: {
    id: string;
    name: string;
    branding: string;
    currencyCode?: string;
    /** The brand's own instant-decision limit, in its currency; its currency's default without. */
    instantDecisionLimit?: number;
    /** Its contracts may be signed with BankID (Swedish brands). */
    signsWithBankId?: boolean;
  }[];
}

export const DEMO_PARTNERS: DemoPartner[] = [
  {
    id: '752-10001',
    name: 'Nordic Office Solutions AB',
    countryIso: 'SE',
    companyLocale: 'sv-SE',
    languages: ['sv-SE', 'en-IE'],
    // The partner signs its contracts too (contract details: a partner signee is required).
    enabledFeatures: ['ShowCompanyLogo', 'PartnerSignee'],
    isLogoUploadPermitted: true,
    // Swedish brands calculate in kronor, and decide at once only small deals (25,000 kr).
    brands: [
      {
        id: 'SE-NOS',
        name: 'Nordic Office Solutions',
        branding: 'office',
        currencyCode: 'SEK',
        instantDecisionLimit: 25_000,
        signsWithBankId: true,
      },
      {
        id: 'SE-NML',
        name: 'Nordic Medical Leasing',
        branding: 'medical',
        currencyCode: 'SEK',
        instantDecisionLimit: 25_000,
        signsWithBankId: true,
      },
    ],
  },
  {
    id: '276-20001',
    name: 'Rheinland Bürotechnik GmbH',
    countryIso: 'DE',
    companyLocale: 'de-DE',
    // A dealer whose staff and customers speak many languages: the demo shows them, Arabic right to left.
    languages: ['de-DE', 'en-IE', 'es-ES', 'nl-NL', 'pl-PL', 'tr-TR', 'ar-AE'],
    enabledFeatures: ['ShowCompanyLogo'],
    isLogoUploadPermitted: true,
    brands: [
      { id: 'DE-RBT', name: 'Rheinland Bürotechnik', branding: 'office' },
      { id: 'DE-RIT', name: 'Rheinland IT-Miete', branding: 'it' },
    ],
  },
  {
    // A Swiss dealer working in three of the country's languages, each with Swiss formats.
    id: '756-30001',
    name: 'Léman Bureautique SA',
    countryIso: 'CH',
    companyLocale: 'fr-CH',
    languages: ['fr-CH', 'de-CH', 'it-CH', 'en-IE'],
    enabledFeatures: ['ShowCompanyLogo'],
    isLogoUploadPermitted: true,
    brands: [{ id: 'CH-LBT', name: 'Léman Bureautique', branding: 'office', currencyCode: 'CHF' }],
  },
  {
    id: '000-00001',
    name: 'Provider back office',
    countryIso: 'DE',
    companyLocale: 'en-IE',
    languages: ['en-IE', 'de-DE', 'sv-SE'],
    enabledFeatures: [],
    isLogoUploadPermitted: false,
    brands: [{ id: 'PROVIDER', name: 'Credit back office', branding: 'provider' }],
  },
];

export interface DemoUser {
  role: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Has not accepted the terms yet: the portal asks at sign-in. */
  termsPending?: boolean;
  /** The users this person acts as: partner, flags and profiles (brand id, read-only). */
  acts: {
    partnerId: string;
    branchName: string;
    isAdmin?: boolean;
    hasGlobalAccess?: boolean;
    isExcelDownloadPermitted?: boolean;
    canMoveCalculations?: boolean;
    isApiUser?: boolean;
    isUnderwriter?: boolean;
    /** An underwriter's approval limit per currency (NAV). */
    approvalLimits?: Record<string, number>;
    profiles: { brandId: string; readOnly?: boolean }[];
  }[];
}

export const DEMO_USERS: DemoUser[] = [
  {
    role: 'admin (two partners, two brands)',
    email: 'anna.lind@nordic-office.example',
    firstName: 'Anna',
    lastName: 'Lind',
    acts: [
      {
        partnerId: '752-10001',
        branchName: 'Stockholm',
        isAdmin: true,
        hasGlobalAccess: true,
        isExcelDownloadPermitted: true,
        canMoveCalculations: true,
        profiles: [{ brandId: 'SE-NOS' }, { brandId: 'SE-NML' }],
      },
      {
        partnerId: '276-20001',
        branchName: 'Köln',
        hasGlobalAccess: true,
        profiles: [{ brandId: 'DE-RBT' }],
      },
    ],
  },
  {
    role: 'sales, full access',
    email: 'erik.berg@nordic-office.example',
    firstName: 'Erik',
    lastName: 'Berg',
    acts: [
      {
        partnerId: '752-10001',
        branchName: 'Göteborg',
        hasGlobalAccess: true,
        isExcelDownloadPermitted: true,
        profiles: [{ brandId: 'SE-NOS' }],
      },
    ],
  },
  {
    role: 'sales, own calculations only',
    email: 'maja.holm@nordic-office.example',
    firstName: 'Maja',
    lastName: 'Holm',
    acts: [{ partnerId: '752-10001', branchName: 'Malmö', profiles: [{ brandId: 'SE-NOS' }] }],
  },
  {
    role: 'sales, terms not yet accepted',
    email: 'sofia.ek@nordic-office.example',
    firstName: 'Sofia',
    lastName: 'Ek',
    termsPending: true,
    acts: [
      {
        partnerId: '752-10001',
        branchName: 'Uppsala',
        hasGlobalAccess: true,
        profiles: [{ brandId: 'SE-NOS' }],
      },
    ],
  },
  {
    role: 'admin',
    email: 'lukas.weber@rheinland-buero.example',
    firstName: 'Lukas',
    lastName: 'Weber',
    acts: [
      {
        partnerId: '276-20001',
        branchName: 'Köln',
        isAdmin: true,
        hasGlobalAccess: true,
        isExcelDownloadPermitted: true,
        canMoveCalculations: true,
        profiles: [{ brandId: 'DE-RBT' }, { brandId: 'DE-RIT' }],
      },
    ],
  },
  {
    role: 'sales, one brand read-only',
    email: 'jonas.koch@rheinland-buero.example',
    firstName: 'Jonas',
    lastName: 'Koch',
    acts: [
      {
        partnerId: '276-20001',
        branchName: 'Bonn',
        hasGlobalAccess: true,
        profiles: [{ brandId: 'DE-RBT' }, { brandId: 'DE-RIT', readOnly: true }],
      },
    ],
  },
  {
    role: 'API only (refused by the portal)',
    email: 'api.connector@rheinland-buero.example',
    firstName: 'API',
    lastName: 'Connector',
    acts: [
      { partnerId: '276-20001', branchName: 'Köln', isApiUser: true, profiles: [{ brandId: 'DE-RBT' }] },
    ],
  },
  {
    role: 'sales, Swiss dealer (French, German, Italian)',
    email: 'claire.dubois@leman-bureautique.example',
    firstName: 'Claire',
    lastName: 'Dubois',
    acts: [
      {
        partnerId: '756-30001',
        branchName: 'Lausanne',
        hasGlobalAccess: true,
        isExcelDownloadPermitted: true,
        profiles: [{ brandId: 'CH-LBT' }],
      },
    ],
  },
  {
    role: 'provider underwriter',
    email: 'ulla.berger@provider.example',
    firstName: 'Ulla',
    lastName: 'Berger',
    acts: [
      {
        partnerId: '000-00001',
        branchName: 'Credit',
        isUnderwriter: true,
        approvalLimits: { EUR: 500_000, CHF: 500_000, SEK: 5_000_000 },
        hasGlobalAccess: true,
        profiles: [{ brandId: 'PROVIDER' }],
      },
    ],
  },
  {
    role: 'provider administrator (loads price lists and underwriters)',
    email: 'peter.krause@provider.example',
    firstName: 'Peter',
    lastName: 'Krause',
    acts: [
      {
        partnerId: '000-00001',
        branchName: 'Pricing',
        isAdmin: true,
        hasGlobalAccess: true,
        profiles: [{ brandId: 'PROVIDER' }],
      },
    ],
  },
];

/**
 * A calendar day some months (the day clamped to the month's end) and days from the day the
 * demo world is loaded (UTC), 'YYYY-MM-DD'.
 */
function fromToday(months: number, days = 0): string {
  const now = new Date();
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + months;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(now.getUTCDate(), last) + days)).toISOString().slice(0, 10);
}

/**
 * A demo contract. Its state follows the calendar (docs/domain.md section 4): the dates, relative to
 * the day the demo is loaded, give every contract state; the terms are those of the contract
 * (src/server/demo/contracts.ts completes them).
 */
export interface DemoContract {
  referenceCode: string;
  customerName: string;
  state: string;
  startDate: string | null;
  endDate: string | null;
  subLesseeName?: string;
  customerEmail?: string;
  nav?: number;
  annualRatePercent?: number;
  residualValuePercent?: number;
  paymentFrequency?: 'monthly' | 'quarterly' | 'daily';
  cancelledAt?: string;
  returnedAt?: string;
  paidAt?: string;
  /** The state the provider's servicing system gives it (docs/domain.md, "Contracts"). */
  providerState?: ProviderContractState;
}

/**
 * Work that demo users own, so that administration has something to move: calculation sets and
 * contracts by owner and brand (the calculations and contracts issues fill in their content).
 */
export const DEMO_WORK: {
  owner: string;
  brandId: string;
  calculations: { applicantName: string; state: string }[];
  contracts: DemoContract[];
}[] = [
  {
    owner: 'maja.holm@nordic-office.example',
    brandId: 'SE-NOS',
    calculations: [
      { applicantName: 'Malmö Tandvård AB', state: 'inWork' },
      { applicantName: 'Skåne Bygg & Montage AB', state: 'offerToCustomer' },
      { applicantName: 'Lunds Kaffebar HB', state: 'readyToSign' },
    ],
    contracts: [
      {
        referenceCode: '752-0000101',
        customerName: 'Öresund Logistik AB',
        state: 'runningContract',
        startDate: '2025-03-01',
        endDate: '2029-02-28',
      },
    ],
  },
  {
    owner: 'erik.berg@nordic-office.example',
    brandId: 'SE-NOS',
    calculations: [{ applicantName: 'Göteborgs Trycksaker AB', state: 'inWork' }],
    contracts: [
      {
        referenceCode: '752-0000102',
        customerName: 'Västkustens Marinservice AB',
        state: 'runningContract',
        startDate: fromToday(-14),
        endDate: fromToday(34, -1),
        nav: 48_500,
        annualRatePercent: 5.9,
      },
      {
        referenceCode: '752-0000103',
        customerName: 'Kiruna Fjällbuss AB',
        state: 'expiringSoon',
        startDate: fromToday(-35),
        endDate: fromToday(1, -1),
        nav: 22_900,
        annualRatePercent: 6.9,
        residualValuePercent: 10,
      },
      {
        referenceCode: '752-0000104',
        customerName: 'Dalarnas Snickeri & Trä AB',
        state: 'prolongedContract',
        startDate: fromToday(-38),
        endDate: fromToday(-2, -1),
        nav: 12_400,
        annualRatePercent: 7.9,
        residualValuePercent: 15,
        paymentFrequency: 'quarterly',
      },
      {
        referenceCode: '752-0000105',
        customerName: 'Halmstad Ljud & Bild HB',
        state: 'cancelled',
        startDate: fromToday(-20),
        endDate: fromToday(16, -1),
        cancelledAt: fromToday(-1),
        nav: 9_800,
        annualRatePercent: 8.9,
      },
      {
        referenceCode: '752-0000106',
        customerName: 'Visby Hamnkrog AB',
        state: 'paid',
        startDate: fromToday(-40),
        endDate: fromToday(-4, -1),
        returnedAt: fromToday(-3),
        paidAt: fromToday(-3),
        nav: 15_750,
        annualRatePercent: 7.4,
      },
      {
        referenceCode: '752-0000107',
        customerName: 'Umeå Laboratorieteknik AB',
        state: 'applicationSettled',
        startDate: fromToday(1),
        endDate: fromToday(49, -1),
        nav: 61_200,
        annualRatePercent: 5.4,
      },
      {
        referenceCode: '752-0000108',
        customerName: 'Norrlands Kyl & Frys AB',
        subLesseeName: 'Luleå Fiskhall HB',
        state: 'runningContract',
        startDate: fromToday(-6),
        endDate: fromToday(30, -1),
        nav: 18_300,
        annualRatePercent: 6.4,
      },
      {
        referenceCode: '752-0000109',
        customerName: 'Gotlands Äldre Avtal AB',
        state: 'unknown',
        startDate: null,
        endDate: null,
      },
    ],
  },
  {
    owner: 'jonas.koch@rheinland-buero.example',
    brandId: 'DE-RBT',
    calculations: [{ applicantName: 'Bäckerei Schmitz GmbH', state: 'requestToGrenke' }],
    contracts: [
      {
        referenceCode: '276-0000201',
        customerName: 'Kanzlei Richter & Partner',
        state: 'runningContract',
        startDate: '2024-06-01',
        endDate: '2028-05-31',
      },
      {
        referenceCode: '276-0000202',
        customerName: 'Eifeler Landmaschinen GmbH',
        state: 'expiringSoon',
        startDate: fromToday(-46),
        endDate: fromToday(2, -1),
        nav: 38_000,
        annualRatePercent: 5.9,
        residualValuePercent: 10,
      },
      {
        referenceCode: '276-0000203',
        customerName: 'Praxis Dr. Hoffmann',
        state: 'prolongedContract',
        startDate: fromToday(-50),
        endDate: fromToday(-2, -1),
        nav: 27_400,
        annualRatePercent: 6.9,
        residualValuePercent: 15,
      },
      {
        referenceCode: '276-0000204',
        customerName: 'Siegtal Druckerei KG',
        state: 'cancelled',
        startDate: fromToday(-18),
        endDate: fromToday(18, -1),
        cancelledAt: fromToday(0, -10),
        nav: 14_900,
        annualRatePercent: 7.9,
      },
      {
        referenceCode: '276-0000205',
        customerName: 'Moselblick Hotel GmbH',
        state: 'paid',
        startDate: fromToday(-38),
        endDate: fromToday(-2, -1),
        returnedAt: fromToday(-1),
        paidAt: fromToday(-1),
        nav: 19_900,
        annualRatePercent: 6.9,
      },
      {
        referenceCode: '276-0000206',
        customerName: 'Ahrtal Weinkontor GmbH',
        state: 'applicationSettled',
        startDate: fromToday(0, 14),
        endDate: fromToday(36, 13),
        nav: 11_300,
        annualRatePercent: 7.4,
      },
      {
        referenceCode: '276-0000207',
        customerName: 'Rhein-Sieg Gebäudetechnik GmbH',
        subLesseeName: 'Hausverwaltung Brühl GmbH',
        state: 'runningContract',
        startDate: fromToday(-9),
        endDate: fromToday(39, -1),
        nav: 44_600,
        annualRatePercent: 5.4,
        paymentFrequency: 'quarterly',
      },
      {
        referenceCode: '276-0000208',
        customerName: 'Altvertrag Bonner Kopierdienst',
        state: 'unknown',
        startDate: null,
        endDate: null,
      },
      // The states only the provider's servicing system knows, whatever the dates say.
      {
        referenceCode: '276-0000209',
        customerName: 'Westerwald Keramik GmbH',
        state: 'active',
        providerState: 'active',
        startDate: fromToday(-6),
        endDate: fromToday(30, -1),
      },
      {
        referenceCode: '276-0000210',
        customerName: 'Nahe Getränkehandel KG',
        state: 'expired',
        providerState: 'expired',
        startDate: fromToday(-49),
        endDate: fromToday(-1, -1),
      },
      {
        referenceCode: '276-0000211',
        customerName: 'Hunsrück Tischlerei Braun',
        state: 'closed',
        providerState: 'closed',
        startDate: fromToday(-62),
        endDate: fromToday(-14, -1),
        paidAt: fromToday(-13),
      },
      {
        referenceCode: '276-0000212',
        customerName: 'Pfalz Reisebüro GmbH',
        state: 'defective',
        providerState: 'defective',
        startDate: fromToday(-20),
        endDate: fromToday(28, -1),
      },
      {
        referenceCode: '276-0000213',
        customerName: 'Koblenzer Fahrschule Lenz',
        state: 'rescinded',
        providerState: 'rescinded',
        startDate: fromToday(-3),
        endDate: fromToday(33, -1),
      },
      {
        referenceCode: '276-0000214',
        customerName: 'Saar Elektro Service GmbH',
        state: 'locked',
        providerState: 'locked',
        startDate: fromToday(-27),
        endDate: fromToday(21, -1),
      },
    ],
  },
];
