import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { serve } from '../../endpoint';
import { insertUiError } from './repo';

/** Rendering failures reported by the PWA (POST logging/ui), kept with their correlation id. */
export function loggingRoutes(app: FastifyInstance, db: Db): void {
  serve(
    app,
    'reportUiError',
    { summary: 'Report a rendering failure of the PWA', tags: ['logging'], config: { session: true } },
    async (req, reply) => {
      await insertUiError(db, {
        correlationId: req.query.correlationId,
        accountId: req.caller!.accountId,
        message: req.body,
        userAgent: req.headers['user-agent']?.slice(0, 512) ?? null,
      });
      req.log.warn({ uiCorrelationId: req.query.correlationId }, 'ui error reported');
      return reply.code(204).send();
    },
  );
}
