import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Browser hardening on every answer. The identity provider's own pages (sign-out hand-off)
 * run a small inline script and keep their own rules.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const issuerOrigin = new URL(config.oidc.issuer).origin;
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src 'self' ${issuerOrigin}`,
    // The sign-in form's answer redirects on to the PWA, which may be a development server.
    `form-action 'self' ${[issuerOrigin, ...config.devOrigins].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    // A page may be stricter (the set-password page sends no referrer: its address holds a token).
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'same-origin');
    // The provider's own pages run a small inline script; they still may not be framed.
    reply.header('content-security-policy', req.url.startsWith('/oidc/') ? "frame-ancestors 'none'" : csp);
  });
}
