import type { FastifyInstance } from 'fastify';
import { scopeOf } from '../calculations/policy';
import type { EventHub } from './hub';

/** Keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: server-sent events for the signed-in caller's brand. The app reads it with
 * fetch (an EventSource cannot send the bearer token) and falls back to polling without it.
 */
export function eventRoutes(app: FastifyInstance, hub: EventHub): void {
  app.get(
    '/api/events',
    {
      schema: {
        summary: 'Live changes of the calculations the caller may see (text/event-stream)',
        tags: ['events'],
      },
    },
    (req, reply) => {
      const scope = scopeOf(req.caller!);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(': connected\n\n');
      const unsubscribe = hub.subscribe({
        partnerId: req.caller!.user.partnerId,
        brandId: scope.brandId,
        userProfileId: scope.userProfileId,
        send: (event) => res.write(`event: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`),
      });
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
      req.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
    },
  );
}
