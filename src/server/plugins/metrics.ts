import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/db';
import type { Jobs } from '../jobs/queue';

/**
 * Prometheus metrics of one server copy (docs/operations.md, "Metrics"): requests by route and
 * status with their latency, the PostgreSQL pool, the job queues and their failures, and Node's
 * own (memory, event loop, GC). Served on a port of their own (METRICS_PORT), never on the
 * public one. Each app has its own registry, so copies in one process (tests) do not mix.
 */
export interface Metrics {
  registry: Registry;
  /** A job run that failed (it may be tried again) and a job that died, by kind. */
  jobFailed(kind: string): void;
  jobDied(kind: string): void;
  /** Counts the queues from now on (the jobs start after the routes). */
  watchJobs(jobs: Jobs): void;
}

export function registerMetrics(app: FastifyInstance, db: Db): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (req, reply, done) => {
    // The route's pattern, never its path: ids would make a series per calculation.
    const labels = {
      method: req.method,
      route: req.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const pool = db.poolStats;
  if (pool)
    new Gauge({
      name: 'portal_db_pool_connections',
      help: "The request pool's PostgreSQL connections: total, idle, and callers waiting for one.",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = pool();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });

  const failures = new Counter({
    name: 'portal_job_failures_total',
    help: 'Job runs that failed or passed their deadline (each may be tried again), by kind.',
    labelNames: ['kind'],
    registers: [registry],
  });
  const deaths = new Counter({
    name: 'portal_jobs_dead_total',
    help: 'Jobs whose runs were used up and that went to the dead-letter queue, by kind.',
    labelNames: ['kind'],
    registers: [registry],
  });
  let watched: Jobs | undefined;
  new Gauge({
    name: 'portal_jobs',
    help: 'Jobs per queue: waiting (due or later) and running; the dead-letter queue jobs.dead holds the dead ones, kept 30 days.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      if (!watched) return;
      const { queues, dead } = await watched.counts();
      for (const q of queues) {
        this.set({ queue: q.kind, state: 'waiting' }, q.waiting);
        this.set({ queue: q.kind, state: 'running' }, q.running);
      }
      this.set({ queue: 'jobs.dead', state: 'kept' }, dead);
    },
  });

  return {
    registry,
    jobFailed: (kind) => failures.inc({ kind }),
    jobDied: (kind) => deaths.inc({ kind }),
    watchJobs(jobs) {
      watched = jobs;
    },
  };
}

/** `GET /metrics` on the operator's port; anything else is 404. */
export async function serveMetrics(
  registry: Registry,
  where: { port: number; host: string },
): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, resolve);
  });
  return server;
}
