/**
 * The demo world of DOMAIN.md section 7 as data: partners, brands and users of every role.
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
  brands: { id: string; name: string; branding: string }[];
}

export const DEMO_PARTNERS: DemoPartner[] = [
  {
    id: '752-10001',
    name: 'Nordic Office Solutions AB',
    countryIso: 'SE',
    companyLocale: 'sv-SE',
    languages: ['sv-SE', 'en-IE'],
    enabledFeatures: ['ShowCompanyLogo'],
    isLogoUploadPermitted: true,
    brands: [
      { id: 'SE-NOS', name: 'Nordic Office Solutions', branding: 'office' },
      { id: 'SE-NML', name: 'Nordic Medical Leasing', branding: 'medical' },
    ],
  },
  {
    id: '276-20001',
    name: 'Rheinland Bürotechnik GmbH',
    countryIso: 'DE',
    companyLocale: 'de-DE',
    languages: ['de-DE', 'en-IE'],
    enabledFeatures: ['ShowCompanyLogo'],
    isLogoUploadPermitted: true,
    brands: [
      { id: 'DE-RBT', name: 'Rheinland Bürotechnik', branding: 'office' },
      { id: 'DE-RIT', name: 'Rheinland IT-Miete', branding: 'it' },
    ],
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
    role: 'provider underwriter',
    email: 'ulla.berger@provider.example',
    firstName: 'Ulla',
    lastName: 'Berger',
    acts: [
      {
        partnerId: '000-00001',
        branchName: 'Credit',
        isUnderwriter: true,
        hasGlobalAccess: true,
        profiles: [{ brandId: 'PROVIDER' }],
      },
    ],
  },
];

/**
 * Work that demo users own, so that administration has something to move: calculation sets and
 * contracts by owner and brand (the calculations and contracts issues fill in their content).
 */
export const DEMO_WORK: {
  owner: string;
  brandId: string;
  calculations: { applicantName: string; state: string }[];
  contracts: {
    referenceCode: string;
    customerName: string;
    state: string;
    startDate: string;
    endDate: string;
  }[];
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
    contracts: [],
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
    ],
  },
];
