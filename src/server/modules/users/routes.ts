import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { serve } from '../../endpoint';
import * as users from './service';

/** MyGRENKE user administration (administration specification, “The calls it makes”). Admins only; the services check it. */
export function userRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const tags = ['administration'];

  serve(app, 'users', { summary: "The partner's users", tags }, (req) =>
    users.list(db, config, req.caller!, req.query.sortBy, req.query.orderDesc),
  );
  serve(app, 'user', { summary: 'One user', tags }, (req) =>
    users.get(db, config, req.caller!, req.params.userId),
  );
  serve(app, 'createUser', { summary: 'Create a user and send the invitation', tags }, async (req, reply) =>
    reply.code(201).send(await users.create(db, config, req.caller!, req.body)),
  );
  serve(app, 'saveUser', { summary: 'Update a user', tags }, (req) =>
    users.update(db, config, req.caller!, req.params.userId, req.body),
  );
  serve(
    app,
    'deleteUser',
    { summary: 'Delete a user without calculations or contracts', tags },
    async (req, reply) => {
      await users.remove(db, config, req.caller!, req.params.userId);
      return reply.code(204).send();
    },
  );
  serve(
    app,
    'resetPassword',
    { summary: 'Mail the user a link to set a new password', tags },
    async (req, reply) => {
      await users.resetPassword(db, config, req.caller!, req.params.userId);
      return reply.code(204).send();
    },
  );
  serve(
    app,
    'moveCalculations',
    { summary: "Move a profile's calculations and contracts to another profile", tags },
    (req) =>
      users.moveCalculations(
        db,
        req.caller!,
        req.params.userId,
        req.body.originUserProfileId,
        req.body.destinationUserProfileId,
      ),
  );
  serve(app, 'partner', { summary: "The caller's partner and its brands (parent profiles)", tags }, (req) =>
    users.partnerEntity(db, req.caller!),
  );
}
