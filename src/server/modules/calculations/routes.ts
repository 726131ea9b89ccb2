import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalculateRequest } from '../../../domain/calculation/schemas';
import type { Db } from '../../db/db';
import { createReferenceCache } from './reference-cache';
import * as calculations from './service';

export function calculationRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['calculations'];
  const references = createReferenceCache(db);
  r.get(
    '/api/calculationView',
    {
      schema: {
        summary: 'Condition lists, object types and defaults of the selected brand for a new calculation',
        tags,
      },
    },
    (req) => calculations.calculationView(db, req.caller!),
  );
  r.post(
    '/api/calculate/:conditionListId',
    {
      schema: {
        summary: 'Calculate one row per period of a condition list',
        tags,
        params: z.object({ conditionListId: z.string().min(1).max(100) }),
        querystring: z.object({ userprofileId: z.string().optional() }),
        body: CalculateRequest,
      },
    },
    (req) => calculations.calculate(references, req.caller!, req.params.conditionListId, req.body),
  );
}
