import { customerConfiguration, partyConfiguration } from '../../../domain/customers/configuration';
import type { Address, Customer, Party } from '../../../domain/customers/schemas';
import { customerErrors, partyErrors } from '../../../domain/customers/party-schemas';
import type { InvalidParam } from '../../../domain/problems';
import { townMatchesPostcode } from '../../integrations/credit-agency/postcodes';

/**
 * The customer rules a save of a calculation set is checked against (the zod schemas of
 * `src/domain/customers/party-schemas.ts` the forms run), each error named by its path in the
 * save body (`applicant.addresses.0.zip`).
 * A country without configuration is refused, since nobody could say what it needs.
 */
export function partyProblems(
  parties: { applicant: Customer | null; supplier: Party | null; sublessee: Party | null },
  defaultCountry: string,
): InvalidParam[] {
  const errors: InvalidParam[] = [];
  const prefix = (name: string, list: InvalidParam[]) =>
    list.map((e) => ({ name: `${name}.${e.name}`, reason: e.reason }));
  if (parties.applicant) {
    const config = customerConfiguration(parties.applicant.countryIso ?? defaultCountry);
    if (!config) errors.push({ name: 'applicant.countryIso', reason: 'countryNotSupported' });
    else errors.push(...prefix('applicant', customerErrors(parties.applicant, config)));
  }
  for (const kind of ['supplier', 'sublessee'] as const) {
    const party = parties[kind];
    if (!party) continue;
    const config = partyConfiguration(kind, party.countryIso ?? defaultCountry);
    if (!config) errors.push({ name: `${kind}.countryIso`, reason: 'countryNotSupported' });
    else errors.push(...prefix(kind, partyErrors(party, config)));
  }
  errors.push(...postcodeProblems(parties));
  return errors;
}

/**
 * 'Postcode must match a town' (portal specification, “Validation rules”): only the server has the postcode
 * directory, so this rule is checked here and not in the form. Where the directory does not
 * know the postcode, nothing is said.
 */
export function postcodeProblems(parties: {
  applicant: Customer | null;
  supplier: Party | null;
  sublessee: Party | null;
}): InvalidParam[] {
  const addresses: [string, Address | null][] = [
    ...(parties.applicant?.addresses ?? []).map((a, k): [string, Address] => [`applicant.addresses.${k}`, a]),
    ...(parties.applicant?.persons ?? []).map((p, k): [string, Address | null] => [
      `applicant.persons.${k}.privateAddress`,
      p.privateAddress,
    ]),
    ['supplier.address', parties.supplier?.address ?? null],
    ['sublessee.address', parties.sublessee?.address ?? null],
  ];
  return addresses
    .filter(
      ([, a]) =>
        a && a.zip.trim() && a.town.trim() && townMatchesPostcode(a.country, a.zip, a.town) === false,
    )
    .map(([path]) => ({ name: `${path}.zip`, reason: 'postcodeTownMismatch' }));
}
