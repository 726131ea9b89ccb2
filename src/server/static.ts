import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PROBLEM_CONTENT_TYPE } from '../domain/problems';
import { notFound } from './problems';

/**
 * Serves the built PWA. Hashed assets are cached for a year; the shell, the service worker
 * and the manifest are revalidated on every load so that updates are seen. An unknown page
 * path gets the shell (the app shows /not-found); a missing /assets file is a real 404, so a
 * stale lazy chunk fails loudly instead of parsing HTML as JavaScript. The build holds brotli and
 * gzip copies of every text file (scripts/precompress.ts): they are sent to a browser that accepts
 * them, the service worker's precache included, so nothing is compressed per request.
 */
export async function registerStatic(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', { schema: { hide: true } }, (_req, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0]!;
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
    if (pathname.startsWith('/api/') || pathname === '/api') {
      return reply
        .code(404)
        .type(PROBLEM_CONTENT_TYPE)
        .send(notFound(`No route ${req.method} ${pathname}.`).toProblem(req.id));
    }
    if (hasBuild && wantsPage && !pathname.startsWith('/assets/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).type('text/plain').send('Not Found');
  });
}
