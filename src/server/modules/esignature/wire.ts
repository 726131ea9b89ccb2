import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { docuSignClient } from '../../integrations/esignature/docusign-client';
import { injectFetch } from '../../integrations/inject-fetch';
import type { ESignatureService } from '../../integrations/esignature/port';
import { registerESignatureSimulator } from '../../integrations/esignature/simulator';
import { eSignatureRoutes } from './routes';

/**
 * The e-signature service by configuration: a DocuSign account, or the built-in simulator at
 * /esign-sim, reached through the same REST adapter (in process) and sending its Connect
 * messages to /api/esignature/connect with the shared HMAC key.
 */
export async function wireESignature(
  app: FastifyInstance,
  db: Db,
  config: Config,
): Promise<ESignatureService> {
  const c = config.eSignature;
  if (c.mode === 'docusign') {
    if (!c.baseUrl || !c.token || !c.hmacSecret)
      throw new Error(
        'ESIGNATURE=docusign needs ESIGNATURE_URL, ESIGNATURE_TOKEN and ESIGNATURE_HMAC_SECRET.',
      );
    const service = docuSignClient({
      baseUrl: c.baseUrl,
      accountId: c.accountId,
      accessToken: () => c.token!,
    });
    await eSignatureRoutes(app, db, service, c.hmacSecret);
    return service;
  }
  const hmacSecret = c.hmacSecret ?? randomBytes(32).toString('base64');
  const apiKey = randomBytes(24).toString('base64url');
  await registerESignatureSimulator(app, db, {
    publicUrl: config.publicUrl,
    hmacSecret,
    apiKey,
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
  const service = docuSignClient({
    baseUrl: '/esign-sim/restapi',
    accountId: c.accountId,
    accessToken: () => apiKey,
    fetch: injectFetch(app),
  });
  await eSignatureRoutes(app, db, service, hmacSecret);
  return service;
}
