#!/usr/bin/env node
// Prints the JavaScript a visitor downloads (gzip) for the landing page and for the dashboard's first load, from the
// production build's manifest. Usage: npm run bench:bundle (builds first; run through tsx for the report). The goals are
// `npm run bench`'s; `--smoke` is the same run (the build is the bench).
import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { reportFigure } from './lib/bench-report.ts'

const root = path.resolve(import.meta.dirname, '..')
const dist = path.join(root, 'apps/web/dist')
execSync('npm run build -w @hookpost/web', { cwd: root, stdio: 'ignore' })
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'))

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

function measure(label, keys) {
  let raw = 0
  let gz = 0
  const files = []
  for (const key of closure(keys)) {
    const file = manifest[key]?.file
    if (!file || !file.endsWith('.js')) continue
    const buf = readFileSync(path.join(dist, file))
    raw += buf.length
    const g = gzipSync(buf, { level: 9 }).length
    gz += g
    files.push(`${file} ${(g / 1024).toFixed(1)} KB`)
  }
  console.log(`${label}: ${(gz / 1024).toFixed(1)} KB gzip (${(raw / 1024).toFixed(1)} KB raw), ${files.length} files`)
  for (const f of files) console.log(`  ${f}`)
  return gz
}

const find = (suffix) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix))
  if (!key) throw new Error(`${suffix} is not in the manifest`)
  return key
}

const landing = measure('landing (/)', ['index.html'])
const dashboard = measure('dashboard first load (/dashboard?tab=schedule)', [
  'index.html',
  find('app/routes/dashboard/dashboard-layout.tsx'),
  find('app/routes/dashboard/dashboard-home.tsx'),
])
reportFigure('bundle.landing_kib', landing / 1024)
reportFigure('bundle.dashboard_kib', dashboard / 1024)
