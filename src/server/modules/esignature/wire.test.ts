import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Db } from '../../db/db';
import { wireESignature } from './wire';

/** The start refuses before it touches the database. */
const noDb = {} as Db;
const pem = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
}).privateKey;
const complete = {
  ESIGNATURE: 'docusign',
  ESIGNATURE_URL: 'https://demo.docusign.net/restapi',
  ESIGNATURE_ACCOUNT_ID: randomUUID(),
  ESIGNATURE_INTEGRATION_KEY: randomUUID(),
  ESIGNATURE_USER_ID: randomUUID(),
  ESIGNATURE_PRIVATE_KEY: pem,
  ESIGNATURE_HMAC_SECRET: 'a-secret-of-sixteen-or-more',
};
const wire = (env: Record<string, string | undefined>) =>
  wireESignature(Fastify(), noDb, loadConfig({ LOG_LEVEL: 'silent', ...env }));

describe('the DocuSign settings', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'esign-wire-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the JWT grant settings, with the demo auth server by default', () => {
    const c = loadConfig({ ...complete, ESIGNATURE_PRIVATE_KEY: pem.replace(/\n/g, '\\n') }).eSignature;
    expect(c).toMatchObject({
      mode: 'docusign',
      accountId: complete.ESIGNATURE_ACCOUNT_ID,
      integrationKey: complete.ESIGNATURE_INTEGRATION_KEY,
      userId: complete.ESIGNATURE_USER_ID,
      privateKey: pem,
      authUrl: 'https://account-d.docusign.com',
    });
    expect(loadConfig({ ESIGNATURE_AUTH_URL: 'https://account.docusign.com/' }).eSignature.authUrl).toBe(
      'https://account.docusign.com',
    );
    expect(loadConfig({}).eSignature.accountId).toBe('portal-demo');
    expect(() => loadConfig({ ESIGNATURE_USER_ID: 'me' })).toThrow();
  });

  it('a start without them names every missing one', async () => {
    await expect(wire({ ESIGNATURE: 'docusign' })).rejects.toThrow(
      'ESIGNATURE=docusign needs ESIGNATURE_URL, ESIGNATURE_ACCOUNT_ID, ESIGNATURE_INTEGRATION_KEY, ' +
        'ESIGNATURE_USER_ID, ESIGNATURE_PRIVATE_KEY (or ESIGNATURE_PRIVATE_KEY_FILE), ESIGNATURE_HMAC_SECRET.',
    );
    await expect(
      wire({ ...complete, ESIGNATURE_USER_ID: undefined, ESIGNATURE_PRIVATE_KEY: undefined }),
    ).rejects.toThrow(
      'ESIGNATURE=docusign needs ESIGNATURE_USER_ID, ESIGNATURE_PRIVATE_KEY (or ESIGNATURE_PRIVATE_KEY_FILE).',
    );
  });

  it('refuses a key that is not one, one it cannot read, and two keys', async () => {
    await expect(wire({ ...complete, ESIGNATURE_PRIVATE_KEY: 'not a key' })).rejects.toThrow(
      /^ESIGNATURE_PRIVATE_KEY: not an RSA private key in PEM/,
    );
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    await expect(wire({ ...complete, ESIGNATURE_PRIVATE_KEY: ec.toString() })).rejects.toThrow(
      'ESIGNATURE_PRIVATE_KEY: an ec key, not an RSA one',
    );
    const missingFile = path.join(dir, 'nowhere.pem');
    await expect(
      wire({ ...complete, ESIGNATURE_PRIVATE_KEY: undefined, ESIGNATURE_PRIVATE_KEY_FILE: missingFile }),
    ).rejects.toThrow(`ESIGNATURE_PRIVATE_KEY_FILE: cannot read ${missingFile}`);
    await expect(wire({ ...complete, ESIGNATURE_PRIVATE_KEY_FILE: missingFile })).rejects.toThrow(
      'Set ESIGNATURE_PRIVATE_KEY or ESIGNATURE_PRIVATE_KEY_FILE, not both.',
    );
  });

  it('starts with the key in the environment or in a file', async () => {
    await expect(wire(complete)).resolves.toHaveProperty('createEnvelope');
    const file = path.join(dir, 'docusign.pem');
    writeFileSync(file, pem);
    await expect(
      wire({ ...complete, ESIGNATURE_PRIVATE_KEY: undefined, ESIGNATURE_PRIVATE_KEY_FILE: file }),
    ).resolves.toHaveProperty('createEnvelope');
  });
});
