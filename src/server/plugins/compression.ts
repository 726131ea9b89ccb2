import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses API answers above 1 KB (lists, calculation views) with brotli or gzip as the client
 * accepts; smaller ones go as they are. Static files come precompressed (src/server/static.ts)
 * and the live event stream is hijacked, so neither passes through here. Compressed request
 * bodies are not accepted: the PWA never sends them and they would bypass the body limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
