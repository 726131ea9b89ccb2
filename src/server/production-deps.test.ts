import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from './config';

/**
 * A production install has `dependencies` only (`npm ci --omit=dev --omit=optional`,
 * docs/operations.md) and runs the built server (scripts/build-server.ts): they must be exactly
 * the packages the production server and the operator's commands load, and the peers those
 * need. Type-only imports load nothing and do not count. PGlite is loaded, dynamically, only
 * for the embedded database, which production refuses: it stays a development package.
 */
const ENTRIES = [
  'src/server/serve.ts',
  'scripts/create-admin.ts',
  'scripts/provider-data.ts',
  'scripts/jobs.ts',
];
const EMBEDDED_ONLY = new Set(['@electric-sql/pglite']);
// A package's files read by path (the PDFs' fonts) count as loaded: require.resolve('pkg/file').
const IMPORT =
  /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\.resolve\(\s*['"]([^'"]+)['"]\s*\)/gm;

function resolveFile(from: string, spec: string): string {
  const base = path.resolve(path.dirname(from), spec);
  const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
  if (!found) throw new Error(`${from}: cannot resolve ${spec}`);
  return found;
}

/** The packages a file loads, following its relative imports (static and dynamic). */
function loadedPackages(entries: string[], dynamicToo = true): Map<string, string> {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, typeOnly, spec, dynamic, byPath] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = (typeOnly ? undefined : spec) ?? (dynamicToo ? dynamic : undefined) ?? byPath;
      if (!target || target.startsWith('node:')) continue;
      if (target.startsWith('.')) visit(resolveFile(file, target));
      else {
        const parts = target.split('/');
        const name = target.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
        if (!packages.has(name)) packages.set(name, path.relative(ROOT_DIR, file));
      }
    }
  };
  entries.forEach((entry) => visit(path.join(ROOT_DIR, entry)));
  return packages;
}

const readJson = <T>(file: string) => JSON.parse(readFileSync(path.join(ROOT_DIR, file), 'utf8')) as T;

describe('the production install', () => {
  const manifest = readJson<{
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
    scripts: Record<string, string>;
  }>('package.json');
  const loaded = loadedPackages(ENTRIES);
  const peersOfLoaded = new Set(
    [...loaded.keys()].flatMap((name) =>
      Object.keys(
        readJson<{ peerDependencies?: Record<string, string> }>(`node_modules/${name}/package.json`)
          .peerDependencies ?? {},
      ),
    ),
  );

  it('holds every package the production server loads', () => {
    const missing = [...loaded]
      .filter(([name]) => !EMBEDDED_ONLY.has(name))
      .filter(([name]) => !(name in manifest.dependencies));
    expect(missing, 'imported by the server but not in dependencies (name, first importer)').toEqual([]);
  });

  it('holds nothing else, so build tools stay out of production', () => {
    const extra = Object.keys(manifest.dependencies).filter(
      (name) => !loaded.has(name) && !peersOfLoaded.has(name),
    );
    expect(extra, 'in dependencies but not loaded by the production server').toEqual([]);
  });

  it('loads PGlite only when the embedded database is asked for', () => {
    const statically = loadedPackages(ENTRIES, false);
    for (const name of EMBEDDED_ONLY) {
      expect(statically.get(name), `${name} imported statically`).toBeUndefined();
      expect(manifest.devDependencies).toHaveProperty(name);
    }
  });

  it('carries neither tsx nor PGlite nor a build tool', () => {
    const lock = readJson<{
      packages: Record<string, { dev?: boolean; devOptional?: boolean; optional?: boolean }>;
    }>('package-lock.json');
    const installed = Object.entries(lock.packages)
      .filter(([where, p]) => where && !p.dev && !p.devOptional && !p.optional)
      .map(([where]) => where.replace(/^.*node_modules\//, ''));
    for (const name of ['tsx', '@electric-sql/pglite', 'vite', 'esbuild', 'typescript'])
      expect(installed).not.toContain(name);
  });

  it('serves the built server, never building at start', () => {
    expect(manifest.scripts.serve).toBe('node build/server/serve.js');
    expect(manifest.scripts.build).toContain('scripts/build-server.ts');
    expect([...loadedPackages(['src/server/serve.ts']).keys()]).not.toContain('vite');
  });
});
