import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db';
import { callerChanged } from '../../plugins/caller-cache';

/**
 * Terms acceptance (spec 001 section 4): `user/acceptall` accepts the terms of use and the
 * terms and conditions, `user/accepttermsofuse` the terms of use alone. Both are allowed under
 * a read-only brand: accepting terms changes nothing of the brand's data.
 */
export function termsRoutes(app: FastifyInstance, db: Db): void {
  const accept = (columns: string) => async (req: FastifyRequest, reply: FastifyReply) => {
    const { user, accountId } = req.caller!;
    await db.tx(async (q) => {
      await q.query(`update users set ${columns}, last_change = now() where id = $1`, [user.id]);
      await callerChanged(q, accountId);
    });
    return reply.code(204).send();
  };
  app.post(
    '/api/user/acceptall',
    { schema: { summary: 'Accept the terms of use and the terms and conditions', tags: ['session'] } },
    accept('terms_of_use_accepted_at = now(), terms_and_conditions_accepted_at = now()'),
  );
  app.post(
    '/api/user/accepttermsofuse',
    { schema: { summary: 'Accept the terms of use', tags: ['session'] } },
    accept('terms_of_use_accepted_at = now()'),
  );
}
