#!/usr/bin/env node
// `npm start`: install what is missing, build the web app if it changed, then run Hookpost (API + worker + web in one
// process) on http://localhost:3000 with the embedded database under ./data, and the TikTok sandbox beside it on
// http://localhost:3001 unless a real TikTok client key is configured. Migrations run as the server starts.
//
// `npm run start:prod` (`--production`): the same, but the server and the sandbox are the ahead-of-time builds
// (apps/server/dist, apps/tiktok-sandbox/dist; rebuilt first when a source changed) run with plain node, and NODE_ENV
// defaults to production (which requires ENCRYPTION_KEY, AUTH_SECRET, SMTP_URL and PUBLIC_URL; ADR 027).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import {
  checkNode,
  ensureDependencies,
  ensureSystemPackages,
  mediaToolPackages,
  ensureWebBuild,
  root,
  step,
} from './lib/prepare.mjs'
import { startSandboxProcess } from './lib/sandbox.mjs'
import { buildNodeApps, productionNodeArgs } from './lib/build-node.mjs'

const production = process.argv.includes('--production')
checkNode()
// Variables already in the environment win over .env (process.loadEnvFile never overwrites them).
if (existsSync(`${root}/.env`)) process.loadEnvFile(`${root}/.env`)
ensureDependencies()
ensureSystemPackages(mediaToolPackages())
ensureWebBuild()
if (production) await buildNodeApps({ log: (line) => step(`Built ${line}`) })
step('Starting Hookpost…')
const env = { NODE_ENV: production ? 'production' : 'development', ...process.env }
const sandbox = startSandboxProcess(env, { compiled: production })
const serverArgs = production
  ? productionNodeArgs('server', 'start')
  : ['--import', 'tsx', 'apps/server/src/entrypoints/start.ts']
const server = spawn(process.execPath, serverArgs, {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, ...sandbox?.env },
})
const children = [server, ...(sandbox ? [sandbox.child] : [])]
const names = new Map([[server, 'Hookpost'], ...(sandbox ? [[sandbox.child, 'The TikTok sandbox']] : [])])
let stopping = false
// Ctrl-C reaches both (same process group); they shut down cleanly and release their data folder locks.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopping = true
    children.forEach((c) => c.kill(signal))
  })
let exiting = false
for (const c of children)
  c.on('exit', (code, signal) => {
    if (exiting) return
    exiting = true
    // One without the other is not Hookpost: stop the survivor and report. A refusal (e.g. the data folder is in use
    // by another `npm start`) was printed by the child itself just above.
    if (!stopping && code !== 0) {
      const stopped = `${names.get(c)} stopped (${signal ?? `exit code ${code}`}); its message is above.`
      console.error(`\x1b[31m✗\x1b[0m ${stopped}${children.length > 1 ? ' Stopping the rest of Hookpost.' : ''}`)
    }
    children.forEach((other) => other !== c && other.kill('SIGTERM'))
    process.exitCode = code ?? (signal ? 1 : 0)
  })
