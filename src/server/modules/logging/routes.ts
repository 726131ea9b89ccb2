import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isCorrelationId } from '../../../domain/http';
import type { Db } from '../../db/db';
import { insertUiError } from './repo';

/** Rendering failures reported by the PWA (POST logging/ui), kept with their correlation id. */
export function loggingRoutes(app: FastifyInstance, db: Db): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/logging/ui',
    {
      config: { session: true },
      schema: {
        summary: 'Report a rendering failure of the PWA',
        tags: ['logging'],
        querystring: z.object({ correlationId: z.string().refine(isCorrelationId, 'invalidCorrelationId') }),
        body: z
          .string()
          .trim()
          .min(1, 'required')
          .max(16 * 1024, 'tooLong'),
      },
    },
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
