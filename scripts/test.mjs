#!/usr/bin/env node
// `npm test`: the whole suite, in tiers (ADR 005):
//   1. small tests (server units, shared contracts, web components in jsdom)
//   2. server integration tests on the embedded PGlite
//   3. the same integration tests on PostgreSQL, when TEST_DATABASE_URL names a server (CI sets it)
//   3b. the integration tests that store media, again on S3 (an s3rver per file)
//   4. Playwright end-to-end tests in Debian's Chromium against the real server and the production web build
// Every tier runs even if an earlier one failed; the summary says which failed and the exit code is non-zero.
import {
  checkNode,
  ensureDependencies,
  ensureStockCache,
  ensureSystemPackages,
  mediaToolPackages,
  run,
  step,
} from './lib/prepare.mjs'

checkNode()
ensureDependencies()
ensureSystemPackages([
  { path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', pkg: 'chromium' },
  ...mediaToolPackages(),
])

// The Library's stock clips, made once here for every test server of the run that wants them (scripts/stock-cache.ts).
step('Library stock clips for the test servers')
const TEST_STOCK_CACHE = ensureStockCache()
const { TEST_DATABASE_URL, ...rest } = process.env
const envWithoutPg = { ...rest, TEST_STOCK_CACHE }
// Integration tests that open no database (ffmpeg renders, the TikTok client against the sandbox): run once, on the
// PGlite tier; the PostgreSQL tier is for what the database kind can change.
const DATABASE_FREE = [
  'apps/server/src/integrations/ffmpeg/render/render.int.test.ts',
  'apps/server/src/integrations/tiktok/tiktok-client.int.test.ts',
  // Always opens an embedded PGlite: the warm-up it checks exists for PGlite only.
  'apps/server/src/lib/job-queue.int.test.ts',
]
// Integration tests whose server stores videos and images (uploads, renders, images, stock copies, account deletion):
// run again with S3 media storage (TEST_STORAGE=s3: each file starts an s3rver), beside the storage suite that runs
// both stores itself (ADR 035).
const MULTI_PROCESS = 'apps/server/src/entrypoints/multi-process.int.test.ts'
const STORAGE_FILES = [
  'apps/server/src/modules/media/media.int.test.ts',
  'apps/server/src/modules/videos/videos.int.test.ts',
  'apps/server/src/modules/images/images.int.test.ts',
  'apps/server/src/modules/library/library.int.test.ts',
  'apps/server/src/modules/account/account.int.test.ts',
]
const tiers = [
  { name: 'small tests', cmd: ['npx', 'vitest', 'run', '--project', 'unit', '--project', 'web'], env: envWithoutPg },
  { name: 'integration · PGlite', cmd: ['npx', 'vitest', 'run', '--project', 'int'], env: envWithoutPg },
  TEST_DATABASE_URL
    ? {
        name: 'integration · PostgreSQL',
        cmd: ['npx', 'vitest', 'run', '--project', 'int', ...DATABASE_FREE.flatMap((file) => ['--exclude', file])],
        env: { ...envWithoutPg, TEST_DATABASE_URL },
      }
    : { name: 'integration · PostgreSQL', skip: 'set TEST_DATABASE_URL=postgres://user@host:5432/db to run it' },
  // With PostgreSQL, also the scale-out test: API and worker processes on separate DATA_DIRs, sharing the bucket.
  {
    name: 'integration · S3 storage',
    cmd: ['npx', 'vitest', 'run', '--project', 'int', ...STORAGE_FILES, ...(TEST_DATABASE_URL ? [MULTI_PROCESS] : [])],
    env: { ...envWithoutPg, TEST_STORAGE: 's3', ...(TEST_DATABASE_URL ? { TEST_DATABASE_URL } : {}) },
  },
  { name: 'end-to-end · Chromium', cmd: ['npx', 'playwright', 'test'], env: { ...envWithoutPg, CI: '1' } },
]

const results = []
for (const tier of tiers) {
  if (tier.skip) {
    results.push({ name: tier.name, status: `skipped (${tier.skip})` })
    continue
  }
  step(`${tier.name}: ${tier.cmd.join(' ')}`)
  const started = Date.now()
  const code = run(tier.cmd[0], tier.cmd.slice(1), { env: tier.env })
  const seconds = ((Date.now() - started) / 1000).toFixed(0)
  results.push({
    name: tier.name,
    status: code === 0 ? `passed in ${seconds} s` : `FAILED (exit ${code})`,
    failed: code !== 0,
  })
}

console.log('\nTest summary')
for (const r of results) console.log(`  ${r.failed ? '\x1b[31m✗' : '\x1b[32m✓'}\x1b[0m ${r.name}: ${r.status}`)
process.exit(results.some((r) => r.failed) ? 1 : 0)
