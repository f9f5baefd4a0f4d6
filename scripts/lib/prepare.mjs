// What `npm start`, `npm test` and `npm run dev` need before they can run, done only when missing or stale:
// a supported Node, the npm dependencies, Debian packages (installed with apt-get when we are root), a fresh web build.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '..', '..')

/** The Library's stock clips made once for every test server of a run (scripts/stock-cache.ts). */
export const stockCacheDir = path.join(root, '.tmp', 'stock-clips')

/** Makes (or finds whole) the stock clip cache; stops the run when ffmpeg cannot make them. */
export function ensureStockCache() {
  if (run(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/stock-cache.ts'), stockCacheDir]) !== 0) {
    fail('Could not make the Library stock clips for the test servers (see above).')
  }
  return stockCacheDir
}

/** A step of start-up or of the test run, with the seconds since this command began (where the time goes). */
export function step(message) {
  const elapsed = (performance.now() / 1000).toFixed(1)
  console.log(`\x1b[36m▸\x1b[0m ${message} \x1b[2m(${elapsed} s)\x1b[0m`)
}

export function fail(message) {
  console.error(`\n\x1b[31m✗\x1b[0m ${message}\n`)
  process.exit(1)
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options })
  if (result.error) fail(`${command} ${args.join(' ')}: ${result.error.message}`)
  return result.status ?? 1
}

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number)
  if (major < 20 || (major === 20 && minor < 19)) {
    fail(`Hookpost needs Node.js 20.19 or newer; this is ${process.version}.`)
  }
}

/** `npm ci` when node_modules is missing or older than the lockfile (a pull changed the dependencies). */
export function ensureDependencies() {
  const installed = path.join(root, 'node_modules', '.package-lock.json')
  const lock = path.join(root, 'package-lock.json')
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return
  step('Installing npm dependencies (npm ci)…')
  if (
    run('npm', ['ci', '--no-audit', '--no-fund'], {
      env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    }) !== 0
  ) {
    fail('npm ci failed (see above).')
  }
}

/**
 * Debian packages, given as { path, pkg }: the file that proves the package is there, and the package that provides
 * it. Installed with apt-get when we are root; otherwise we stop with the exact command to run.
 */
export function ensureSystemPackages(needs) {
  const missing = needs.filter((n) => !existsSync(n.path))
  if (missing.length === 0) return
  const pkgs = [...new Set(missing.map((n) => n.pkg))]
  const command = `apt-get update && apt-get install -y ${pkgs.join(' ')}`
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    fail(`Missing system packages: ${pkgs.join(', ')}. Install them with:\n\n  sudo sh -c '${command}'`)
  }
  step(`Installing system packages: ${pkgs.join(', ')} (apt-get)…`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  if (
    run('apt-get', ['update', '-qq'], { env }) !== 0 ||
    run('apt-get', ['install', '-y', '-qq', ...pkgs], { env }) !== 0
  ) {
    fail(`apt-get could not install ${pkgs.join(', ')}. Run it yourself:\n\n  ${command}`)
  }
}

/** ffmpeg/ffprobe for upload checks and rendering, unless FFMPEG_PATH/FFPROBE_PATH point at a build of their own. */
export function mediaToolPackages() {
  return [
    ...(process.env.FFMPEG_PATH ? [] : [{ path: '/usr/bin/ffmpeg', pkg: 'ffmpeg' }]),
    ...(process.env.FFPROBE_PATH ? [] : [{ path: '/usr/bin/ffprobe', pkg: 'ffmpeg' }]),
  ]
}

/** The newest modification time under `entry` (node_modules and dist folders aside). */
export function newestMtime(entry) {
  if (!existsSync(entry)) return 0
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules' || child === 'dist') continue
    newest = Math.max(newest, newestMtime(path.join(entry, child)))
  }
  return newest
}

/** True when there is no web build or a source file is newer than it. */
function webBuildIsStale() {
  const manifest = path.join(root, 'apps/web/dist/.vite/manifest.json')
  const sources = ['apps/web', 'packages/shared/src'].map((p) => path.join(root, p))
  const built = existsSync(manifest) ? statSync(manifest).mtimeMs : 0
  return built === 0 || sources.some((s) => newestMtime(s) > built)
}

const WEB_BUILD = ['npm', ['run', 'build', '--silent', '-w', '@hookpost/web']]

/** Builds the web app when there is no build or a source file is newer than it. */
export function ensureWebBuild({ force = false } = {}) {
  if (!force && !webBuildIsStale()) return
  step('Building the web app…')
  if (run(...WEB_BUILD) !== 0) fail('The web build failed (see above).')
}

/** `ensureWebBuild`, without blocking: resolves once the build is there (at once when it is fresh). */
export async function ensureWebBuildAsync() {
  if (!webBuildIsStale()) return
  step('Building the web app…')
  if ((await runAsync(...WEB_BUILD)) !== 0) fail('The web build failed (see above).')
}

/** `run`, without blocking the event loop: resolves with the exit code. */
export function runAsync(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options })
    child.once('error', (err) => fail(`${command} ${args.join(' ')}: ${err.message}`))
    child.once('exit', (code) => resolve(code ?? 1))
  })
}
