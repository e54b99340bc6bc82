import { defineConfig, devices } from '@playwright/test'
import { E2E_PORT } from './tests/e2e/server-env.mjs'

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against a production build.
 * scripts/e2e-server.mjs starts that build on port 3100 with a fresh database; NEXT_DIST_DIR selects
 * the build (default .next), which must have been made with TENANT_HOSTS set (scripts/test-all.mjs).
 * The machine is slow: timeouts are generous and no assertion depends on timing.
 */
const PORT = E2E_PORT

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // One worker: several specs log the same demo referrers in and one changes their language.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: 'list',
  // One directory per port: a run cleans its own at the start, never that of a run beside it.
  outputDir: `test-results/artifacts-${PORT}`,
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${PORT}`,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    navigationTimeout: 60_000,
    // A full-page screenshot on a loaded 2-core machine (browser tests side by side) took over 30 s.
    actionTimeout: 90_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/api/v1/mandant/demo`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next', E2E_PORT: String(PORT) },
  },
})
