#!/usr/bin/env node
// Starts the real server for Playwright: fresh embedded database, built web app, generous auth rate limit.
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { ensureWebBuild, root } from './lib/prepare.mjs'
import { startSandboxProcess } from './lib/sandbox.mjs'

const port = process.env.E2E_PORT ?? '3100'
const sandboxPort = String(Number(port) + 1)
const dataDir = path.join(root, '.tmp', `e2e-${port}`)
rmSync(dataDir, { recursive: true, force: true })
// The e2e tests must see the code as it is now, not an old build.
ensureWebBuild()
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
// The TikTok sandbox on the next port, as `npm start` runs it.
const sandbox = startSandboxProcess({ ...env, HOST: '127.0.0.1' })
const child = spawn(process.execPath, ['--import', 'tsx', 'src/entrypoints/start.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: { ...env, ...sandbox?.env },
})
const children = [child, ...(sandbox ? [sandbox.child] : [])]
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)))
for (const c of children)
  c.on('exit', (code) => {
    children.forEach((other) => other !== c && other.kill('SIGTERM'))
    process.exit(code ?? 0)
  })
