import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';
import { TIMEOUT } from './e2e/timeouts';
import { CLUSTER_URL } from './e2e-cluster/cluster';

/**
 * The main journeys through two server copies behind nginx on one PostgreSQL
 * (e2e-cluster/cluster.ts), one after the other: the last one kills a copy.
 */
export default defineConfig({
  testDir: 'e2e-cluster',
  globalSetup: './e2e-cluster/cluster.ts',
  timeout: TIMEOUT.longJourney,
  expect: { timeout: TIMEOUT.screen },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Its own folder: the single-copy journeys' traces and screenshots stay for reading.
  outputDir: 'test-results/cluster',
  reporter: [['list'], ['json', { outputFile: 'test-results/cluster.json' }]],
  use: {
    baseURL: CLUSTER_URL,
    launchOptions: chromiumLaunchOptions(),
    viewport: { width: 1280, height: 800 },
    actionTimeout: TIMEOUT.action,
    navigationTimeout: TIMEOUT.navigation,
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
});
