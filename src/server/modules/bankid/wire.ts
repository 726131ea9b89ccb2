import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { createBankId } from '../../integrations/bankid/factory';
import type { BankId } from '../../integrations/bankid/port';
import { registerBankIdSimulator } from '../../integrations/bankid/simulator';
import { bankIdRoutes } from './routes';
import { bankIdSigning } from './service';

/**
 * BankID by configuration: the real service (BANKID=live), or the built-in simulator at
 * /bankid-sim (its API reached in process, its app page served to the signer's browser).
 */
export async function wireBankId(app: FastifyInstance, db: Db, config: Config): Promise<BankId> {
  const simulator = config.bankId.mode === 'simulator' ? await registerBankIdSimulator(app, db) : undefined;
  const simulatorPrefix = simulator?.prefix;
  const bankId = createBankId(config.bankId, { app, simulatorPrefix, simulatorKey: simulator?.apiKey });
  bankIdRoutes(app, bankIdSigning(db, bankId, config.bankId, { log: app.log, simulatorPrefix }));
  return bankId;
}
