import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { serve } from '../../endpoint';
import type { DocumentStore } from '../../integrations/document-store/port';
import { postgresDocumentStore } from '../../integrations/document-store/postgres';
import { getRedemptionOffer, sendRedemptionOffer, type ContractEffects } from './redemption';
import * as contracts from './service';
import { createContractStateRefresher } from './state-refresher';

/**
 * The contracts: the list, its export, one contract, assigning, the redemption offer; and the
 * refresher that keeps the stored states in step with the calendar (at start and hourly).
 */
export function contractRoutes(
  app: FastifyInstance,
  db: Db,
  effects: ContractEffects,
  store: DocumentStore = postgresDocumentStore,
): void {
  const tags = ['contracts'];

  serve(
    app,
    'contracts',
    { summary: 'The contract list of the selected brand (own contracts only without global access)', tags },
    (req) => contracts.listContractsEntity(db, req.caller!, req.query),
  );
  serve(
    app,
    'contractsExcel',
    { summary: 'The contract list as a spreadsheet (base64), with the Excel download permission', tags },
    (req) =>
      contracts.exportContracts(
        db,
        req.caller!,
        { ...req.query, itemsPerPage: contracts.EXPORT_MAX_ROWS, page: 1 },
        req.headers['accept-language'],
      ),
  );
  serve(
    app,
    'contractAssignees',
    { summary: 'The profiles contracts of the selected brand may be assigned to', tags },
    (req) => contracts.listAssignees(db, req.caller!),
  );
  serve(
    app,
    'contract',
    { summary: 'One contract with its calculation profile; make-redemption-offer and assign actions', tags },
    (req) => contracts.getContract(db, req.caller!, req.params.referenceCode),
  );
  serve(
    app,
    'assignContract',
    { summary: 'Assign the contract to a profile of the partner on the same brand', tags },
    (req) => contracts.assign(db, req.caller!, req.params.referenceCode, req.body),
  );
  serve(
    app,
    'redemptionOffer',
    { summary: 'What redeeming the contract costs today (valid 14 days), with its breakdown', tags },
    (req) => getRedemptionOffer(db, effects, req.caller!, req.params.referenceCode),
  );
  serve(
    app,
    'sendRedemptionOffer',
    { summary: 'Send the redemption offer to the customer: a PDF by e-mail', tags },
    (req) => sendRedemptionOffer(db, store, effects, req.caller!, req.params.referenceCode, req.body),
  );
  const refresher = createContractStateRefresher(db, app.log);
  app.addHook('onReady', async () => {
    await refresher.refresh();
    refresher.start();
  });
  app.addHook('onClose', async () => {
    await refresher.stop();
  });
}
