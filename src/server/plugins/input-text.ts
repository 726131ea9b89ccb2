import type { FastifyInstance } from 'fastify';
import { notFound, validation } from '../problems';

/**
 * Text the database cannot keep is refused before any route sees it: the NUL character
 * (PostgreSQL text and jsonb reject it) and lone UTF-16 surrogates (not Unicode), in keys and
 * values alike. In the path it is an id that cannot exist (404); in the query or the body the
 * field is named (400, `invalidCharacters`).
 */
const UNSTORABLE = new RegExp(
  `${String.fromCharCode(0)}|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]`,
);

/** The dotted path of the first unstorable string in a value (`''` for the value itself). */
export function unstorableAt(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    // Bytes are no text (a workbook's body): their reader checks what it reads as text.
    if (ArrayBuffer.isView(v)) continue;
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return path;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        if (UNSTORABLE.test(k)) return at;
        stack.push([child, at]);
      }
    }
  }
  return undefined;
}

export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', (req, _reply, done) => {
    if (!(req.routeOptions.url ?? '').startsWith('/api/')) return done();
    if (unstorableAt(req.params) !== undefined) return done(notFound());
    const at = unstorableAt(req.query) ?? unstorableAt(req.body);
    if (at === undefined) return done();
    done(
      validation(
        [{ name: at || 'body', reason: 'invalidCharacters' }],
        'The text holds characters that cannot be kept (NUL or a lone surrogate).',
      ),
    );
  });
}
