import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AssignContractBody,
  ContractExportQuery,
  ContractListQuery,
  ContractParams,
  RedemptionOfferBody,
} from '../../../domain/contracts';
import {
  AssigneesEntity,
  AssignmentEntity,
  ContractEntity,
  ContractListEntity,
  RedemptionOfferEntity,
  RedemptionSentEntity,
} from '../../../domain/api/contracts';
import { Base64File } from '../../../domain/api/common';
import type { Db } from '../../db/db';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['contracts'];

  r.get(
    '/api/contracts',
    {
      schema: {
        summary: 'The contract list of the selected brand (own contracts only without global access)',
        tags,
        querystring: ContractListQuery,
        response: { 200: ContractListEntity },
      },
    },
    (req) => contracts.listContractsEntity(db, req.caller!, req.query),
  );
  r.get(
    '/api/contracts/excel',
    {
      schema: {
        summary: 'The contract list as a spreadsheet (base64), with the Excel download permission',
        tags,
        querystring: ContractExportQuery,
        response: { 200: Base64File },
      },
    },
    (req) =>
      contracts.exportContracts(
        db,
        req.caller!,
        { ...req.query, itemsPerPage: contracts.EXPORT_MAX_ROWS, page: 1 },
        req.headers['accept-language'],
      ),
  );
  r.get(
    '/api/contracts/assignees',
    {
      schema: {
        summary: 'The profiles contracts of the selected brand may be assigned to',
        tags,
        response: { 200: AssigneesEntity },
      },
    },
    (req) => contracts.listAssignees(db, req.caller!),
  );
  r.get(
    '/api/contracts/:referenceCode',
    {
      schema: {
        summary: 'One contract with its calculation profile; make-redemption-offer and assign actions',
        tags,
        params: ContractParams,
        response: { 200: ContractEntity },
      },
    },
    (req) => contracts.getContract(db, req.caller!, req.params.referenceCode),
  );
  r.post(
    '/api/contracts/:referenceCode/assign',
    {
      schema: {
        summary: 'Assign the contract to a profile of the partner on the same brand',
        tags,
        params: ContractParams,
        body: AssignContractBody,
        response: { 200: AssignmentEntity },
      },
    },
    (req) => contracts.assign(db, req.caller!, req.params.referenceCode, req.body),
  );
  r.get(
    '/api/contracts/:referenceCode/redemption-offer',
    {
      schema: {
        summary: 'What redeeming the contract costs today (valid 14 days), with its breakdown',
        tags,
        params: ContractParams,
        response: { 200: RedemptionOfferEntity },
      },
    },
    (req) => getRedemptionOffer(db, effects, req.caller!, req.params.referenceCode),
  );
  r.post(
    '/api/contracts/:referenceCode/redemption-offer',
    {
      schema: {
        summary: 'Send the redemption offer to the customer: a PDF by e-mail',
        tags,
        params: ContractParams,
        body: RedemptionOfferBody,
        response: { 200: RedemptionSentEntity },
      },
    },
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
