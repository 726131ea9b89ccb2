/** Business constants of the session and the shell (portal specification, “Business constants and limits”, administration specification, “Business constants and limits”). */
export const SESSION = {
  /** The expiry warning comes this many seconds before the access token expires. */
  expiryWarningSeconds: 120,
  /** The token is renewed this many seconds before it expires, well before the warning. */
  renewBeforeSeconds: 300,
  /**
   * How far the device's clock may be off (administration specification, “Business constants”).
   * The session counts a token's life from its `expires_in`, on the device's clock, and never
   * compares the device's time with the provider's: any offset is tolerated, this one is tested.
   */
  clockSkewSeconds: 3900,
} as const;

/** How the PWA calls the API (administration specification, “The calls it makes”, “Business constants and limits”). */
export const CALLS = {
  /**
   * How long the PWA waits for a call's answer until the server's configuration says otherwise
   * (`CLIENT_REQUEST_TIMEOUT_MS`, the same default): then the call fails as an offline one.
   */
  requestTimeoutMs: 30_000,
  /** Calls at once when many actions are followed (assigning contracts) or files uploaded. */
  parallel: 4,
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

/** The service hotline's hours (administration specification): Monday to Friday, 9 to 18. */
export const HOTLINE_HOURS = { from: 9, to: 18 } as const;

const PROVIDER_SITE = 'https://www.leasing-provider.example';
export const FOOTER_LINKS = [
  'groupSite',
  'imprint',
  'dataProtection',
  'cookiePolicy',
  'contact',
  'customerPortal',
] as const;
export type FooterLink = (typeof FOOTER_LINKS)[number] | 'mandatoryInformation';
/** Countries whose law asks for the provider's mandatory company information on every page. */
const MANDATORY_INFORMATION = new Set(['DE', 'AT']);

/**
 * The footer's links: the provider's pages for the partner's country, in the language shown (its
 * site per country, /se/sv/imprint), the group site for all, and the mandatory company
 * information where the country requires it.
 */
export function footerLinksFor(
  countryIso: string | undefined,
  locale: string,
): { key: FooterLink; href: string }[] {
  const country = (countryIso ?? 'INT').toLowerCase();
  const language = locale.slice(0, 2);
  const keys: FooterLink[] = [...FOOTER_LINKS];
  if (MANDATORY_INFORMATION.has((countryIso ?? '').toUpperCase())) keys.push('mandatoryInformation');
  return keys.map((key) => ({
    key,
    href: key === 'groupSite' ? PROVIDER_SITE : `${PROVIDER_SITE}/${country}/${language}/${key}`,
  }));
}
