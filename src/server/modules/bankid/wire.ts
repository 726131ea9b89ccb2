import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { createBankId } from '../../integrations/bankid/factory';
import type { BankId } from '../../integrations/bankid/port';
import { registerBankIdSimulator } from '../../integrations/bankid/simulator';
import { brandsSigningWithBankId } from '../session';
import { bankIdRoutes } from './routes';
import { bankIdSigning } from './service';

/**
 * BankID by configuration: the real service (BANKID=live), the built-in simulator at
 * /bankid-sim (its API reached in process, its app page served to the signer's browser), or
 * none (BANKID=off), which only a portal whose brands do not sign with BankID may run.
 */
export async function wireBankId(app: FastifyInstance, db: Db, config: Config): Promise<BankId> {
  if (config.bankId.mode === 'off') {
    const brands = await brandsSigningWithBankId(db);
    if (brands.length)
      throw new Error(
        `BANKID=off, but brand${brands.length > 1 ? 's' : ''} ${brands.join(', ')} sign${brands.length > 1 ? '' : 's'} with BankID: set BANKID=live with its settings (docs/settings.md).`,
      );
  }
  const simulator = config.bankId.mode === 'simulator' ? await registerBankIdSimulator(app, db) : undefined;
  const simulatorPrefix = simulator?.prefix;
  const bankId = createBankId(config.bankId, { app, simulatorPrefix, simulatorKey: simulator?.apiKey });
  bankIdRoutes(app, bankIdSigning(db, bankId, config.bankId, { log: app.log, simulatorPrefix }));
  return bankId;
}
