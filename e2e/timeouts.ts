/**
 * Every wait of the browser journeys, named by what the step does, in one place. The figures
 * hold on a 2-core machine with half its CPU taken by other work; `TEST_SLOWDOWN` (a factor,
 * 1 by default) stretches them all for a slower one, and Vitest's too (README, "Test it").
 */
export const SLOWDOWN = Math.max(1, Number(process.env.TEST_SLOWDOWN) || 1);

const scaled = (ms: number) => Math.round(ms * SLOWDOWN);

export const TIMEOUT = {
  /** A screen answers a step: a heading, a notice, a state, a list (Playwright's `expect`). */
  screen: scaled(15_000),
  /** A click or a fill: the control appears and takes it. */
  action: scaled(15_000),
  /** A page loaded by its address, its chunks and its data. */
  navigation: scaled(30_000),
  /** The sign-in: the provider's page, password hashing, the code exchange and the account. */
  signIn: scaled(30_000),
  /** The server's work behind a step: a PDF made and downloaded, a credit decision, a mail sent. */
  serverWork: scaled(30_000),
  /** The offline outbox replayed against the server, a second device brought in step. */
  replay: scaled(45_000),
  /** One journey. */
  journey: scaled(120_000),
  /** A journey through many screens (the accessibility sweep) or two server copies. */
  longJourney: scaled(300_000),
  /** The accessibility review at a journey's end: each collected screen checked by axe (e2e/axe.ts). */
  accessibilityReview: scaled(300_000),
  /** The server built and started for the journeys. */
  serverStart: scaled(180_000),
} as const;
