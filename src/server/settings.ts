import { z } from 'zod';
import { CALLS } from '../domain/constants';
import { BANKID_PRODUCTION_URL, BANKID_TEST_URL } from './integrations/bankid/urls';
import {
  DOCUSIGN_DEMO_AUTH_URL,
  DOCUSIGN_PRODUCTION_AUTH_URL,
} from './integrations/esignature/docusign-auth';

/**
 * Every environment variable the server reads, with what it means: one home for both, so that
 * `config.ts` checks them at start and `docs/settings.md` is made from here (`npm run
 * docs:settings`; a test fails when the page is out of date). The rate limits (`RATE_LIMIT_*`)
 * are listed apart, from `plugins/rate-limits.ts`.
 */
const flag = (meaning: string, fallback: '0' | '1' = '0') =>
  z.enum(['0', '1']).default(fallback).describe(meaning);

export const Settings = z.object({
  NODE_ENV: z
    .string()
    .default('development')
    .describe(
      '`production` refuses to start without `DATABASE_URL` and an https `PUBLIC_URL` (http only for the machine itself), and without `SMTP_URL` or with the signing simulators or demo data unless `SIMULATORS=1`.',
    ),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080).describe('The port.'),
  HOST: z
    .string()
    .default('127.0.0.1')
    .describe(
      'The address to listen on (`0.0.0.0` for a proxy on another machine). A tablet signs in only over https: README, “From a tablet on the same network”.',
    ),
  PUBLIC_URL: z
    .url()
    .optional()
    .describe(
      "The address browsers use (default `http://localhost:$PORT`); the identity provider's addresses derive from it. The same for every copy.",
    ),
  DATA_DIR: z.string().default('data').describe('Where the embedded database (PGlite) keeps its files.'),
  DATABASE_URL: z
    .string()
    .startsWith('postgres')
    .optional()
    .describe('`postgres://…`: use this PostgreSQL (15 or newer) instead of the embedded database.'),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(2)
    .max(200)
    .default(10)
    .describe(
      "Connections each copy keeps to PostgreSQL for requests (the job queue keeps 4 more and one to listen); the copies' sum must stay below the server's `max_connections`.",
    ),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(30000)
    .describe('PostgreSQL ends a statement running longer than this (`statement_timeout`).'),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(500)
    .default(5000)
    .describe(
      'How long to wait for a connection to PostgreSQL (or a free one in the pool) before the call fails.',
    ),
  CLIENT_REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(5000)
    .max(600000)
    .default(CALLS.requestTimeoutMs)
    .describe(
      'How long the PWA waits for an answer to a call before it counts as a network failure (the request is then kept in the outbox, or the error page names it); given to the PWA by `GET /api/config`. Not shorter than `DATABASE_STATEMENT_TIMEOUT_MS`. Uploads have their own 5 minutes.',
    ),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10000)
    .describe(
      'After SIGTERM, how long requests and jobs in hand may take to finish; then open connections are closed and running jobs released to run again.',
    ),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .describe(
      'Serve Prometheus metrics at `/metrics` on this port (on `METRICS_HOST`); without it there are none. Keep the port off the public network.',
    ),
  METRICS_HOST: z
    .string()
    .default('127.0.0.1')
    .describe('The address the metrics port listens on (`0.0.0.0` for a scraper on another machine).'),
  DEMO_DATA: z
    .enum(['0', '1'])
    .optional()
    .describe(
      '`1` loads the demo world (people with a published password) into an empty database; the default is `1` with the embedded database, else `0`.',
    ),
  SKIP_BUILD: flag(
    '`1`: `npm start` serves `dist/` as it is, without checking that it is newer than its sources.',
  ),
  OIDC_ISSUER: z
    .url()
    .optional()
    .describe(
      'An external OpenID provider (README, "An external identity provider"); the embedded one is then not mounted.',
    ),
  OIDC_CLIENT_ID: z
    .string()
    .min(1)
    .optional()
    .describe("The portal's client id at that provider (default `partner-portal`)."),
  OIDC_AUDIENCE: z
    .string()
    .min(1)
    .optional()
    .describe("The audience of the API's access tokens (default `$PUBLIC_URL/api`)."),
  IDENTITY_KEY_SECRET: z
    .string()
    .min(32)
    .optional()
    .describe(
      'Seals the embedded identity provider\'s signing and cookie keys in the database (AES-256-GCM; at least 32 random characters, e.g. `openssl rand -base64 32`). Production with the embedded provider needs it; docs/security.md, "Keys at rest", says how to rotate it.',
    ),
  IDENTITY_KEY_SECRET_PREVIOUS: z
    .string()
    .min(32)
    .optional()
    .describe(
      'During a rotation: the secret before `IDENTITY_KEY_SECRET`; a start opens the keys with it and seals them again with the new one.',
    ),
  ACCESS_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(30)
    .default(900)
    .describe("Lifetime of the embedded provider's access tokens, in seconds."),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('`debug` also logs every request.'),
  DEV_ORIGINS: z
    .string()
    .default('')
    .describe('Comma-separated origins of a development server (Vite) allowed to sign in.'),
  TRUST_PROXY: z
    .string()
    .default('')
    .describe(
      'Behind a reverse proxy: the number of proxy hops, or their addresses, whose `X-Forwarded-For` is believed (client addresses for the sign-in limit and the mailbox).',
    ),
  SMTP_URL: z
    .string()
    .startsWith('smtp')
    .optional()
    .describe(
      '`smtp://user:pass@relay:587`: send mail through this relay; without it mail stays in the database and shows at `/mailbox` (production needs it unless `SIMULATORS=1`).',
    ),
  MAIL_FROM: z
    .string()
    .default('Partner Portal <no-reply@partner-portal.example>')
    .describe("The sender of the portal's mail."),
  MAILBOX_OPEN: flag(
    '`1` lets other machines read `/mailbox` (it shows password links; by default only this machine may).',
  ),
  USER_INVITATION_UNAVAILABLE: flag(
    '`1` during maintenance of the user directory: admins cannot create users and see a notice.',
  ),
  CREDIT_AGENCY: z
    .enum(['simulator', 'http'])
    .default('simulator')
    .describe(
      'The credit agency behind customer search: `http` asks the agency at `CREDIT_AGENCY_URL` (docs/credit-agency.md); the built-in `simulator` holds 3,000 Swedish, 3,000 German and 300 Italian companies (production needs `SIMULATORS=1` for it).',
    ),
  CREDIT_AGENCY_URL: z
    .url()
    .optional()
    .describe("The agency's address with `CREDIT_AGENCY=http` (`https://…`)."),
  CREDIT_AGENCY_API_KEY: z.string().optional().describe('The bearer key the agency gave the provider.'),
  CREDIT_AGENCY_NAME: z
    .string()
    .default('Credit agency')
    .describe("The agency's name, recorded with every report."),
  CREDIT_AGENCY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(4000)
    .describe('How long one call to the agency may take before it is tried again.'),
  CREDIT_AGENCY_RETRIES: z.coerce
    .number()
    .int()
    .min(0)
    .max(5)
    .default(2)
    .describe('How often a call that timed out or got a 429 or 5xx is tried again (waits 250 ms, doubling).'),
  ESIGNATURE: z
    .enum(['simulator', 'docusign'])
    .default('simulator')
    .describe(
      'The e-signature service: simulator (default), the built-in one at /esign-sim, or docusign, a DocuSign account (the other ESIGNATURE_* settings).',
    ),
  ESIGNATURE_URL: z
    .url()
    .optional()
    .describe(
      "DocuSign's eSignature REST base, ending in /restapi: https://demo.docusign.net/restapi for the demo environment, the account's base URI in production. Required with docusign.",
    ),
  ESIGNATURE_ACCOUNT_ID: z
    .string()
    .optional()
    .describe('The DocuSign API account id (GUID). Required with docusign; portal-demo with the simulator.'),
  ESIGNATURE_INTEGRATION_KEY: z
    .guid()
    .optional()
    .describe(
      "The integration key (GUID) of the portal's DocuSign app: the JWT grant's issuer. Required with docusign.",
    ),
  ESIGNATURE_USER_ID: z
    .guid()
    .optional()
    .describe(
      'The DocuSign user id (GUID) the portal sends envelopes as, who granted the app consent once (scope "signature impersonation"). Required with docusign.',
    ),
  ESIGNATURE_PRIVATE_KEY: z
    .string()
    .min(1)
    .optional()
    .describe(
      "The integration key's RSA private key as PEM text (PKCS#1 as DocuSign shows it, or PKCS#8); \\n stands for a line break. Required with docusign unless ESIGNATURE_PRIVATE_KEY_FILE is set.",
    ),
  ESIGNATURE_PRIVATE_KEY_FILE: z
    .string()
    .min(1)
    .optional()
    .describe(
      'The path of a PEM file holding that private key, instead of ESIGNATURE_PRIVATE_KEY (not both).',
    ),
  ESIGNATURE_AUTH_URL: z
    .url()
    .default(DOCUSIGN_DEMO_AUTH_URL)
    .describe(
      `DocuSign's auth server for the JWT grant: ${DOCUSIGN_DEMO_AUTH_URL} (default, the demo environment) or ${DOCUSIGN_PRODUCTION_AUTH_URL} in production.`,
    ),
  ESIGNATURE_HMAC_SECRET: z
    .string()
    .min(16)
    .optional()
    .describe(
      'The Connect HMAC key (16 characters or more) the service signs its messages with. Required with docusign; made at each start for the simulator.',
    ),
  BANKID: z
    .enum(['simulator', 'live', 'off'])
    .default('simulator')
    .describe(
      'BankID: the built-in simulator (its app at `/bankid-sim/app`), `live`, the real service (`BANKID_URL` …), or `off` where no brand signs with BankID (a start with such a brand is refused).',
    ),
  BANKID_URL: z
    .url()
    .optional()
    .describe(`The relying-party API with \`live\`: ${BANKID_TEST_URL} (test) or ${BANKID_PRODUCTION_URL}.`),
  BANKID_PFX: z
    .string()
    .min(1)
    .optional()
    .describe("The relying party's certificate and key, a PKCS#12 file (path), with `live`."),
  BANKID_PFX_PASSPHRASE: z.string().optional().describe("That file's passphrase."),
  BANKID_CA: z.string().min(1).optional().describe("BankID's CA certificate in PEM (path), with `live`."),
  UPLOAD_QUOTA_MB: z.coerce
    .number()
    .int()
    .min(1)
    .default(5120)
    .describe(
      'The attachments one brand may keep, in MB; an upload beyond is refused with `storageQuotaExceeded` (docs/security.md, "Limits").',
    ),
  SIMULATORS: flag(
    '`1` allows the e-signature and BankID simulators and demo data with `NODE_ENV=production` (a demonstration: they sign without real signatures).',
  ),
});
export type Settings = z.infer<typeof Settings>;
