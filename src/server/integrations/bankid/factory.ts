import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { injectFetch } from '../inject-fetch';
import { Settings } from '../../settings';
import { BANKID_TEST_URL } from './urls';
import { createBankIdClient, mutualTlsFetch } from './client';
import type { BankId } from './port';
import { BANKID_API_PATH, BANKID_SIMULATOR_PREFIX, SIMULATOR_KEY_HEADER } from './simulator';

/**
 * Which BankID the portal talks to (BANKID): `simulator`, the built-in one of simulator.ts
 * (default), or `live`, the real service at BANKID_URL with the relying party's certificate
 * (BANKID_PFX, a PKCS#12 file, BANKID_PFX_PASSPHRASE, and BANKID_CA, BankID's CA in PEM).
 * Either way the portal uses the same adapter (client.ts); only its address and transport differ.
 */
export type BankIdConfig =
  | { mode: 'simulator' }
  /** No brand signs with BankID (wire.ts refuses the start otherwise); nothing is called. */
  | { mode: 'off' }
  | { mode: 'live'; baseUrl: string; pfxPath?: string; passphrase?: string; caPath?: string };

const Env = Settings.pick({
  BANKID: true,
  BANKID_URL: true,
  BANKID_PFX: true,
  BANKID_PFX_PASSPHRASE: true,
  BANKID_CA: true,
});

/** BANKID and its companions from the environment; `live` needs BANKID_URL. */
export function bankIdConfigFromEnv(env: NodeJS.ProcessEnv = process.env): BankIdConfig {
  const e = Env.parse(env);
  if (e.BANKID === 'simulator') return { mode: 'simulator' };
  if (e.BANKID === 'off') return { mode: 'off' };
  if (!e.BANKID_URL) throw new Error(`BANKID=live needs BANKID_URL (e.g. ${BANKID_TEST_URL}).`);
  return {
    mode: 'live',
    baseUrl: e.BANKID_URL.replace(/\/+$/, ''),
    pfxPath: e.BANKID_PFX,
    passphrase: e.BANKID_PFX_PASSPHRASE,
    caPath: e.BANKID_CA,
  };
}

export { injectFetch };

/**
 * The BankID of the configuration. For the simulator, pass the server (`app`) whose routes hold
 * it (registerBankIdSimulator): the client then calls `{prefix}/rp/v6.0` in-process; or pass
 * `simulatorOrigin` (e.g. `http://127.0.0.1:8080`) to reach it over the network.
 */
export function createBankId(
  config: BankIdConfig,
  deps: {
    app?: FastifyInstance;
    simulatorOrigin?: string;
    simulatorPrefix?: string;
    /** The simulator's API key (registerBankIdSimulator answers it). */
    simulatorKey?: string;
    fetch?: typeof fetch;
  } = {},
): BankId {
  if (config.mode === 'simulator') {
    const path = `${deps.simulatorPrefix ?? BANKID_SIMULATOR_PREFIX}${BANKID_API_PATH}`;
    const keyed =
      (base: typeof fetch): typeof fetch =>
      (input, init) =>
        base(input, {
          ...init,
          headers: {
            ...Object.fromEntries(new Headers(init?.headers)),
            [SIMULATOR_KEY_HEADER]: deps.simulatorKey ?? '',
          },
        });
    if (deps.simulatorOrigin)
      return createBankIdClient({
        baseUrl: `${deps.simulatorOrigin.replace(/\/+$/, '')}${path}`,
        fetch: keyed(deps.fetch ?? fetch),
      });
    if (!deps.app) throw new Error('The BankID simulator needs the server (app) or its origin.');
    // The host is never looked up: the in-process fetch uses the path only.
    return createBankIdClient({
      baseUrl: `http://bankid-simulator.invalid${path}`,
      fetch: keyed(injectFetch(deps.app)),
    });
  }
  if (config.mode === 'off') {
    const off = () => Promise.reject(new Error('BankID is off (BANKID=off).'));
    return { sign: off, collect: off, cancel: off };
  }
  const tlsFetch = config.pfxPath
    ? mutualTlsFetch({
        pfx: readFileSync(config.pfxPath),
        passphrase: config.passphrase,
        ca: config.caPath ? readFileSync(config.caPath) : undefined,
      })
    : undefined;
  return createBankIdClient({ baseUrl: config.baseUrl, fetch: deps.fetch ?? tlsFetch });
}

/**
 * Where the signer's own device opens the app for an order: the simulator's page, or BankID's
 * universal link (`redirect=null`: the app returns to the browser that opened it).
 */
export function bankIdAppUrl(
  config: BankIdConfig,
  autoStartToken: string,
  simulatorPrefix = BANKID_SIMULATOR_PREFIX,
) {
  const token = encodeURIComponent(autoStartToken);
  return config.mode === 'simulator'
    ? `${simulatorPrefix}/app?autostarttoken=${token}`
    : `https://app.bankid.com/?autostarttoken=${token}&redirect=null`;
}
