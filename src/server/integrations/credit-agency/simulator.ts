import {
  AGENCY_SEARCH_LIMIT,
  type AgencyCompany,
  type AgencySearch,
  type AgencySelectKey,
  type CreditAgency,
} from './port';
import { generateCompanies, type SimulatedCompany } from './simulator-companies';

/**
 * The built-in credit agency of the demo world (docs/domain.md section 7: 'a few thousand agency
 * companies per country with score classes'). The companies are generated in memory at first
 * use from a seeded random sequence: the same companies, ids and figures on every start and on
 * every server copy. Registration numbers, VAT ids, IBANs and bank giro numbers carry valid
 * check digits; addresses are real postcode and town pairs of postcodes.ts.
 *
 * Named companies for demos and tests (searched by these names, each name is unique):
 * - 'Malmö Kontorsservice AB' (SE, score 2) is DELIBERATELY INCOMPLETE: its managing director
 *   has no date of birth, so the customer form has something to fix before it can be saved.
 * - 'Kölner Bürodienst GmbH' (DE, score 2) is deliberately incomplete the same way.
 * - 'Stockholms Kontorsmaskiner AB' (SE, score 1) and 'Rheinische Druck GmbH' (DE, score 1)
 *   are complete; 'Nordic Office Supply AB', 'Nordic Office Möbler AB', 'Nordic Office Teknik
 *   Väst AB' and 'Nordic Office Print HB' (scores 1 to 4) answer a search for 'Nordic Office'.
 * - 'Norrlands Bygg & Fastighet AB' (SE) and 'Eifel Bau GmbH' (DE) have score class 6 (the
 *   provider declines them); 'Siebengebirge Logistik KG' (DE) has 5 (bank guarantee).
 * About one in two hundred of the other companies lacks a director's date of birth too.
 * No name contains a demo calculation's or contract's customer name (src/server/demo/world.ts).
 *
 * This file indexes the companies (simulator-companies.ts makes them) and answers the port.
 */
const textKey = (s: string) => s.normalize('NFC').trim().toLowerCase();
const idKey = (s: string) => s.normalize('NFC').replace(/[\s-]/g, '').toUpperCase();
const zipKey = (s: string) => s.replace(/\s/g, '');

interface Entry {
  company: SimulatedCompany;
  name: string;
  town: string;
  zip: string;
  region: string;
}

interface World {
  byCountry: Map<string, Entry[]>;
  byId: Map<string, Entry[]>;
}

function buildWorld(): World {
  const byCountry = new Map<string, Entry[]>();
  const byId = new Map<string, Entry[]>();
  for (const [countryIso, companies] of generateCompanies()) {
    const entries = companies.map((c) => ({
      company: c,
      name: textKey(c.name),
      town: textKey(c.mainAddress.town),
      zip: zipKey(c.mainAddress.zip),
      region: textKey(c.mainAddress.region),
    }));
    for (const entry of entries) {
      const c = entry.company;
      for (const id of [
        c.agencyId,
        c.agencyCustomerId,
        c.registrationNumber,
        c.vatId,
        c.taxId,
        c.tradeRegisterId,
      ])
        if (id) byId.set(idKey(id), [...(byId.get(idKey(id)) ?? []), entry]);
    }
    byCountry.set(countryIso, entries);
  }
  return { byCountry, byId };
}

let world: World | undefined;
const theWorld = () => (world ??= buildWorld());

/** Every simulated company of a country (or all), for tests and the demo. */
export function simulatedCompanies(countryIso?: string): SimulatedCompany[] {
  const { byCountry } = theWorld();
  const lists = countryIso ? [byCountry.get(countryIso.toUpperCase()) ?? []] : [...byCountry.values()];
  return lists.flat().map((e) => e.company);
}

const matchesPlace = (e: Entry, q: { town?: string; postalCode?: string; region?: string }) =>
  (!q.town?.trim() || e.town === textKey(q.town)) &&
  (!q.postalCode?.trim() || e.zip.startsWith(zipKey(q.postalCode))) &&
  (!q.region?.trim() || e.region === textKey(q.region));

/** Answers copies, so that nobody can change the world. */
const copy = (c: SimulatedCompany): AgencyCompany => {
  const company = structuredClone(c);
  delete company.incomplete;
  return company;
};

export function createSimulatedCreditAgency(): CreditAgency {
  return {
    name: 'Demo credit agency (simulator)',
    search(q: AgencySearch) {
      const { byCountry, byId } = theWorld();
      const country = q.countryIso.toUpperCase();
      const candidates = q.searchId?.trim()
        ? (byId.get(idKey(q.searchId)) ?? []).filter((e) => e.company.countryIso === country)
        : (byCountry.get(country) ?? []).filter((e) => e.name.includes(textKey(q.name ?? '')));
      const matches = candidates.filter((e) => matchesPlace(e, q));
      return Promise.resolve({
        entities: matches.slice(0, AGENCY_SEARCH_LIMIT).map((e) => copy(e.company)),
        count: matches.length,
        limitExceeded: matches.length > AGENCY_SEARCH_LIMIT,
      });
    },
    select(key: AgencySelectKey) {
      const ids = (['agencyId', 'agencyCustomerId', 'vatId', 'taxId', 'tradeRegisterId'] as const).filter(
        (k) => key[k]?.trim(),
      );
      const first = ids[0];
      if (!first) return Promise.resolve(undefined);
      const found = (theWorld().byId.get(idKey(key[first]!)) ?? []).find(
        (e) =>
          ids.every((k) => e.company[k] !== undefined && idKey(e.company[k]) === idKey(key[k]!)) &&
          (!key.countryIso || e.company.countryIso === key.countryIso.toUpperCase()) &&
          matchesPlace(e, key),
      );
      return Promise.resolve(found && copy(found.company));
    },
  };
}
