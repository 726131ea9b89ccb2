/** Business constants of the session and the shell (portal specification, “Business constants and limits”, administration specification, “Business constants and limits”). */
export const SESSION = {
  /** The expiry warning comes this many seconds before the access token expires. */
  expiryWarningSeconds: 120,
} as const;

/** The provider's service hotline per partner country; the international line otherwise. */
const HOTLINES: Record<string, string> = {
  SE: '+46 8 410 130 00',
  DE: '+49 7221 5007 0',
};
export const INTERNATIONAL_HOTLINE = '+353 1 524 1200';

export function hotlineFor(countryIso: string | undefined): string {
  return (countryIso && HOTLINES[countryIso]) || INTERNATIONAL_HOTLINE;
}
