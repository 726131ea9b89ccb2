import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';

/** Customer search and selection, party configurations, IBAN and bank giro checks (being built). */
export function customerRoutes(_app: FastifyInstance, _db: Db): void {}
