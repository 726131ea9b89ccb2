import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { DEMO, openTestDb, testConfig } from '../test/harness';
import type { FastifyInstance } from 'fastify';

/**
 * With OIDC_ISSUER set the embedded provider is not mounted and tokens are checked against the
 * external provider's published keys (found through its discovery document).
 */
describe('an external identity provider', () => {
  let idp: Server;
  let issuer: string;
  let key: CryptoKey;
  let app: FastifyInstance;
  let db: Db;
  const audience = 'https://portal.example.com/api';

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    idp = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/realms/partners/.well-known/openid-configuration') {
        res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/protocol/openid-connect/certs` }));
      } else if (req.url === '/realms/partners/protocol/openid-connect/certs')
        res.end(JSON.stringify({ keys: [jwk] }));
      else res.writeHead(404).end('{}');
    });
    await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/realms/partners`;
    db = await openTestDb('pglite');
    const base = testConfig();
    app = await buildApp({
      config: {
        ...base,
        oidc: { ...base.oidc, embedded: false, issuer, audience, clientId: 'partner-portal' },
      },
      db,
      logger: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    idp.close();
  });

  const tokenFor = (claims: Record<string, unknown>) =>
    new SignJWT({ iss: issuer, aud: audience, sub: 'f3b1c2d4-external-subject', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);

  it('accepts its token and finds the account by the e-mail claim', async () => {
    const res = await app.inject({
      url: '/api/userprofiles/myprofiles',
      headers: { authorization: `Bearer ${await tokenFor({ email: DEMO.erik, email_verified: true })}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().properties.firstName).toBe('Erik');
  });

  it('refuses its token for a person the portal does not know', async () => {
    const res = await app.inject({
      url: '/api/userprofiles/myprofiles',
      headers: {
        authorization: `Bearer ${await tokenFor({ email: 'stranger@example.com', email_verified: true })}`,
      },
    });
    expect(res.statusCode).toBe(401);
  });

  it('does not take an unverified e-mail address as the account', async () => {
    const res = await app.inject({
      url: '/api/userprofiles/myprofiles',
      headers: { authorization: `Bearer ${await tokenFor({ email: DEMO.erik, email_verified: false })}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('does not mount the embedded provider', async () => {
    const res = await app.inject({ url: '/oidc/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(404);
  });
});
