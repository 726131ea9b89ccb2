import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { LOGOUT_SCRIPT_HASH } from '../identity/pages';

/**
 * Browser hardening on every answer the server sends (docs/security.md, "Headers"), by helmet:
 * the identity provider's pages too (they are answered outside Fastify's routing, so the
 * headers are set as the request arrives). Its sign-out hand-off runs one inline script,
 * allowed by its hash. HSTS only where the portal is served over https. The policy does not
 * depend on the request, so helmet is asked once for its headers, which every answer then gets
 * (Fastify's helmet plugin rebuilt the middleware, policy parsing included, on every request).
 * An API answer is data, never a page: it gets the headers that matter for data (nothing may
 * load, frame or sniff it), not the page's policy, a kilobyte less on every call.
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
        // The help centre's video captions are made in the page, as a blob: URL.
        mediaSrc: ["'self'", 'blob:'],
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
  const fixed = headersOf(headers);
  fixed.push([
    'permissions-policy',
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  ]);
  const api = fixed.filter(([name]) => API_HEADERS.has(name));
  api.push(['content-security-policy', "default-src 'none'; frame-ancestors 'none'"]);
  app.addHook('onRequest', (req, reply, done) => {
    for (const [name, value] of isApiData(req.url) ? api : fixed) reply.raw.setHeader(name, value);
    done();
  });
  // API answers hold personal data: no browser or proxy keeps a copy.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/** What an API answer keeps of the page headers; its own policy replaces the page's. */
const API_HEADERS = new Set([
  'cross-origin-resource-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
]);

/** The customer's offer PDF, which the offer page opens in the browser's viewer. */
const OFFER_PDF = /^\/api\/public\/offers\/[^/?]+\/pdf(\?|$)/;

/**
 * Whether an address answers data: everything under /api/ but the API's documentation (a page)
 * and the documents (PDFs the browser shows in its viewer, the customer's offer among them).
 */
export function isApiData(url: string): boolean {
  return (
    url.startsWith('/api/') &&
    !url.startsWith('/api/docs') &&
    !url.startsWith('/api/documents/') &&
    !OFFER_PDF.test(url)
  );
}

/** The headers a middleware sets on an answer, found by running it once on one. */
function headersOf(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): [string, string | number | string[]][] {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  middleware(req, res, (error) => {
    if (error) throw error instanceof Error ? error : new Error('security headers');
  });
  return Object.entries(res.getHeaders()).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, value] as [string, string | number | string[]]],
  );
}
