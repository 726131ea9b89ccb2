import path from 'node:path';
import { z } from 'zod';
import { bankIdConfigFromEnv, type BankIdConfig } from './integrations/bankid/factory';
import { DEFAULT_RATE_LIMITS, LIMIT_KINDS, type RateLimits } from './plugins/rate-limits';
import { Settings } from './settings';

/** RATE_LIMIT_UI_ERRORS for uiErrors, and so on. */
export const limitVariable = (kind: string) =>
  `RATE_LIMIT_${kind.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** Off during maintenance of the provider's user directory: no new users (administration specification, “Roles and permissions”). */
  userInvitationAvailable: boolean;
  /** Further origins the PWA is served from in development (Vite), allowed to sign in. */
  devOrigins: string[];
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL only: the request pool's size and the limits of its connections and statements. */
  database: { poolSize: number; statementTimeoutMs: number; connectTimeoutMs: number };
  /** After SIGTERM: how long work in hand may take before it is cut off (serve.ts). */
  shutdownTimeoutMs: number;
  /** How long the PWA waits for an answer (GET /api/config). */
  clientRequestTimeoutMs: number;
  /** Prometheus metrics on a port of their own (plugins/metrics.ts); none without a port. */
  metrics?: { port: number; host: string };
  /** Load the demo world (people with a published password) into an empty database. */
  demoData: boolean;
  logLevel: string;
  /** Proxies whose X-Forwarded-For is believed: a hop count or addresses; none by default. */
  trustProxy: false | string | ((address: string, hop: number) => boolean);
  mail: {
    /** A real relay; without it mails stay in the database and show in the demo mailbox. */
    smtpUrl?: string;
    /** The demo mailbox answers other machines too. */
    mailboxOpen: boolean;
    from: string;
  };
  distDir: string;
  /** `npm start` serves dist/ as it is (SKIP_BUILD=1). */
  skipBuild: boolean;
  /** Where customer searches go: the built-in simulator of the demo world (or a real agency's adapter). */
  creditAgency:
    | { mode: 'simulator' }
    | { mode: 'http'; baseUrl: string; apiKey: string; name: string; timeoutMs: number; retries: number };
  eSignature: {
    mode: 'simulator' | 'docusign';
    /** The REST base ('…/restapi'); the simulator's own address in simulator mode. */
    baseUrl?: string;
    /** Empty in docusign mode when not set (wire.ts then refuses to start). */
    accountId: string;
    /** DocuSign's JWT grant (integrations/esignature/docusign-auth.ts); docusign mode only. */
    integrationKey?: string;
    userId?: string;
    /** PEM text, or the path of a PEM file. */
    privateKey?: string;
    privateKeyFile?: string;
    /** The auth server, DocuSign's demo one by default. */
    authUrl: string;
    /** The Connect HMAC key; a fresh one per start for the simulator. */
    hmacSecret?: string;
  };
  /** BankID: the built-in simulator (default) or the real service (BANKID=live, BANKID_URL …). */
  bankId: BankIdConfig;
  /** Calls per account and window of the limited kinds (plugins/rate-limits.ts). */
  rateLimits: RateLimits;
  /** The bytes of attachments one brand may keep. */
  uploadQuotaBytes: number;
  oidc: {
    /** True when this server runs the identity provider itself under /oidc. */
    embedded: boolean;
    issuer: string;
    clientId: string;
    audience: string;
    accessTokenTtl: number;
    /** What seals the embedded provider's keys in the database (identity/sealing.ts). */
    keySecrets: { current?: string; previous?: string };
  };
}

/**
 * What a production start needs (docs/operations.md, "Production"): its own database and public
 * address over https (or the machine's own), a mail relay, and nothing that signs without a
 * signature or knows a published password, unless SIMULATORS=1 says it is a demonstration.
 */
function productionChecks(e: Settings, bankId: BankIdConfig): void {
  const refuse = (why: string) => {
    throw new Error(`NODE_ENV=production ${why}`);
  };
  if (!e.DATABASE_URL)
    refuse('needs DATABASE_URL: the embedded database has one connection and no second copy can share it.');
  if (!e.PUBLIC_URL) refuse('needs PUBLIC_URL, the address browsers use (https://…).');
  if (!e.OIDC_ISSUER && !e.IDENTITY_KEY_SECRET)
    refuse(
      "needs IDENTITY_KEY_SECRET with the embedded identity provider: its signing key would lie in the database in plain form (docs/security.md, 'Keys at rest').",
    );
  // Tokens and passwords never travel in the clear; a browser trusts only its own machine without TLS.
  const url = URL.parse(e.PUBLIC_URL!);
  if (url?.protocol !== 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(url?.hostname ?? ''))
    refuse(
      `needs an https:// PUBLIC_URL (not ${e.PUBLIC_URL}): sign-in and tokens would travel in the clear.`,
    );
  if (e.SIMULATORS === '1') return;
  if (!e.SMTP_URL)
    refuse(
      'needs SMTP_URL, the mail relay: without it mail is only kept and shown at /mailbox. ' +
        'Set SIMULATORS=1 for a demonstration.',
    );
  if (e.ESIGNATURE === 'simulator' || bankId.mode === 'simulator')
    refuse(
      'with the built-in e-signature or BankID simulator: anybody could sign. ' +
        'Set ESIGNATURE=docusign and BANKID=live (or BANKID=off where no brand signs with BankID), or SIMULATORS=1 for a demonstration.',
    );
  if (e.CREDIT_AGENCY === 'http' && !e.CREDIT_AGENCY_URL!.startsWith('https://'))
    refuse('needs an https:// CREDIT_AGENCY_URL: the agency key and the reports would travel in the clear.');
  if (e.CREDIT_AGENCY === 'simulator')
    refuse(
      'with the credit agency simulator: customer search would answer invented companies and decisions run on invented reports. ' +
        'Set CREDIT_AGENCY=http, or SIMULATORS=1 for a demonstration.',
    );
  if (e.DEMO_DATA === '1')
    refuse('with DEMO_DATA=1: its people have a published password. Set SIMULATORS=1 for a demonstration.');
}

export const ROOT_DIR = path.resolve(import.meta.dirname, '../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = Settings.parse(env);
  const bankId = bankIdConfigFromEnv(env);
  if (e.CREDIT_AGENCY === 'http' && (!e.CREDIT_AGENCY_URL || !e.CREDIT_AGENCY_API_KEY))
    throw new Error('CREDIT_AGENCY=http needs CREDIT_AGENCY_URL and CREDIT_AGENCY_API_KEY.');
  if (e.NODE_ENV === 'production') productionChecks(e, bankId);
  // A save the database may still finish must not look like a lost connection to the PWA (it
  // would keep it in its outbox and send it again).
  if (e.CLIENT_REQUEST_TIMEOUT_MS < e.DATABASE_STATEMENT_TIMEOUT_MS)
    throw new Error(
      `CLIENT_REQUEST_TIMEOUT_MS (${e.CLIENT_REQUEST_TIMEOUT_MS}) is shorter than DATABASE_STATEMENT_TIMEOUT_MS (${e.DATABASE_STATEMENT_TIMEOUT_MS}): the PWA would give up on calls the server still completes.`,
    );
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const embedded = !e.OIDC_ISSUER;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    userInvitationAvailable: e.USER_INVITATION_UNAVAILABLE !== '1',
    devOrigins: e.DEV_ORIGINS.split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    dataDir: path.resolve(ROOT_DIR, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    database: {
      poolSize: e.DATABASE_POOL_SIZE,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    clientRequestTimeoutMs: e.CLIENT_REQUEST_TIMEOUT_MS,
    metrics: e.METRICS_PORT ? { port: e.METRICS_PORT, host: e.METRICS_HOST } : undefined,
    demoData: e.DEMO_DATA ? e.DEMO_DATA === '1' : !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: !e.TRUST_PROXY
      ? false
      : /^\d+$/.test(e.TRUST_PROXY)
        ? (_address: string, hop: number) => hop < Number(e.TRUST_PROXY)
        : e.TRUST_PROXY,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, mailboxOpen: e.MAILBOX_OPEN === '1' },
    distDir: path.join(ROOT_DIR, 'dist'),
    skipBuild: e.SKIP_BUILD === '1',
    creditAgency:
      e.CREDIT_AGENCY === 'http'
        ? {
            mode: 'http',
            baseUrl: e.CREDIT_AGENCY_URL!,
            apiKey: e.CREDIT_AGENCY_API_KEY!,
            name: e.CREDIT_AGENCY_NAME,
            timeoutMs: e.CREDIT_AGENCY_TIMEOUT_MS,
            retries: e.CREDIT_AGENCY_RETRIES,
          }
        : { mode: 'simulator' },
    eSignature: {
      mode: e.ESIGNATURE,
      baseUrl: e.ESIGNATURE_URL,
      accountId: e.ESIGNATURE_ACCOUNT_ID || (e.ESIGNATURE === 'simulator' ? 'portal-demo' : ''),
      integrationKey: e.ESIGNATURE_INTEGRATION_KEY,
      userId: e.ESIGNATURE_USER_ID,
      // Environment files often hold a PEM on one line with escaped line breaks.
      privateKey: e.ESIGNATURE_PRIVATE_KEY?.replace(/\\n/g, '\n'),
      privateKeyFile: e.ESIGNATURE_PRIVATE_KEY_FILE,
      authUrl: e.ESIGNATURE_AUTH_URL.replace(/\/+$/, ''),
      hmacSecret: e.ESIGNATURE_HMAC_SECRET,
    },
    bankId,
    rateLimits: Object.fromEntries(
      LIMIT_KINDS.map((kind) => [
        kind,
        z.coerce.number().int().min(1).default(DEFAULT_RATE_LIMITS[kind]).parse(env[limitVariable(kind)]),
      ]),
    ) as RateLimits,
    uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
    oidc: {
      embedded,
      issuer: (e.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/$/, ''),
      clientId: e.OIDC_CLIENT_ID ?? 'partner-portal',
      // oidc-provider wants a resource indicator that is an absolute URI.
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      keySecrets: { current: e.IDENTITY_KEY_SECRET, previous: e.IDENTITY_KEY_SECRET_PREVIOUS },
      accessTokenTtl: e.ACCESS_TOKEN_TTL,
    },
  };
}
