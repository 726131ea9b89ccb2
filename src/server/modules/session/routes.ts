import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { serve } from '../../endpoint';
import { accountProfile, availableUsers } from './service';

export function sessionRoutes(app: FastifyInstance, db: Db): void {
  const options = { tags: ['session'], config: { session: true } };
  serve(
    app,
    'myProfiles',
    { summary: 'The account profile of the selected user and brand', ...options },
    async (req) => accountProfile(db, req.caller!),
  );
  serve(app, 'myUsers', { summary: 'The users the signed-in person may act as', ...options }, async (req) =>
    availableUsers(db, req.caller!),
  );
}
