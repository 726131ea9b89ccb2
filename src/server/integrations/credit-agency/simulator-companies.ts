import { composeIBAN } from 'ibantools';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { DEMO_PARTNERS, DEMO_WORK } from '../../demo/world';
import { bankCodesOf, bankName, bankgiroInstitution } from '../bank-directory/banks';
import type { AgencyAddress, AgencyBankAccount, AgencyCompany, AgencyPerson } from './port';
import { placesOf, type Place } from './postcodes';
import { companyName, LEGAL_FORMS, registration, slug, stem } from './simulator-names';
import { italianCin, Random } from './simulator-random';
import { luhnCheckDigit } from '../../../domain/check-digits';
import { WORDS, type Country, type CountryWords } from './simulator-words';

/**
 * The companies of the simulated credit agency (see simulator.ts for the named ones), made up
 * from a seeded random sequence: the same ones on every start.
 */

export interface SimulatedCompany extends AgencyCompany {
  /** What is deliberately missing, for the companies that are incomplete on purpose. */
  incomplete?: string;
}

interface Named {
  name: string;
  legalForm: string;
  town: string;
  scoreClass: AgencyCompany['scoreClass'];
  incomplete?: boolean;
}

/** Companies with fixed names for demos and tests (listed in simulator.ts). */
const NAMED: Record<Country, Named[]> = {
  SE: [
    { name: 'Malmö Kontorsservice AB', legalForm: 'AB', town: 'Malmö', scoreClass: 2, incomplete: true },
    { name: 'Stockholms Kontorsmaskiner AB', legalForm: 'AB', town: 'Stockholm', scoreClass: 1 },
    { name: 'Nordic Office Supply AB', legalForm: 'AB', town: 'Stockholm', scoreClass: 1 },
    { name: 'Nordic Office Möbler AB', legalForm: 'AB', town: 'Göteborg', scoreClass: 2 },
    { name: 'Nordic Office Teknik Väst AB', legalForm: 'AB', town: 'Göteborg', scoreClass: 3 },
    { name: 'Nordic Office Print HB', legalForm: 'HB', town: 'Uppsala', scoreClass: 4 },
    { name: 'Norrlands Bygg & Fastighet AB', legalForm: 'AB', town: 'Umeå', scoreClass: 6 },
  ],
  DE: [
    { name: 'Rheinische Druck GmbH', legalForm: 'GmbH', town: 'Köln', scoreClass: 1 },
    { name: 'Kölner Bürodienst GmbH', legalForm: 'GmbH', town: 'Köln', scoreClass: 2, incomplete: true },
    { name: 'Bonner Kopiertechnik GmbH', legalForm: 'GmbH', town: 'Bonn', scoreClass: 3 },
    { name: 'Siebengebirge Logistik KG', legalForm: 'KG', town: 'Bonn', scoreClass: 5 },
    { name: 'Eifel Bau GmbH', legalForm: 'GmbH', town: 'Köln', scoreClass: 6 },
  ],
  IT: [{ name: 'Milano Ufficio S.r.l.', legalForm: 'SRL', town: 'Milano', scoreClass: 2 }],
};

const COUNTRIES: { countryIso: Country; count: number; seed: number }[] = [
  { countryIso: 'SE', count: 3000, seed: 752 },
  { countryIso: 'DE', count: 3000, seed: 276 },
  { countryIso: 'IT', count: 300, seed: 380 },
];

const COLLATION: Record<Country, string> = { SE: 'sv', DE: 'de', IT: 'it' };
const DIRECTOR_FORMS = new Set(['AB', 'EK', 'GmbH', 'UG', 'AG', 'SRL', 'SPA']);
const INCOMPLETE = 'director without date of birth';

function townWeights(words: CountryWords, places: readonly Place[]) {
  return places.map((p) => [p, words.townWeights[p.town] ?? 1] as const);
}

function address(r: Random, country: Country, place: Place): AgencyAddress {
  const words = WORDS[country];
  const number = r.int(1, country === 'SE' ? 80 : 140);
  const suffix = country === 'DE' && r.chance(0.1) ? r.pick(['a', 'b']) : '';
  return {
    street: `${r.pick(words.streets)} ${number}${suffix}`,
    zip: r.pick(place.postcodes),
    town: place.town,
    region: place.region,
    countryIso: country,
  };
}

const COUNTRY_CODES: Record<Country, string> = { SE: '46', DE: '49', IT: '39' };

function mobile(r: Random, country: Country): string {
  if (country === 'SE') return `+467${r.pick(['0', '2', '3', '6'])}${r.digits(7, false)}`;
  if (country === 'DE') {
    const prefix = r.pick(['151', '152', '160', '170', '171', '176']);
    return `+49${prefix}${r.digits(['151', '152', '176'].includes(prefix) ? 8 : 7, false)}`;
  }
  return `+39${r.pick(['320', '328', '333', '335', '338', '339', '340', '347', '348', '349', '366', '389', '392'])}${r.digits(7)}`;
}

function landline(r: Random, country: Country, town: string): string {
  const area = WORDS[country].areaCodes[town];
  if (area) {
    const length = country === 'SE' ? 9 : country === 'DE' ? 11 : 10;
    const number = `+${COUNTRY_CODES[country]}${area}${r.digits(length - area.length)}`;
    if (isValidPhoneNumber(number)) return number;
  }
  return mobile(r, country);
}

function person(
  r: Random,
  country: Country,
  role: AgencyPerson['role'],
  places: readonly (readonly [Place, number])[],
  home: Place,
): AgencyPerson {
  const words = WORDS[country];
  const p: AgencyPerson = {
    firstName: r.pick(words.firstNames),
    lastName: r.pick(words.lastNames),
    role,
  };
  if (country === 'DE' && r.chance(0.08)) p.title = 'Dr.';
  if (r.chance(0.7)) p.mobile = mobile(r, country);
  // A contact person is reached at the company's main address only.
  if (role === 'director') {
    p.dateOfBirth = r.date(1950, 1994);
    p.privateAddress = address(r, country, r.chance(0.6) ? home : r.weighted(places));
  }
  return p;
}

function bankAccount(r: Random, country: Country, holder: string): AgencyBankAccount {
  if (country === 'SE' && r.chance(0.8)) {
    const base = r.digits(r.chance(0.5) ? 6 : 7);
    const digits = `${base}${luhnCheckDigit(base)}`;
    const bankgiroNumber = `${digits.slice(0, -4)}-${digits.slice(-4)}`;
    return { kind: 'bankgiro', bankgiroNumber, bankName: bankgiroInstitution(bankgiroNumber), holder };
  }
  const code = r.pick(bankCodesOf(country));
  const bban =
    country === 'SE'
      ? `${code}${r.digits(17, false)}`
      : country === 'DE'
        ? `${code}${r.digits(r.int(7, 10)).padStart(10, '0')}`
        : (() => {
            const rest = `${code}${r.digits(5)}${'0'.repeat(6)}${r.digits(6)}`;
            return `${italianCin(rest)}${rest}`;
          })();
  const iban = composeIBAN({ countryCode: country, bban });
  if (!iban) throw new Error(`simulator: no IBAN for ${country} ${bban}`);
  return { kind: 'iban', iban, bankName: bankName(country, code)!, holder };
}

const SCORES = [
  [1, 18],
  [2, 30],
  [3, 30],
  [4, 12],
  [5, 7],
  [6, 3],
] as const;

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

function company(r: Random, country: Country, sequence: number, named?: Named): SimulatedCompany {
  const words = WORDS[country];
  const places = townWeights(words, placesOf(country));
  const legalForm = named?.legalForm ?? r.weighted(LEGAL_FORMS[country]);
  const place = named ? placesOf(country).find((p) => p.town === named.town)! : r.weighted(places);
  const name = named?.name ?? companyName(r, country, legalForm, place.town);
  const domain = `${slug(stem(name))}.${words.topLevelDomain}`;
  const persons: AgencyPerson[] = [];
  if (DIRECTOR_FORMS.has(legalForm)) {
    persons.push(person(r, country, 'director', places, place));
    if (r.chance(0.3)) persons.push(person(r, country, 'director', places, place));
    if (r.chance(0.25)) persons.push(person(r, country, 'contact', places, place));
  } else persons.push(person(r, country, r.chance(0.6) ? 'director' : 'contact', places, place));

  const c: SimulatedCompany = {
    agencyId: `CA-${country}-${String(sequence + 1).padStart(6, '0')}`,
    agencyCustomerId: `${{ SE: 1, DE: 2, IT: 3 }[country]}${String(sequence + 1).padStart(7, '0')}`,
    countryIso: country,
    name,
    legalForm,
    ...defined(registration(r, country, legalForm, place.town, name)),
    scoreClass: named?.scoreClass ?? r.weighted(SCORES),
    phone: landline(r, country, place.town),
    mainAddress: address(r, country, place),
    persons,
  };
  if (r.chance(0.85)) c.dateOfEstablishment = r.date(1952, 2023);
  if (r.chance(0.8)) c.email = `${r.pick(words.mailboxes)}@${domain}`;
  if (r.chance(0.7)) c.website = `www.${domain}`;
  if (r.chance(0.92) || country === 'DE') c.bankAccount = bankAccount(r, country, name);
  const director = persons.find((p) => p.role === 'director');
  if (director && (named?.incomplete ?? (!named && r.chance(0.005)))) {
    delete director.dateOfBirth;
    c.incomplete = INCOMPLETE;
  }
  return c;
}

const nameKey = (s: string) => s.normalize('NFC').trim().toLowerCase();
const registrationKey = (s: string) => s.replace(/[\s-]/g, '').toUpperCase();

/** Names no generated company may contain: the demo customers and the named companies. */
function reservedNames(): string[] {
  return [
    ...DEMO_WORK.flatMap((w) => [
      ...w.calculations.map((c) => c.applicantName),
      ...w.contracts.map((c) => c.customerName),
    ]),
    ...DEMO_PARTNERS.map((p) => p.name),
    ...Object.values(NAMED).flatMap((list) => list.map((n) => n.name)),
  ].map((n) => nameKey(stem(n)));
}

/** The companies of each country, by name; names and registration numbers are unique. */
export function generateCompanies(): Map<Country, SimulatedCompany[]> {
  const reserved = reservedNames();
  const world = new Map<Country, SimulatedCompany[]>();
  for (const { countryIso, count, seed } of COUNTRIES) {
    const r = new Random(seed);
    const names = new Set<string>();
    const registrations = new Set<string>();
    const companies: SimulatedCompany[] = [];
    const add = (c: SimulatedCompany) => {
      names.add(nameKey(c.name));
      registrations.add(registrationKey(c.registrationNumber!));
      companies.push(c);
    };
    for (const named of NAMED[countryIso]) add(company(r, countryIso, companies.length, named));
    while (companies.length < count) {
      const c = company(r, countryIso, companies.length);
      const key = nameKey(c.name);
      if (
        c.name.length <= 50 &&
        !names.has(key) &&
        !registrations.has(registrationKey(c.registrationNumber!)) &&
        !reserved.some((n) => key.includes(n))
      )
        add(c);
    }
    world.set(
      countryIso,
      companies.sort((a, b) => a.name.localeCompare(b.name, COLLATION[countryIso])),
    );
  }
  return world;
}
