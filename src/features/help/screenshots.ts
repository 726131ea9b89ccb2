/**
 * The manual's sections that show their screen: a screenshot per translated language in
 * public/help/{locale}/{section}.jpg, taken from the portal by scripts/help-screenshots.ts.
 */
export const HELP_SCREENSHOTS = [
  'SECTION_1',
  'SECTION_2',
  'SECTION_3',
  'SECTION_5',
  'SECTION_6',
  'SECTION_7',
  'SECTION_8',
] as const;
export type HelpScreenshot = (typeof HELP_SCREENSHOTS)[number];

export const screenshotOf = (section: string, locale: string): string | undefined =>
  (HELP_SCREENSHOTS as readonly string[]).includes(section) ? `/help/${locale}/${section}.jpg` : undefined;
