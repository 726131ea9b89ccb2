import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ClientConfigSchema, HealthSchema, ReadySchema } from '../../../domain/api/config';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { ping } from './repo';

/** How long readiness waits for the database: a frozen one must not look ready. */
export const READY_DEADLINE_MS = 2_000;

/** What the PWA needs before sign-in: where the identity provider is. Public and cacheable. */
export function configRoutes(app: FastifyInstance, config: Config, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/config',
    {
      config: { public: true },
      schema: {
        summary: 'Client configuration (identity provider)',
        tags: ['config'],
        response: { 200: ClientConfigSchema },
      },
    },
    (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return {
        oidc: {
          authority: config.oidc.issuer,
          clientId: config.oidc.clientId,
          audience: config.oidc.audience,
          scope: 'openid profile email offline_access',
        },
      };
    },
  );
  r.get(
    '/api/health',
    {
      config: { public: true },
      schema: { summary: 'Liveness', tags: ['config'], response: { 200: HealthSchema } },
    },
    () => ({ status: 'ok' as const }),
  );
  // Liveness says the process answers; readiness that it can do its work: a load balancer sends
  // requests only to a copy whose database answers (docs/operations.md, "Health").
  r.get(
    '/api/ready',
    {
      config: { public: true },
      schema: {
        summary: 'Readiness (the database answers)',
        tags: ['config'],
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
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
