import type { Customer } from '../customers/schemas';
import type { CalculationState } from './states';
import { customerConfiguration } from '../customers/configuration';

/**
 * The provider's credit decision on a request (docs/domain.md section 5), in its order: a bad score
 * or a legal form the provider does not accept declines; missing data asks for it; above the
 * brand's instant-decision limit (in the brand's currency, thresholds.ts) an underwriter decides; score 4 or 5 needs a bank guarantee;
 * otherwise an instant approval.
 */
export type Decision =
  | { outcome: 'decline'; reason: 'scoreClass' | 'legalFormNotAccepted' }
  | { outcome: 'needInformation'; missing: MissingInfo[] }
  | { outcome: 'underwriter' }
  | { outcome: 'approveWithGuarantee' }
  | { outcome: 'approve' };

export const MISSING_INFO = [
  'mainAddress',
  'registrationNumber',
  'director',
  'directorDateOfBirth',
  'other',
] as const;
export type MissingInfo = (typeof MISSING_INFO)[number];

/** What the provider needs of the applicant before it can decide. */
export function missingInfoOf(applicant: Customer): MissingInfo[] {
  const missing: MissingInfo[] = [];
  const main = applicant.addresses.find((a) => a.addressType === 'main');
  if (!main || !main.street || !main.zip || !main.town) missing.push('mainAddress');
  if (!applicant.registrationNumber) missing.push('registrationNumber');
  if (legalFormOf(applicant)?.needsDirector) {
    const directors = applicant.persons.filter((p) => p.position === 'director');
    if (directors.length === 0) missing.push('director');
    else if (!directors.some((p) => p.dateOfBirth)) missing.push('directorDateOfBirth');
  }
  return missing;
}

function legalFormOf(applicant: Customer) {
  const country = applicant.legalFormCountryISO ?? applicant.countryIso;
  return customerConfiguration(country ?? '')?.legalForms.find((f) => f.code === applicant.legalForm);
}

export function decide(input: { applicant: Customer; nav: number; instantDecisionLimit: number }): Decision {
  const { applicant } = input;
  if (applicant.scoreClass === 6) return { outcome: 'decline', reason: 'scoreClass' };
  if (legalFormOf(applicant)?.accepted === false)
    return { outcome: 'decline', reason: 'legalFormNotAccepted' };
  const missing = missingInfoOf(applicant);
  if (missing.length) return { outcome: 'needInformation', missing };
  if (input.nav > input.instantDecisionLimit) return { outcome: 'underwriter' };
  if (applicant.scoreClass === 4 || applicant.scoreClass === 5) return { outcome: 'approveWithGuarantee' };
  return { outcome: 'approve' };
}

/**
 * The underwriter's two actions on a request (docs/domain.md, "The underwriter's decision"): the
 * back office offers each exactly where its call is accepted, by these rules.
 */
export const canDecide = (request: { status: string }, state: CalculationState) =>
  request.status === 'open' && state === 'requestToGrenke';

/** A guarantee is confirmed once, for an approval that asked for it. */
export const canConfirmGuarantee = (
  request: { decision: string | null; guaranteeReceivedAt: unknown },
  state: CalculationState,
) => state === 'bankGuarantee' && request.decision === 'approveWithGuarantee' && !request.guaranteeReceivedAt;
