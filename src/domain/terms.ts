import type { AccountProfile } from './session';

/** Which acceptances the profile still needs (a request to the provider needs the terms and conditions too). */
export function pendingTerms(profile: AccountProfile): { termsOfUse: boolean; termsAndConditions: boolean } {
  return {
    termsOfUse: !profile.hasTermsOfUseAccepted,
    termsAndConditions: profile.isTnCAcceptanceNecessary && !profile.hasTermsAndConditionsAccepted,
  };
}
