import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { serve } from '../../endpoint';
import { postgresDocumentStore } from '../../integrations/document-store/postgres';
import { checkApplication, listApplications } from './applications';
import type { EndSigning, LatestSigning } from './cancel';
import { paperContract, sendContractStart } from './service';

/** The paper contract, the contract start and the provider's check of the application. */
export function signingRoutes(
  app: FastifyInstance,
  db: Db,
  publicUrl: string,
  endSigning: EndSigning,
  latestSigning: LatestSigning,
): void {
  const tags = ['signing'];

  serve(
    app,
    'paperContract',
    { summary: 'Generate the paper contract (PDF): readyToSign → contractPrinted', tags },
    (req) =>
      paperContract(db, postgresDocumentStore, req.caller!, req.params, (q, variantId) =>
        endSigning(q, variantId, 'Changed to a paper contract'),
      ),
  );
  serve(
    app,
    'contractStart',
    {
      summary: 'Send the contract start with the signed contract and the delivery note attached',
      tags,
      config: { idempotent: true },
    },
    (req) =>
      sendContractStart(db, req.caller!, req.params, {
        cancel: (q, variantId) => endSigning(q, variantId, 'Delivery note sent by the partner'),
        latest: latestSigning,
      }),
  );
  serve(
    app,
    'applications',
    { summary: 'Contract starts waiting for the provider’s check (underwriters)', tags: ['back office'] },
    (req) => listApplications(db, req.caller!),
  );
  serve(
    app,
    'checkApplication',
    {
      summary: 'Complete → contracted; otherwise missingApplicationInfo with what is missing',
      tags: ['back office'],
    },
    (req) => checkApplication(db, req.caller!, req.params.id, req.body, publicUrl),
  );
}
