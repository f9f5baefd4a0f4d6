import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://127.0.0.1:${PORT}`
/** The second server, with STORAGE=s3 (e2e/storage-s3.spec.ts); PORT + 1 is the first server's TikTok sandbox. */
const S3_PORT = Number(process.env.E2E_S3_PORT ?? PORT + 2)

/**
 * E2E in Debian's Chromium (`npx playwright install` cannot download browsers here). The server is the real one,
 * built web app included, on a fresh embedded database under .tmp/e2e.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Most of a test is waiting on the server (renders, publishing): three share two cores well (4.1 min against 5).
  workers: 3,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Generous for a loaded 2-core machine (the server makes its stock clips with ffmpeg while the first tests run, and
  // three browsers share the cores): a hang still fails, a slow minute does not.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // Started one after the other (the first builds the web app if it is stale and makes the Library's stock clips into
  // .tmp/stock-clips, about a minute on a fresh checkout; the second copies them).
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 300_000,
      env: { E2E_PORT: String(PORT) },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node scripts/e2e-server.mjs',
      url: `http://127.0.0.1:${S3_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { E2E_PORT: String(S3_PORT), E2E_STORAGE: 's3' },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
