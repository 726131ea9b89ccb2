import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { LOGOUT_SCRIPT_HASH } from '../identity/pages';

/**
 * Browser hardening on every answer the server sends (docs/security.md, "Headers"), by helmet:
 * the identity provider's pages too (they are answered outside Fastify's routing, so the
 * headers are set as the request arrives). Its sign-out hand-off runs one inline script,
 * allowed by its hash. HSTS only where the portal is served over https. The middleware is built
 * once (Fastify's helmet plugin rebuilt it, policy parsing included, on every request).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const issuerOrigin = new URL(config.oidc.issuer).origin;
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", `'${LOGOUT_SCRIPT_HASH}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", issuerOrigin],
        // The sign-in form's answer redirects on to the PWA, which may be a development server.
        formAction: ["'self'", issuerOrigin, ...config.devOrigins],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https:')
      ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true }
      : false,
    xFrameOptions: { action: 'deny' },
    // A page may be stricter (the set-password page sends no referrer: its address holds a token).
    referrerPolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    let failed: Error | undefined;
    headers(req.raw, reply.raw, (error?: unknown) => {
      if (error) failed = error instanceof Error ? error : new Error('security headers');
    });
    if (failed) return done(failed);
    reply.raw.setHeader(
      'permissions-policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    );
    done();
  });
  // API answers hold personal data: no browser or proxy keeps a copy.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
