#!/usr/bin/env node
// `npm start`: install what is missing, build the web app if it changed, then run Hookpost (API + worker + web in one
// process) on http://localhost:3000 with the embedded database under ./data. Migrations run as the server starts.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { checkNode, ensureDependencies, ensureWebBuild, root, step } from './lib/prepare.mjs'

checkNode()
// Variables already in the environment win over .env (Node's --env-file rule).
const envFile = existsSync(`${root}/.env`) ? ['--env-file=.env'] : []
ensureDependencies()
ensureWebBuild()
step('Starting Hookpost…')
const child = spawn(process.execPath, [...envFile, '--import', 'tsx', 'apps/server/src/entrypoints/start.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...process.env },
})
// Ctrl-C reaches the server too (same process group); it shuts down cleanly and releases the database lock.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
