#!/usr/bin/env node
// Starts the real server for Playwright: fresh embedded database, built web app, generous auth rate limit.
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { ensureWebBuild, root } from './lib/prepare.mjs'

const port = process.env.E2E_PORT ?? '3100'
const dataDir = path.join(root, '.tmp', `e2e-${port}`)
rmSync(dataDir, { recursive: true, force: true })
// The e2e tests must see the code as it is now, not an old build.
ensureWebBuild()
const child = spawn(process.execPath, ['--import', 'tsx', 'src/entrypoints/start.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: {
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
  },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
