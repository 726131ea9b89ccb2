import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HEADERS } from '../../../domain/http';
import { DashboardEntity } from '../../../domain/api/dashboard';
import type { Db } from '../../db/db';
import { dashboard, parseOffset } from './service';

/** The start screen's content (portal specification, “Screens and routes”). */
export function dashboardRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/dashboard',
    {
      schema: {
        summary:
          'Counts per state category, the calculations waiting for the user, the volume of the last 12 months and the last sign-in, in the scope of the calculation list',
        tags: ['dashboard'],
        querystring: z.object({
          userprofileId: z.string().optional(),
          userProfileId: z.string().optional(),
        }),
        response: { 200: DashboardEntity },
      },
    },
    (req) => dashboard(db, req.caller!, parseOffset(req.headers[HEADERS.timezoneOffset.toLowerCase()])),
  );
}
