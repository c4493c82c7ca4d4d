import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 5123);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  // CI retries a failed test once (decision 084): a flake on a slow machine no longer throws away a
  // whole run, and scripts/ci-slowest.mjs lists every test that passed only when retried.
  retries: process.env.CI ? 1 : 0,
  // CI also keeps each test's duration (.ci/run prints the slowest after the run).
  reporter: process.env.CI ? [['line'], ['json', { outputFile: '.tmp/ci/e2e-results.json' }]] : 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
    },
  },
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
});
