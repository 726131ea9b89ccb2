import type { IncomingMessage, ServerResponse } from 'node:http';
import middie from '@fastify/middie';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { HEADERS, isCorrelationId, newCorrelationId } from '../domain/http';
import type { Config } from './config';
import type { Db } from './db/db';
import { registerInteractions } from './identity/interactions';
import { loadIdentitySecrets, publicJwk } from './identity/keys';
import { createProvider } from './identity/provider';
import { customerRoutes } from './modules/customers/routes';
import { createCreditAgency } from './integrations/credit-agency/factory';
import { documentRoutes } from './modules/documents/routes';
import { insertContractDocument } from './modules/documents';
import { createEventHub } from './modules/events/hub';
import { eventRoutes } from './modules/events/routes';
import { decideRequestJob, DECIDE_JOB, withdrawOpenRequests } from './modules/requests';
import { requestRoutes } from './modules/requests/routes';
import { offerLinkRoutes } from './modules/offer-links/routes';
import { signingRoutes } from './modules/signing/routes';
import { wireESignature } from './modules/esignature/wire';
import { wireBankId } from './modules/bankid/wire';
import { eSignatureChannel, VOID_JOB } from './modules/esignature';
import { bankIdChannel, CANCEL_BANKID_ORDER_JOB, cancelBankIdOrder } from './modules/bankid';
import { endSigningIn, latestSigningIn } from './modules/signing';
import { startHousekeeping } from './jobs/housekeeping';
import { startJobs } from './jobs/queue';
import { dashboardRoutes } from './modules/dashboard/routes';
import { calculationRoutes } from './modules/calculations/routes';
import { applicantEmailOf, createReferenceCache } from './modules/calculations';
import { contractRoutes } from './modules/contracts/routes';
import { configRoutes } from './modules/config/routes';
import { docsRoutes } from './modules/docs/routes';
import { loggingRoutes } from './modules/logging/routes';
import { logoRoutes } from './modules/logo/routes';
import { providerDataRoutes } from './modules/provider-data/routes';
import { mailboxRoutes } from './modules/mailbox/routes';
import { termsRoutes } from './modules/terms/routes';
import { userRoutes } from './modules/users/routes';
import { registerPasswordPages } from './identity/password-pages';
import {
  PASSWORD_RESET_REQUEST_JOB,
  passwordResetRequestJob,
  registerForgotPassword,
} from './identity/forgot-password';
import { SEND_MAIL_JOB, sendMailJob } from './integrations/mail/outbox';
import { sessionRoutes } from './modules/session/routes';
import { createTokenVerifier, registerAuth, type TokenVerifier } from './plugins/auth';
import { registerAccessLog } from './plugins/access-log';
import { registerCompression } from './plugins/compression';
import { registerMetrics, serveMetrics } from './plugins/metrics';
import { registerErrorHandling } from './plugins/errors';
import { registerIdempotency } from './plugins/idempotency';
import { registerInputChecks } from './plugins/input-text';
import { registerRateLimits } from './plugins/rate-limits';
import { responseSerializer } from './plugins/response-contract';
import { createRevocations } from './plugins/revocations';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStatic } from './static';

export interface AppOptions {
  config: Config;
  db: Db;
  /** Replaces token verification (tests of an external provider's tokens). */
  verifyToken?: TokenVerifier;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/** The whole server: API under /api, identity provider under /oidc, the PWA everywhere else. */
export async function buildApp({
  config,
  db,
  verifyToken,
  logger = true,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && { level: config.logLevel, ...(logStream && { stream: logStream }) },
    // The correlation id is the request id: it is logged with every line and echoed.
    genReqId: (req) => {
      const given = req.headers[HEADERS.correlationId.toLowerCase()];
      return isCorrelationId(given) ? given : newCorrelationId();
    },
    // One access-log line per request instead (plugins/access-log.ts).
    logController: new LogController({ requestIdLogLabel: 'correlationId', disableRequestLogging: true }),
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(process.env.NODE_ENV !== 'production', app.log));
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(HEADERS.correlationId, req.id);
    done();
  });
  registerAccessLog(app);
  const metrics = registerMetrics(app, db);
  registerSecurityHeaders(app, config);
  await registerCompression(app);
  registerErrorHandling(app);
  registerInputChecks(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Partner portal API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  let verify = verifyToken;
  const revocations = await createRevocations(db);
  app.addHook('onClose', async () => revocations.close());
  if (config.oidc.embedded) {
    const secrets = await loadIdentitySecrets(db, config.oidc.keySecrets);
    const provider = createProvider(config, db, secrets, revocations);
    await app.register(middie);
    const oidcHandler = provider.callback();
    app.use('/oidc', (req: IncomingMessage, res: ServerResponse) => void oidcHandler(req, res));
    registerInteractions(app, provider, db);
    registerPasswordPages(app, db);
    registerForgotPassword(app, db, config.rateLimits);
    verify ??= createTokenVerifier(config, publicJwk(secrets.signingKey));
  }
  const accounts = await registerAuth(app, db, verify ?? createTokenVerifier(config), revocations);
  registerIdempotency(app, db);
  await registerRateLimits(app, db, config.rateLimits);

  configRoutes(app, config, db);
  docsRoutes(app);
  sessionRoutes(app, db);
  loggingRoutes(app, db);
  termsRoutes(app, db, accounts);
  userRoutes(app, db, config);
  logoRoutes(app, db);
  // The pricing each copy keeps for a minute; a load of the provider's data drops what it changed.
  const references = createReferenceCache(db);
  app.addHook('onClose', () => references.close());
  await providerDataRoutes(app, db, config, references, accounts);
  // Modules reach others only through their index.ts; effects across them are wired here.
  const endSigning = endSigningIn([eSignatureChannel, bankIdChannel]);
  calculationRoutes(app, db, { withdrawRequest: withdrawOpenRequests, endSigning }, references);
  contractRoutes(app, db, { insertContractDocument, applicantEmailOf });
  customerRoutes(app, db, createCreditAgency(config.creditAgency));
  documentRoutes(app, db, { quotaBytes: config.uploadQuotaBytes });
  requestRoutes(app, db, config.publicUrl);
  offerLinkRoutes(app, db, config.publicUrl);
  signingRoutes(app, db, config.publicUrl, endSigning, latestSigningIn([eSignatureChannel, bankIdChannel]));
  const eSignatureService = await wireESignature(app, db, config);
  const bankId = await wireBankId(app, db, config);
  const hub = await createEventHub(db);
  eventRoutes(app, hub, { accounts, revocations });
  const jobs = await startJobs(
    db,
    {
      // A decision is quick database work; a copy that died holding one gives it up after 30 s.
      [DECIDE_JOB]: { inside: decideRequestJob(config.publicUrl), deadlineSeconds: 30 },
      [VOID_JOB]: { outside: (p) => eSignatureService.voidEnvelope(String(p.envelopeId), String(p.reason)) },
      [CANCEL_BANKID_ORDER_JOB]: { outside: (p) => cancelBankIdOrder(bankId, String(p.orderRef)) },
      [PASSWORD_RESET_REQUEST_JOB]: passwordResetRequestJob(config),
      [SEND_MAIL_JOB]: sendMailJob(
        db,
        config.mail.smtpUrl ? { ...config.mail, smtpUrl: config.mail.smtpUrl } : undefined,
      ),
    },
    app.log,
    metrics,
  );
  metrics.watchJobs(jobs);
  startHousekeeping(app, db);
  // Jobs and requests in hand drain side by side, each within the shutdown deadline.
  let jobsStopped: Promise<void> | undefined;
  app.addHook('preClose', (done) => {
    jobsStopped = jobs.stop(config.shutdownTimeoutMs);
    done();
  });
  app.addHook('onClose', async () => {
    await (jobsStopped ?? jobs.stop(config.shutdownTimeoutMs));
    await hub.close();
  });
  if (config.metrics) {
    const server = await serveMetrics(metrics.registry, config.metrics);
    app.addHook('onClose', (_app, done) => {
      server.close();
      server.closeAllConnections();
      done();
    });
  }
  dashboardRoutes(app, db);
  if (!config.mail.smtpUrl) mailboxRoutes(app, db, config.mail.mailboxOpen, config.publicUrl);
  await registerStatic(app, config.distDir);
  return app;
}
