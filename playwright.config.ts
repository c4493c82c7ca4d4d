import os from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * One worker per core, at most two, each with a server of its own (decision 091): on a 2-core
 * machine two browsers and two servers keep both cores busy where one left about one idle while it
 * waited on media jobs and timers. E2E_WORKERS sets it; a named PostgreSQL database
 * (E2E_DATABASE_URL) is one database, so one worker then.
 */
const workers = process.env.E2E_DATABASE_URL ? 1 : Number(process.env.E2E_WORKERS ?? Math.min(2, os.availableParallelism()));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers,
  // CI retries a failed test once (decision 084): a flake on a slow machine no longer throws away a
  // whole run, and scripts/ci-slowest.mjs lists every test that passed only when retried.
  retries: process.env.CI ? 1 : 0,
  // CI also keeps each test's duration (.ci/run prints the slowest after the run).
  reporter: process.env.CI ? [['line'], ['json', { outputFile: '.tmp/ci/e2e-results.json' }]] : 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    // baseURL is each worker's own server's (e2e/support/test.ts).
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
    },
  },
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
});
