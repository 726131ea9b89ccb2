import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The module rule of docs/architecture.md ("Modules"): SQL only in a module's repo files, another
 * module only through its index.ts (session/policy.ts, the rules every service checks, and
 * session/forbidden.ts, their refusals' texts, are the files shared as they are), and no cycles
 * between modules.
 */
const ROOT = import.meta.dirname;
const MODULES = readdirSync(ROOT).filter((name) => statSync(path.join(ROOT, name)).isDirectory());
const SHARED = new Set(['session/policy', 'session/forbidden']);

const sources = MODULES.flatMap((module) =>
  readdirSync(path.join(ROOT, module))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => ({
      module,
      file: `${module}/${file}`,
      text: readFileSync(path.join(ROOT, module, file), 'utf8'),
    })),
);

/** Other modules a source imports (values and types), with the path it names. */
const importsOf = (text: string) =>
  [...text.matchAll(/from '\.\.\/([a-z-]+)(\/[a-z-]+)?'/g)].map(([, module, file]) => ({
    module: module!,
    target: `${module}${file ?? ''}`,
    viaIndex: !file,
  }));

describe('the server modules', () => {
  it('run SQL only in their repo files', () => {
    const outside = sources
      .filter((s) => !/(^|-)repo\.ts$/.test(path.basename(s.file)))
      .filter((s) => /\.(query|exec|rows)[(<]/.test(s.text))
      .map((s) => s.file);
    expect(outside).toEqual([]);
  });

  it('use another module only through its index.ts', () => {
    const reaching = sources.flatMap((s) =>
      importsOf(s.text)
        .filter((i) => i.module !== s.module && !i.viaIndex && !SHARED.has(i.target))
        .map((i) => `${s.file} → ${i.target}`),
    );
    expect(reaching).toEqual([]);
  });

  it('import each other without cycles', () => {
    const uses = new Map(MODULES.map((m) => [m, new Set<string>()]));
    for (const s of sources)
      for (const i of importsOf(s.text)) if (i.module !== s.module) uses.get(s.module)?.add(i.module);
    const cycles: string[] = [];
    const visit = (module: string, trail: string[]) => {
      for (const next of uses.get(module) ?? []) {
        if (trail.includes(next)) cycles.push([...trail.slice(trail.indexOf(next)), next].join(' → '));
        else visit(next, [...trail, next]);
      }
    };
    for (const m of MODULES) visit(m, [m]);
    expect(cycles).toEqual([]);
  });
});
