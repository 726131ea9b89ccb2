import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

/** What the PWA needs before sign-in: where the identity provider is. Public and cacheable. */
export function configRoutes(app: FastifyInstance, config: Config): void {
  app.get(
    '/api/config',
    {
      config: { public: true },
      schema: { summary: 'Client configuration (identity provider)', tags: ['config'] },
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
  app.get(
    '/api/health',
    { config: { public: true }, schema: { summary: 'Liveness', tags: ['config'] } },
    () => ({
      status: 'ok',
    }),
  );
}
