import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { generateKeyPair } from 'jose';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { docuSignJwtGrant, importDocuSignPrivateKey } from '../../integrations/esignature/docusign-auth';
import { docuSignClient } from '../../integrations/esignature/docusign-client';
import { injectFetch } from '../../integrations/inject-fetch';
import type { ESignatureService } from '../../integrations/esignature/port';
import { registerESignatureSimulator } from '../../integrations/esignature/simulator';
import { eSignatureRoutes } from './routes';

const SIMULATOR_PREFIX = '/esign-sim';

/**
 * The e-signature service by configuration: a DocuSign account, or the built-in simulator at
 * /esign-sim, reached through the same adapter and JWT grant (in process, with a key pair made
 * at each start) and sending its Connect messages to /api/esignature/connect with the shared
 * HMAC key.
 */
export async function wireESignature(
  app: FastifyInstance,
  db: Db,
  config: Config,
): Promise<ESignatureService> {
  const c = config.eSignature;
  if (c.mode === 'docusign') {
    const missing = [
      !c.baseUrl && 'ESIGNATURE_URL',
      !c.accountId && 'ESIGNATURE_ACCOUNT_ID',
      !c.integrationKey && 'ESIGNATURE_INTEGRATION_KEY',
      !c.userId && 'ESIGNATURE_USER_ID',
      !c.privateKey && !c.privateKeyFile && 'ESIGNATURE_PRIVATE_KEY (or ESIGNATURE_PRIVATE_KEY_FILE)',
      !c.hmacSecret && 'ESIGNATURE_HMAC_SECRET',
    ].filter(Boolean);
    if (missing.length) throw new Error(`ESIGNATURE=docusign needs ${missing.join(', ')}.`);
    if (c.privateKey && c.privateKeyFile)
      throw new Error('Set ESIGNATURE_PRIVATE_KEY or ESIGNATURE_PRIVATE_KEY_FILE, not both.');
    const setting = c.privateKey ? 'ESIGNATURE_PRIVATE_KEY' : 'ESIGNATURE_PRIVATE_KEY_FILE';
    let pem: string;
    try {
      pem = c.privateKey ?? readFileSync(c.privateKeyFile!, 'utf8');
    } catch (error) {
      throw new Error(`${setting}: cannot read ${c.privateKeyFile}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    // A key that cannot sign stops the start, not the first envelope.
    const privateKey = await importDocuSignPrivateKey(pem).catch((error: unknown) => {
      throw new Error(`${setting}: ${(error as Error).message}`, { cause: error });
    });
    const service = docuSignClient({
      baseUrl: c.baseUrl!,
      accountId: c.accountId,
      accessToken: docuSignJwtGrant({
        authUrl: c.authUrl,
        integrationKey: c.integrationKey!,
        userId: c.userId!,
        privateKey,
      }),
    });
    await eSignatureRoutes(app, db, service, c.hmacSecret!);
    return service;
  }
  const hmacSecret = c.hmacSecret ?? randomBytes(32).toString('base64');
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const integrationKey = randomUUID();
  const userId = randomUUID();
  // The in-process fetch ignores the host; it is only the assertions' audience.
  const authUrl = `${config.publicUrl}${SIMULATOR_PREFIX}`;
  await registerESignatureSimulator(app, db, {
    publicUrl: config.publicUrl,
    hmacSecret,
    prefix: SIMULATOR_PREFIX,
    jwtGrant: { integrationKey, userId, publicKey, audience: new URL(authUrl).host },
    deliver: async (body, headers) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/esignature/connect',
        payload: body,
        headers,
      });
      if (res.statusCode >= 300) throw new Error(`connect answered ${res.statusCode}`);
    },
  });
  const fetch = injectFetch(app);
  const service = docuSignClient({
    baseUrl: `${SIMULATOR_PREFIX}/restapi`,
    accountId: c.accountId,
    accessToken: docuSignJwtGrant({ authUrl, integrationKey, userId, privateKey, fetch }),
    fetch,
  });
  await eSignatureRoutes(app, db, service, hmacSecret);
  return service;
}
