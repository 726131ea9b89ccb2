import type { FastifyInstance } from 'fastify';

/** The OpenAPI document generated from the routes' zod schemas, and a readable index of it. */
export function docsRoutes(app: FastifyInstance): void {
  app.get('/api/docs/json', { config: { public: true }, schema: { hide: true } }, () => app.swagger());
  app.get('/api/docs', { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
    const doc = app.swagger() as { paths?: Record<string, Record<string, { summary?: string }>> };
    const rows = Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
      Object.entries(ops).map(
        ([method, op]) =>
          `<tr><td>${method.toUpperCase()}</td><td><code>${path}</code></td><td>${op.summary ?? ''}</td></tr>`,
      ),
    );
    return reply.type('text/html').send(
      `<!doctype html><meta charset="utf-8"><title>Partner portal API</title><style>body{font:15px system-ui;margin:2rem}td{padding:4px 12px;border-bottom:1px solid #ddd}</style>
<h1>Partner portal API</h1><p>OpenAPI 3 document: <a href="/api/docs/json">/api/docs/json</a></p><table>${rows.join('')}</table>`,
    );
  });
}
