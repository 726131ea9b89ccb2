import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { serve } from '../../endpoint';
import type { CallerCache } from '../../plugins/caller-cache';
import type { Revocations } from '../../plugins/revocations';
import { HttpProblem } from '../../problems';
import { PROBLEM } from '../../../domain/problems';
import { scopeOf } from '../session/policy';
import type { EventHub } from './hub';

/** Keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** Open streams per account on one server copy: a few tabs and devices. */
export const MAX_STREAMS_PER_ACCOUNT = 5;

/**
 * GET /api/events: server-sent events for the signed-in caller's brand. The app reads it with
 * fetch (an EventSource cannot send the bearer token) and falls back to polling without it.
 *
 * The caller is checked when the stream opens, so the stream ends whenever that check could
 * now answer otherwise: the account changed (disabled, read-only, other profiles; the caller-
 * changed notification), its session was signed out, or the token expired. The app opens it
 * again and is checked afresh. Streams also end when the server closes.
 */
export function eventRoutes(
  app: FastifyInstance,
  hub: EventHub,
  sessions: { accounts: CallerCache; revocations: Revocations },
): void {
  const open = new Map<string, Set<ServerResponse>>();
  app.addHook('preClose', (done) => {
    for (const streams of open.values()) for (const res of streams) res.end();
    done();
  });

  serve(
    app,
    'events',
    { summary: 'Live changes of the calculations the caller may see (text/event-stream)', tags: ['events'] },
    (req, reply) => {
      const caller = req.caller!;
      const scope = scopeOf(caller);
      const own = open.get(caller.accountId) ?? new Set<ServerResponse>();
      if (own.size >= MAX_STREAMS_PER_ACCOUNT) {
        reply.header('retry-after', '60');
        throw new HttpProblem(429, PROBLEM.tooManyRequests, 'Too Many Requests', 'Too many live streams.');
      }
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(': connected\n\n');
      own.add(res);
      open.set(caller.accountId, own);
      const end = () => res.end();
      const stops = [
        hub.subscribe({
          partnerId: caller.user.partnerId,
          brandId: scope.brandId,
          userProfileId: scope.userProfileId,
          send: (event) => res.write(`event: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`),
        }),
        sessions.accounts.onChange((id) => (id === caller.accountId || id === '*') && end()),
        sessions.revocations.onRevoked((grantId) => grantId === caller.session.grantId && end()),
      ];
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
      const expiry = setTimeout(end, Math.max(0, caller.session.expiresAt - Date.now()));
      res.on('close', () => {
        clearInterval(heartbeat);
        clearTimeout(expiry);
        stops.forEach((stop) => stop());
        own.delete(res);
        if (own.size === 0) open.delete(caller.accountId);
      });
    },
  );
}
