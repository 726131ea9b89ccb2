import { defineConfig } from 'vitest/config';
import { SLOWDOWN } from './e2e/timeouts.ts';
import { chakraThemeAlias, reactCompiler } from './vite.config.ts';

export default defineConfig({
  plugins: [reactCompiler()],
  resolve: { alias: [chakraThemeAlias] },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    // Component tests choose the DOM themselves (`// @vitest-environment jsdom`); the setup
    // unmounts what they rendered.
    setupFiles: ['src/client/test/setup.ts'],
    // The longest tests open a fresh database and migrate it, or fuzz the API: 8 to 15 s here,
    // over 20 s with half the CPU taken. TEST_SLOWDOWN stretches them as it does the journeys'.
    testTimeout: 60_000 * SLOWDOWN,
    hookTimeout: 60_000 * SLOWDOWN,
    pool: 'forks',
    maxWorkers: 2,
  },
});
