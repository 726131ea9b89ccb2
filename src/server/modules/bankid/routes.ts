import type { FastifyInstance } from 'fastify';
import { serve } from '../../endpoint';
import type { BankIdSigning } from './service';

/** The BankID signing of a variant: start, status (polled every second while pending), cancel. */
export function bankIdRoutes(app: FastifyInstance, signing: BankIdSigning): void {
  const tags = ['signing'];

  serve(
    app,
    'bankIdStart',
    {
      summary:
        'Start the BankID signing: the customer signees one after another, then the delivery confirmation (409: already in progress)',
      tags,
    },
    (req) => signing.start(req.caller!, req.params, req.body, req.ip),
  );
  serve(
    app,
    'bankIdStatus',
    {
      summary:
        'Where the BankID signing stands: collects the current order, moves on when it ended; the QR code of this second (404: none started)',
      tags,
    },
    (req) => signing.status(req.caller!, req.params, req.ip),
  );
  serve(
    app,
    'bankIdCancel',
    { summary: 'Cancel the running BankID signing (ready to sign again)', tags },
    (req) => signing.cancel(req.caller!, req.params),
  );
}
