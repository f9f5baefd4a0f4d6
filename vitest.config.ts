import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

/**
 * Test tiers (ADR 005): `unit` and `web` are small and colocated (*.test.ts[x]); `int` runs the server against a real
 * database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set). Playwright e2e lives in e2e/.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'apps/server/src/**/*.test.ts',
            'apps/tiktok-sandbox/src/**/*.test.ts',
            'packages/shared/src/**/*.test.ts',
            'packages/data-dir-lock/src/**/*.test.ts',
            'deploy/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Pure functions and fakes, no module mocks: files can share workers (a fresh one per file costs more than
          // most of these files take to run).
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A form test renders, types and waits on several answers: on a loaded 2-core machine 5 s (the default)
          // is sometimes not enough, and a slow pass is not a failure.
          testTimeout: 15_000,
          setupFiles: ['apps/web/src/testing/setup.ts'],
          // Every file cleans up after itself (Testing Library's cleanup, unstubbed globals, real timers): sharing a
          // jsdom worker halves this project's time.
          isolate: false,
        },
      },
      {
        test: {
          name: 'int',
          include: ['apps/server/src/**/*.int.test.ts', 'deploy/**/*.int.test.ts'],
          environment: 'node',
          // The AWS SDK's one-line notice that its 2027 releases need Node 22 (README): not news in a test run.
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file opens its own database (PGlite is ~250 MB resident). Much of a file is waiting (renders,
          // publishing deadlines): three at a time on a 2-core machine finish sooner than two (165 s against 183 s).
          maxWorkers: 3,
          fileParallelism: true,
          // Files share a worker's modules: each file still starts its own server and database and closes them, and
          // no file mocks modules. Importing the whole server again for every file was a third of the tier's CPU
          // (12 files on a loaded machine: 162 s against 322 s, imports 62 s against 135 s; ADR 057).
          isolate: false,
        },
      },
    ],
  },
})
