// The ahead-of-time build of the Node apps (ADR 027): the server's entrypoints and the TikTok sandbox, compiled by
// esbuild into one ESM bundle set each, so production runs them with plain `node` (no tsx, no type stripping at start).
// Our workspace packages (@hookpost/*) are bundled; everything from npm stays external and is loaded from node_modules
// at run time, so native addons (@napi-rs/canvas), PGlite's wasm and data files, pg-boss and better-auth find their
// files exactly as they do under tsx.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { newestMtime, root } from './prepare.mjs'

/** What each app bundles: entry points, where the output goes, and the sources whose change makes a build stale. */
export const NODE_APPS = [
  {
    name: 'server',
    entryPoints: ['start', 'api', 'worker', 'migrate'].map((name) => `apps/server/src/entrypoints/${name}.ts`),
    outdir: 'apps/server/dist',
    sources: ['apps/server/src', 'packages/shared/src', 'packages/data-dir-lock/src'],
  },
  {
    name: 'sandbox',
    entryPoints: ['apps/tiktok-sandbox/src/main.ts'],
    outdir: 'apps/tiktok-sandbox/dist',
    sources: ['apps/tiktok-sandbox/src', 'packages/data-dir-lock/src'],
  },
]

const STAMP = '.build-stamp.json'

/**
 * Bare imports (npm packages and node: builtins) stay imports; @hookpost/* workspace packages point at TypeScript
 * sources, so they are bundled.
 */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@hookpost/') ? undefined : { path: args.path, external: true },
    )
  },
}

/**
 * Files next to the sources are found through `import.meta.url` (the migrations folder, the AI prompts, the web
 * build): in a bundle that URL is the bundle's. Each source's `import.meta.url` becomes its own file's URL, computed
 * from the bundle's location, so those paths keep pointing into the source tree wherever the bundle sits.
 */
function sourceRelativeImportMeta(outdir) {
  return {
    name: 'source-relative-import-meta',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8')
        if (!text.includes('import.meta.url')) return undefined
        const fromBundle = path.relative(path.join(root, outdir), args.path).split(path.sep).join('/')
        const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`
        return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' }
      })
    },
  }
}

/** Builds one app; returns the milliseconds it took. */
export async function buildNodeApp(app) {
  const started = performance.now()
  // esbuild is a dev dependency: loaded only when something is built, so starting a build needs no dev install.
  const esbuild = await import('esbuild')
  // Chunk names carry a content hash: clear the old ones rather than let them pile up.
  rmSync(path.join(root, app.outdir), { recursive: true, force: true })
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: app.entryPoints,
    outdir: app.outdir,
    bundle: true,
    // Shared code between the entrypoints goes into chunks beside them (same folder: the import.meta rewrite above
    // computes paths from it).
    splitting: true,
    chunkNames: 'chunks-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    // Source maps hold the original paths; stack traces point at .ts lines with --enable-source-maps.
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [npmPackagesExternal, sourceRelativeImportMeta(app.outdir)],
  })
  writeFileSync(path.join(root, app.outdir, STAMP), JSON.stringify({ builtAt: new Date().toISOString() }) + '\n')
  return performance.now() - started
}

/** True when the app's bundle is missing or a source file changed after it was built. */
export function isStale(app) {
  const stamp = path.join(root, app.outdir, STAMP)
  if (!existsSync(stamp)) return true
  const built = statSync(stamp).mtimeMs
  return app.sources.some((s) => newestMtime(path.join(root, s)) > built)
}

/** Builds the server and the sandbox (only the stale ones unless `force`). */
export async function buildNodeApps({ force = false, log = () => undefined } = {}) {
  for (const app of NODE_APPS) {
    if (!force && !isStale(app)) continue
    const ms = await buildNodeApp(app)
    log(`${app.name} → ${app.outdir} in ${Math.round(ms)} ms`)
  }
}

/** The compiled file of an entrypoint, as a URL (for tests that import it) and a path. */
export function builtEntry(app, name) {
  const file = path.join(root, NODE_APPS.find((a) => a.name === app).outdir, `${name}.js`)
  return { file, url: pathToFileURL(file).href }
}

/**
 * The arguments of `node` that run a compiled entrypoint in production: the one way `npm run start:prod`, the
 * multi-process test and the container image (deploy/entrypoint.sh, checked by deploy/deploy.test.ts) start it.
 * Source maps on: stack traces name the .ts lines.
 */
export function productionNodeArgs(app, name) {
  return ['--enable-source-maps', builtEntry(app, name).file]
}
