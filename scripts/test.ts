/**
 * `npm test`: type check, lint, unused code (knip), unit and server tests (Vitest, on PGlite and
 * a throwaway PostgreSQL when its binaries are here), the production build with its size budget,
 * then the browser journeys (Playwright in the system Chromium) on one server copy and on two
 * copies behind nginx. Ends with one line of real totals, `N passed, N failed`, which CI reads.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CHROME_PATH } from '../e2e/chromium';
import { NGINX } from '../e2e-cluster/cluster';
import { findPostgresBin } from '../src/server/test/postgres-cluster';

// The server starts only on Node 24 (`import.meta.main`, package.json `engines`): on an older
// Node its copies would end at once and the journeys fail for no reason of their own.
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < 24) {
  console.error(
    `npm test needs Node 24 (this is ${process.version}); .ci/run installs it into .tools/ and runs npm test with it.`,
  );
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const bin = (name: string) => path.resolve('node_modules/.bin', name);
let passed = 0;
let failed = 0;

function step(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n── ${title} ──`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** A step that is one check: it counts as one test. */
function check(title: string, command: string, args: string[]): void {
  if (step(title, command, args)) passed += 1;
  else {
    failed += 1;
    console.log(`✗ ${title} failed`);
  }
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

check('type check', bin('tsc'), ['-p', 'tsconfig.json']);
check('type check (service worker)', bin('tsc'), ['-p', 'sw/tsconfig.json']);
check('lint', bin('eslint'), ['--max-warnings', '0', '.']);
check('format', bin('prettier'), ['--check', '.']);
check('unused exports and dependencies', bin('knip'), []);

const unitOk = step('unit and server tests (Vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/unit.json',
]);
const unit = readJson<{ numPassedTests: number; numFailedTests: number }>('test-results/unit.json');
passed += unit?.numPassedTests ?? 0;
failed += unit?.numFailedTests ?? 0;
if (!unitOk && !unit?.numFailedTests) failed += 1;

check('production build', bin('vite'), ['build']);
check('server build', process.execPath, ['--import', 'tsx', 'scripts/build-server.ts']);
check('start-screen size budget', process.execPath, ['--import', 'tsx', 'bench/bundle-size.ts']);

if (!existsSync(CHROME_PATH)) {
  console.log(
    `\n✗ No Chromium at ${CHROME_PATH}. Install it (Debian: apt-get install chromium) or set CHROME_PATH.`,
  );
  failed += 1;
} else {
  journeys('browser journeys (Playwright, Chromium)', 'playwright.config.ts', 'e2e.json');
  if (!existsSync(NGINX) || !findPostgresBin()) {
    console.log(
      `\n✗ The two-copy journeys need nginx (${NGINX}) and PostgreSQL server binaries: .ci/run installs them (Debian: apt-get install nginx postgresql).`,
    );
    failed += 1;
  } else
    journeys(
      'two copies behind nginx (Playwright, PostgreSQL)',
      'playwright.cluster.config.ts',
      'cluster.json',
    );
}

/**
 * A process that died natively (glibc heap check, SIGSEGV) leaves a core file in its working
 * directory when the core size limit allows it (`.ci/run` lifts it). Its stack is printed here,
 * before the closing line, so a one-off crash in CI can be read afterwards; the file is kept
 * under test-results/cores/.
 */
function reportCoreDumps(): void {
  const cores = readdirSync('.').filter((name) => /^core(\.\d+)?$/.test(name));
  if (cores.length === 0) return;
  mkdirSync('test-results/cores', { recursive: true });
  for (const core of cores) {
    const kept = path.join('test-results/cores', core);
    renameSync(core, kept);
    console.log(`\n── core dump ${kept} (a process crashed natively) ──`);
    const gdb = spawnSync(
      'gdb',
      ['-batch', '-ex', 'bt 40', '-ex', 'info sharedlibrary', process.execPath, kept],
      { stdio: 'inherit' },
    );
    if (gdb.error) console.log('gdb is not installed: read the core with `gdb <node> <core>`.');
  }
}

/** A Playwright run whose totals count (its JSON report in test-results/). */
function journeys(title: string, config: string, report: string): void {
  const ok = step(title, bin('playwright'), ['test', '-c', config], { SKIP_BUILD: '1' });
  const result = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(
    `test-results/${report}`,
  );
  passed += (result?.stats.expected ?? 0) + (result?.stats.flaky ?? 0);
  failed += result?.stats.unexpected ?? 0;
  if (!ok && !result?.stats.unexpected) failed += 1;
}

reportCoreDumps();

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
