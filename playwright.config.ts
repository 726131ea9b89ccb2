import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';
import { TIMEOUT } from './e2e/timeouts';

/**
 * Browser journeys in the system Chromium against the built app, served by the real server
 * on a fresh data directory (e2e/serve.ts).
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  timeout: TIMEOUT.journey,
  expect: { timeout: TIMEOUT.screen },
  fullyParallel: false,
  // Half the cores, as Playwright's default: each worker's Chromium and the one server share them.
  workers: '50%',
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: BASE_URL,
    launchOptions: chromiumLaunchOptions(),
    viewport: { width: 1280, height: 800 },
    actionTimeout: TIMEOUT.action,
    navigationTimeout: TIMEOUT.navigation,
    // A failed journey keeps its trace (DOM snapshots, network, console); the screencast's frames
    // are left out: encoding them took a third of the browser's CPU on every journey.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node --import tsx e2e/serve.ts',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: TIMEOUT.serverStart,
    env: { PORT: String(PORT), PUBLIC_URL: BASE_URL, LOG_LEVEL: 'warn' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
