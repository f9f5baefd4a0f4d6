#!/usr/bin/env node
// `npm run dev`: the server restarts on change (port 3000) and Vite serves the web with hot reload on
// http://localhost:5173, proxying /api and /dev to the server. PUBLIC_URL is Vite's origin, so sign-in cookies,
// origin checks and reset links all use the address the browser is on.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { checkNode, ensureDependencies, ensureSystemPackages, mediaToolPackages, root, step } from './lib/prepare.mjs'
import { startSandboxProcess } from './lib/sandbox.mjs'

checkNode()
// Variables already in the environment win over .env (process.loadEnvFile never overwrites them).
if (existsSync(`${root}/.env`)) process.loadEnvFile(`${root}/.env`)
ensureDependencies()
ensureSystemPackages(mediaToolPackages())
step('Starting the server (watch mode) and the Vite dev server on http://localhost:5173 …')
const baseEnv = { NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:5173', ...process.env }
// The TikTok sandbox on :3001 unless a real TikTok client key is configured.
const sandbox = startSandboxProcess(baseEnv)
const env = { ...baseEnv, ...sandbox?.env }
const children = [
  ...(sandbox ? [sandbox.child] : []),
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'apps/server/src/entrypoints/start.ts'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn('npx', ['vite', '--port', '5173', '--strictPort'], { cwd: `${root}/apps/web`, stdio: 'inherit', env }),
]
const stop = (signal) => children.forEach((c) => c.kill(signal))
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal))
for (const c of children)
  c.on('exit', (code) => {
    stop('SIGTERM')
    process.exit(code ?? 0)
  })
