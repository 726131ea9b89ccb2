/** Starts the real server for the browser tests on a fresh, throwaway data directory. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
await import('../src/server/main');
