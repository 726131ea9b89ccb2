import { customerConfiguration, partyConfiguration } from '../../../domain/customers/configuration';
import type { Customer, Party } from '../../../domain/customers/schemas';
import { customerErrors, partyErrors } from '../../../domain/customers/validation';
import type { InvalidParam } from '../../../domain/problems';

/**
 * The customer rules a save of a calculation set is checked against (the same functions the
 * forms run), each error named by its path in the save body (`applicant.addresses.0.zip`).
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
  return errors;
}
