import type { FastifyInstance } from 'fastify';
import { ReadySchema } from '../../../domain/api/config';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { serve } from '../../endpoint';
import { ping } from './repo';

/** How long readiness waits for the database: a frozen one must not look ready. */
export const READY_DEADLINE_MS = 2_000;

/** What the PWA needs before sign-in: where the identity provider is. Public and cacheable. */
export function configRoutes(app: FastifyInstance, config: Config, db: Db): void {
  const open = { tags: ['config'], config: { public: true } };
  serve(
    app,
    'config',
    { summary: 'Client configuration (identity provider, request timeout)', ...open },
    (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return {
        oidc: {
          authority: config.oidc.issuer,
          clientId: config.oidc.clientId,
          audience: config.oidc.audience,
          scope: 'openid profile email offline_access',
        },
        requestTimeoutMs: config.clientRequestTimeoutMs,
      };
    },
  );
  serve(app, 'health', { summary: 'Liveness', ...open }, () => ({ status: 'ok' as const }));
  // Liveness says the process answers; readiness that it can do its work: a load balancer sends
  // requests only to a copy whose database answers (docs/operations.md, "Health").
  serve(
    app,
    'ready',
    { summary: 'Readiness (the database answers)', ...open, otherAnswers: { 503: ReadySchema } },
    async (_req, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const slow = new Promise<'slow'>(
        (resolve) => (timer = setTimeout(() => resolve('slow'), READY_DEADLINE_MS)),
      );
      const database = await Promise.race([
        ping(db).then(
          () => 'ok' as const,
          () => 'unreachable' as const,
        ),
        slow,
      ]);
      clearTimeout(timer);
      if (database === 'ok') return { status: 'ready' as const, database };
      return reply.code(503).send({ status: 'unavailable' as const, database });
    },
  );
}
