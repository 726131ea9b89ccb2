import type { FastifyInstance } from 'fastify';

/** What a load balancer asks every few seconds: logged only at debug. */
const CHECKS = new Set(['/api/health', '/api/ready']);
/** A path segment that may be a secret (a password link's token): long and random-looking. */
const SECRET_SEGMENT = /\/[\w-]{32,}(?=\/|$)/g;

/**
 * One access-log line per answered request, JSON like every line on stdout, with the request's
 * correlation id (the logger's `correlationId`, app.ts): method, path without its query (search
 * words are personal data) and with long tokens masked, route pattern, status, time taken.
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url;
    const line = {
      method: req.method,
      path: (req.url.split('?')[0] ?? '').replace(SECRET_SEGMENT, '/…'),
      route,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (route && CHECKS.has(route)) req.log.debug(line, 'request');
    else req.log.info(line, 'request');
    done();
  });
}
