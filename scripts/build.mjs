#!/usr/bin/env node
// `npm run build`: the web app (Vite) and the Node apps (the server's entrypoints and the TikTok sandbox, esbuild;
// ADR 027), always from scratch. `npm run start:prod` builds only what is stale and runs the result with plain node.
import { ensureWebBuild, step } from './lib/prepare.mjs'
import { buildNodeApps } from './lib/build-node.mjs'

ensureWebBuild({ force: true })
step('Building the server and the TikTok sandbox…')
await buildNodeApps({ force: true, log: (line) => console.log(`  ${line}`) })
