#!/usr/bin/env node
// `npm start`: install what is missing, build what changed, then run Hookpost (API + worker + web in one process) on
// http://localhost:3000 with the embedded database under ./data, and the TikTok sandbox beside it on
// http://localhost:3001 unless a real TikTok client key is configured. Migrations run as the server starts.
//
// The server and the sandbox run as their ahead-of-time builds (apps/server/dist, apps/tiktok-sandbox/dist; esbuild
// remakes them in about a second when a source changed) with plain node: under tsx every start compiled every module
// again, about 10 s on a loaded 2-core machine. On a first start the embedded database is created and migrated while
// the web app builds, the two slowest steps side by side (ADR 057). `npm run dev` is the tsx path with reloads.
//
// `npm run start:prod` (`--production`): the same with NODE_ENV defaulting to production (which requires
// ENCRYPTION_KEY, AUTH_SECRET, SMTP_URL and PUBLIC_URL; ADR 027).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import {
  checkNode,
  ensureDependencies,
  ensureSystemPackages,
  mediaToolPackages,
  ensureWebBuildAsync,
  fail,
  root,
  runAsync,
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
const env = { NODE_ENV: production ? 'production' : 'development', ...process.env }
await buildNodeApps({ log: (line) => step(`Built ${line}`) })
await Promise.all([ensureWebBuildAsync(), createEmbeddedDatabase(env)])
step('Starting Hookpost…')
const sandbox = startSandboxProcess(env, { compiled: true })
const server = spawn(process.execPath, productionNodeArgs('server', 'start'), {
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

/**
 * A first start on the embedded database: create and migrate it now, beside the web build, rather than after it (the
 * server then opens a migrated folder, and checks the migrations again, finding nothing to do).
 */
async function createEmbeddedDatabase(env) {
  if (env.DATABASE_URL) return
  if (existsSync(path.join(path.resolve(root, env.DATA_DIR || 'data'), 'pgdata'))) return
  step('Creating the embedded database…')
  if ((await runAsync(process.execPath, productionNodeArgs('server', 'migrate'), { env })) !== 0) {
    fail('The embedded database could not be created (see above).')
  }
}
