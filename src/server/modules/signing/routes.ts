import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApplicationCheckedEntity, ApplicationsEntity } from '../../../domain/api/backoffice';
import { VariantEntity } from '../../../domain/api/calculations';
import { PaperContractEntity } from '../../../domain/api/signing';
import type { Db } from '../../db/db';
import { postgresDocumentStore } from '../../integrations/document-store/postgres';
import { ApplicationCheck } from '../../../domain/signing';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['signing'];
  const variantParams = z.object({ setId: z.string().max(100), variantId: z.string().max(100) });
  const profileQuery = z.object({
    userProfileId: z.string().optional(),
    userprofileId: z.string().optional(),
  });

  r.put(
    '/api/calculationSets/:setId/calculationVariant/:variantId/paperContract',
    {
      schema: {
        summary: 'Generate the paper contract (PDF): readyToSign → contractPrinted',
        tags,
        params: variantParams,
        querystring: profileQuery,
        response: { 200: PaperContractEntity },
      },
    },
    (req) =>
      paperContract(db, postgresDocumentStore, req.caller!, req.params, (q, variantId) =>
        endSigning(q, variantId, 'Changed to a paper contract'),
      ),
  );
  r.post(
    '/api/calculationSets/:setId/calculationVariant/:variantId/contract-start',
    {
      config: { idempotent: true },
      schema: {
        summary: 'Send the contract start with the signed contract and the delivery note attached',
        tags,
        params: variantParams,
        response: { 200: VariantEntity },
      },
    },
    (req) =>
      sendContractStart(db, req.caller!, req.params, {
        cancel: (q, variantId) => endSigning(q, variantId, 'Delivery note sent by the partner'),
        latest: latestSigning,
      }),
  );
  r.get(
    '/api/backoffice/applications',
    {
      schema: {
        summary: 'Contract starts waiting for the provider’s check (underwriters)',
        tags: ['back office'],
        response: { 200: ApplicationsEntity },
      },
    },
    (req) => listApplications(db, req.caller!),
  );
  r.post(
    '/api/backoffice/applications/:id/check',
    {
      schema: {
        summary: 'Complete → contracted; otherwise missingApplicationInfo with what is missing',
        tags: ['back office'],
        params: z.object({ id: z.string().max(100) }),
        body: ApplicationCheck,
        response: { 200: ApplicationCheckedEntity },
      },
    },
    (req) => checkApplication(db, req.caller!, req.params.id, req.body, publicUrl),
  );
}
