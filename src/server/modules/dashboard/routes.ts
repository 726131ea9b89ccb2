import type { FastifyInstance } from 'fastify';
import { HEADERS } from '../../../domain/http';
import type { Db } from '../../db/db';
import { serve } from '../../endpoint';
import { dashboard, parseOffset } from './service';

/** The start screen's content (portal specification, “Screens and routes”). */
export function dashboardRoutes(app: FastifyInstance, db: Db): void {
  serve(
    app,
    'dashboard',
    {
      summary:
        'Counts per state category, the calculations waiting for the user, the volume of the last 12 months and the last sign-in, in the scope of the calculation list',
      tags: ['dashboard'],
    },
    (req) => dashboard(db, req.caller!, parseOffset(req.headers[HEADERS.timezoneOffset.toLowerCase()])),
  );
}
