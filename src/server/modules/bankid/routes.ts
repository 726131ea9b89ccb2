import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VariantEntity } from '../../../domain/api/calculations';
import { BankIdStatusSchema } from '../../../domain/api/signing';
import { BankIdStartRequest } from '../../../domain/signing';
import type { BankIdSigning } from './service';

/** The BankID signing of a variant: start, status (polled every second while pending), cancel. */
export function bankIdRoutes(app: FastifyInstance, signing: BankIdSigning): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['signing'];
  const params = z.object({ setId: z.string().max(100), variantId: z.string().max(100) });
  const base = '/api/calculationSets/:setId/calculationVariant/:variantId/bankid';

  r.post(
    `${base}/start`,
    {
      schema: {
        summary:
          'Start the BankID signing: the customer signees one after another, then the delivery confirmation (409: already in progress)',
        tags,
        params,
        body: BankIdStartRequest,
        response: { 200: BankIdStatusSchema },
      },
    },
    (req) => signing.start(req.caller!, req.params, req.body, req.ip),
  );
  r.get(
    `${base}/status`,
    {
      schema: {
        summary:
          'Where the BankID signing stands: collects the current order, moves on when it ended; the QR code of this second (404: none started)',
        tags,
        params,
        response: { 200: BankIdStatusSchema },
      },
    },
    (req) => signing.status(req.caller!, req.params, req.ip),
  );
  r.put(
    `${base}/cancel`,
    {
      schema: {
        summary: 'Cancel the running BankID signing (ready to sign again)',
        tags,
        params,
        response: { 200: VariantEntity },
      },
    },
    (req) => signing.cancel(req.caller!, req.params),
  );
}
