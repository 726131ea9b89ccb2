import type { AccountProfile } from '../../domain/session';

/** Which acceptances the profile still needs (spec 001 section 4). */
export function pendingTerms(profile: AccountProfile): { termsOfUse: boolean; termsAndConditions: boolean } {
  return {
    termsOfUse: !profile.hasTermsOfUseAccepted,
    termsAndConditions: profile.isTnCAcceptanceNecessary && !profile.hasTermsAndConditionsAccepted,
  };
}

const LATER_KEY = 'termsLater';

/** "Accept later" holds for this browser session. */
export const termsPostponed = () => sessionStorage.getItem(LATER_KEY) === '1';
export const postponeTerms = () => sessionStorage.setItem(LATER_KEY, '1');
