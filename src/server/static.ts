import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { shellIn, shellLocale, shellTemplateProblems } from './shell';
import { PROBLEM_CONTENT_TYPE } from '../domain/problems';
import { notFound } from './problems';

/**
 * Serves the built PWA. Hashed assets are cached for a year; the shell, the service worker
 * and the manifest are revalidated on every load so that updates are seen. An unknown page
 * path gets the shell (the app shows /not-found), in the visitor's language (shell.ts); a missing /assets file is a real 404, so a
 * stale lazy chunk fails loudly instead of parsing HTML as JavaScript. The build holds brotli and
 * gzip copies of every text file (scripts/precompress.ts): they are sent to a browser that accepts
 * them, the service worker's precache included, so nothing is compressed per request.
 */
export async function registerStatic(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  const template = hasBuild ? readFileSync(path.join(distDir, 'index.html'), 'utf8') : '';
  const missing = hasBuild ? shellTemplateProblems(template) : [];
  // Said at start: a page whose places changed would be served in English without a word.
  if (missing.length) app.log.warn({ missing }, 'index.html lacks places the page is translated in');
  // The page in the visitor's language (shell.ts): small, so written per request.
  const shell = (req: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language')
      .type('text/html; charset=utf-8')
      .send(shellIn(template, shellLocale(req.query, req.headers['accept-language'])));
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
    app.get('/', { schema: { hide: true } }, shell);
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
    if (hasBuild && wantsPage && !pathname.startsWith('/assets/')) return shell(req, reply);
    return reply.code(404).type('text/plain').send('Not Found');
  });
}
