#!/usr/bin/env node
// Prints the JavaScript a visitor downloads (gzip) from the production build, one figure per line (ADR 056): the landing
// page (the scripts of the prerendered dist/pages/index.html), the dashboard's first load, and the Analytics tab's own
// chunks (what opening it adds to the first load). The files behind each figure are listed under it, indented.
// Usage: npm run bench:bundle (builds first; run through tsx for the report). The goals are `npm run bench`'s;
// `--smoke` is the same run (the build is the bench).
import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { reportFigure } from './lib/bench-report.ts'

const root = path.resolve(import.meta.dirname, '..')
const dist = path.join(root, 'apps/web/dist')
execSync('npm run build -w @hookpost/web', { cwd: root, stdio: 'ignore' })
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'))

/** Every manifest key the given ones import statically (what the browser fetches with them). */
function closure(keys) {
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const dep of manifest[key]?.imports ?? []) visit(dep)
  }
  keys.forEach(visit)
  return seen
}

const filesOf = (keys) => [...keys].map((key) => manifest[key]?.file).filter((file) => file?.endsWith('.js'))

/** Prints the files' gzip size (KiB) with each file under it; returns it. */
function measure(label, files) {
  let raw = 0
  let gz = 0
  const lines = []
  for (const file of files) {
    const buf = readFileSync(path.join(dist, file))
    raw += buf.length
    const g = gzipSync(buf, { level: 9 }).length
    gz += g
    lines.push(`  ${file} ${(g / 1024).toFixed(1)} KB`)
  }
  const kb = gz / 1024
  console.log(`${label}: ${kb.toFixed(1)} KB gzip (${(raw / 1024).toFixed(1)} KB raw), ${files.length} files`)
  for (const line of lines) console.log(line)
  return kb
}

const find = (suffix) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix))
  if (!key) throw new Error(`${suffix} is not in the manifest`)
  return key
}

// The landing page as served: whatever scripts its prerendered HTML loads (and what those import).
const landingHtml = readFileSync(path.join(dist, 'pages/index.html'), 'utf8')
const landingScripts = [...landingHtml.matchAll(/<script[^>]*\bsrc="\/([^"]+)"/g)].map((m) => m[1])
const byFile = new Map(Object.entries(manifest).map(([key, entry]) => [entry.file, key]))
const landingKeys = landingScripts.map((file) => {
  const key = byFile.get(file)
  if (!key) throw new Error(`${file} (loaded by pages/index.html) is not in the manifest`)
  return key
})
const landing = measure('landing (/)', filesOf(closure(landingKeys)))

const firstLoad = closure([
  'index.html',
  find('app/routes/dashboard/dashboard-layout.tsx'),
  find('app/routes/dashboard/dashboard-home.tsx'),
])
const dashboard = measure('dashboard first load (/dashboard?tab=schedule)', filesOf(firstLoad))

const analytics = [...closure([find('app/routes/dashboard/analytics-tab.tsx')])].filter((key) => !firstLoad.has(key))
const analyticsTab = measure('analytics tab (added to the first load)', filesOf(analytics))
reportFigure('bundle.landing_kib', landing)
reportFigure('bundle.dashboard_kib', dashboard)
reportFigure('bundle.analytics_kib', analyticsTab)
