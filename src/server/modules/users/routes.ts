import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MoveCalculations, UserSave } from '../../../domain/users';
import type { Config } from '../../config';
import { MovedSchema, PartnerEntity, UserDetailEntity, UserListEntity } from '../../../domain/api/users';
import type { Db } from '../../db/db';
import * as users from './service';

const UserParams = z.object({ userId: z.uuid('notFound') });

/** MyGRENKE user administration (administration specification, “The calls it makes”). Admins only; the services check it. */
export function userRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['administration'];

  r.get(
    '/api/users',
    {
      schema: {
        summary: "The partner's users",
        tags,
        querystring: z.object({
          sortBy: z.enum(['firstName', 'lastName']).default('lastName'),
          orderDesc: z
            .enum(['true', 'false'])
            .default('false')
            .transform((v) => v === 'true'),
        }),
        response: { 200: UserListEntity },
      },
    },
    (req) => users.list(db, config, req.caller!, req.query.sortBy, req.query.orderDesc),
  );
  r.get(
    '/api/users/:userId',
    { schema: { summary: 'One user', tags, params: UserParams, response: { 200: UserDetailEntity } } },
    (req) => users.get(db, req.caller!, req.params.userId),
  );
  r.post(
    '/api/users',
    {
      schema: {
        summary: 'Create a user and send the invitation',
        tags,
        body: UserSave,
        response: { 201: UserDetailEntity },
      },
    },
    async (req, reply) => reply.code(201).send(await users.create(db, config, req.caller!, req.body)),
  );
  r.put(
    '/api/users/:userId',
    {
      schema: {
        summary: 'Update a user',
        tags,
        params: UserParams,
        body: UserSave,
        response: { 200: UserDetailEntity },
      },
    },
    (req) => users.update(db, req.caller!, req.params.userId, req.body),
  );
  r.delete(
    '/api/users/:userId',
    { schema: { summary: 'Delete a user without calculations or contracts', tags, params: UserParams } },
    async (req, reply) => {
      await users.remove(db, req.caller!, req.params.userId);
      return reply.code(204).send();
    },
  );
  r.put(
    '/api/users/:userId/resetPassword',
    { schema: { summary: 'Mail the user a link to set a new password', tags, params: UserParams } },
    async (req, reply) => {
      await users.resetPassword(db, config, req.caller!, req.params.userId);
      return reply.code(204).send();
    },
  );
  r.post(
    '/api/users/:userId/moveCalculations',
    {
      schema: {
        summary: "Move a profile's calculations and contracts to another profile",
        tags,
        params: UserParams,
        body: MoveCalculations,
        response: { 200: MovedSchema },
      },
    },
    (req) =>
      users.moveCalculations(
        db,
        req.caller!,
        req.params.userId,
        req.body.originUserProfileId,
        req.body.destinationUserProfileId,
      ),
  );
  r.get(
    '/api/partner',
    {
      schema: {
        summary: "The caller's partner and its brands (parent profiles)",
        tags,
        response: { 200: PartnerEntity },
      },
    },
    (req) => users.partnerEntity(db, req.caller!),
  );
}
