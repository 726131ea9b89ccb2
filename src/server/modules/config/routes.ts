import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ClientConfigSchema, HealthSchema } from '../../../domain/api/config';
import type { Config } from '../../config';

/** What the PWA needs before sign-in: where the identity provider is. Public and cacheable. */
export function configRoutes(app: FastifyInstance, config: Config): void {
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
}
