import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccountProfileEntity, AvailableUsersEntity } from '../../../domain/api/session';
import type { Db } from '../../db/db';
import { accountProfile, availableUsers } from './service';

export function sessionRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/userprofiles/myprofiles',
    {
      config: { session: true },
      schema: {
        summary: 'The account profile of the selected user and brand',
        tags: ['session'],
        querystring: z.object({
          culture: z.string().max(10).optional(),
          userprofileId: z.string().optional(),
        }),
        response: { 200: AccountProfileEntity },
      },
    },
    async (req) => accountProfile(db, req.caller!),
  );

  r.get(
    '/api/user/myUsers',
    {
      config: { session: true },
      schema: {
        summary: 'The users the signed-in person may act as',
        tags: ['session'],
        response: { 200: AvailableUsersEntity },
      },
    },
    async (req) => availableUsers(db, req.caller!),
  );
}
