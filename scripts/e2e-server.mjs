#!/usr/bin/env node
// Starts the real server for Playwright: fresh embedded database, built web app, generous auth rate limit.
// E2E_STORAGE=s3: media in an S3 bucket served by a throwaway s3rver (its objects under the data folder's s3/), as a
// deployment with STORAGE=s3 would keep them (ADR 035).
import { fork, spawn } from 'node:child_process'
import { cpSync, mkdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { ensureStockCache, ensureWebBuild, root } from './lib/prepare.mjs'
import { startSandboxProcess } from './lib/sandbox.mjs'

const port = process.env.E2E_PORT ?? '3100'
const storage = process.env.E2E_STORAGE === 's3' ? 's3' : 'local'
// The sandbox on the next port (tests that drive it count on that), except beside the S3 server, whose next port is
// not its own (playwright.config.ts): a free one.
const sandboxPort = process.env.E2E_SANDBOX_PORT ?? (storage === 's3' ? await freePort() : String(Number(port) + 1))
const dataDir = path.join(root, '.tmp', `e2e-${port}`)
rmSync(dataDir, { recursive: true, force: true })
// The e2e tests must see the code as it is now, not an old build.
ensureWebBuild()
// The Library's stock clips, made once for every test server and run (scripts/stock-cache.ts says why), then found
// in the data folder as a restarted server finds the ones it made.
const stockCache = ensureStockCache()
cpSync(stockCache, path.join(dataDir, 'stock'), { recursive: true, filter: (from) => !/[/\\]\.making-/.test(from) })
const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SMTP_URL: '',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_MAX: '1000',
  SUPPORT_EMAIL: 'help@hookpost.test',
  TIKTOK_CLIENT_KEY: '',
  TIKTOK_SANDBOX_URL: `http://127.0.0.1:${sandboxPort}`,
  TIKTOK_SANDBOX_CLIENT_SECRET: '',
}
const s3 = storage === 's3' ? await startS3rver(path.join(dataDir, 's3'), 'hookpost-e2e') : undefined
// The TikTok sandbox on the next port, as `npm start` runs it.
const sandbox = startSandboxProcess({ ...env, HOST: '127.0.0.1' })
const child = spawn(process.execPath, ['--import', 'tsx', 'src/entrypoints/start.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: { ...env, ...sandbox?.env, ...s3?.env },
})
const children = [child, ...(sandbox ? [sandbox.child] : []), ...(s3 ? [s3.child] : [])]
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)))
for (const c of children)
  c.on('exit', (code) => {
    children.forEach((other) => other !== c && other.kill('SIGTERM'))
    process.exit(code ?? 0)
  })

/** apps/server/src/testing/s3rver-process.mjs on a free port; resolves with the STORAGE/S3_* variables for it. */
function startS3rver(directory, bucket) {
  mkdirSync(directory, { recursive: true })
  const child = fork(path.join(root, 'apps/server/src/testing/s3rver-process.mjs'), [directory, bucket], {
    execArgv: ['--openssl-legacy-provider'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code} before listening`)))
    child.once('message', ({ port }) =>
      resolve({
        child,
        env: {
          STORAGE: 's3',
          S3_ENDPOINT: `http://127.0.0.1:${port}`,
          S3_BUCKET: bucket,
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
      }),
    )
  })
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address()
      server.close(() => resolve(String(free)))
    })
  })
}
