import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from './config';

/**
 * A production install has `dependencies` only (`npm ci --omit=dev`, docs/operations.md): they
 * must be exactly the packages the production server and its admin command load (plus tsx,
 * which runs them). Type-only imports load nothing and do not count.
 */
const ENTRIES = ['src/server/serve.ts', 'scripts/create-admin.ts', 'scripts/provider-data.ts'];
const IMPORT =
  /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

function resolveFile(from: string, spec: string): string {
  const base = path.resolve(path.dirname(from), spec);
  const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
  if (!found) throw new Error(`${from}: cannot resolve ${spec}`);
  return found;
}

/** The packages a file loads, following its relative imports (static and dynamic). */
function loadedPackages(entries: string[]): Map<string, string> {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, typeOnly, spec, dynamic] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = (typeOnly ? undefined : spec) ?? dynamic;
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

describe('the production install', () => {
  const manifest = JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    scripts: Record<string, string>;
  };
  const loaded = loadedPackages(ENTRIES);

  it('holds every package the production server loads', () => {
    const missing = [...loaded].filter(([name]) => !(name in manifest.dependencies));
    expect(missing, 'imported by the server but not in dependencies (name, first importer)').toEqual([]);
  });

  it('holds nothing else, so build tools stay out of production', () => {
    const runner = new Set(['tsx']);
    const extra = Object.keys(manifest.dependencies).filter((name) => !loaded.has(name) && !runner.has(name));
    expect(extra, 'in dependencies but not loaded by the production server').toEqual([]);
  });

  it('serves without building', () => {
    expect(manifest.scripts.serve).toBe('node --import tsx src/server/serve.ts');
    expect([...loadedPackages(['src/server/serve.ts']).keys()]).not.toContain('vite');
  });
});
