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
