import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ConfigError, ENV_NAMES, loadConfig } from '../apps/server/src/config'

/**
 * The deployment (docs/deploy.md, ADR 037) checked without Docker: the compose file's structure and settings against
 * the server's own configuration schema, the Dockerfile's stages, and the image's entrypoint against the commands
 * `npm run start:prod` and the multi-process test run (scripts/lib/build-node.mjs), so neither can drift alone.
 */
const root = path.resolve(import.meta.dirname, '..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

interface NodeBuild {
  NODE_APPS: { name: string; entryPoints: string[] }[]
  productionNodeArgs(app: 'server' | 'sandbox', name: string): string[]
}
const build = (await import(pathToFileURL(path.join(root, 'scripts/lib/build-node.mjs')).href)) as NodeBuild

interface Service {
  image?: string
  build?: unknown
  command?: string[]
  environment?: Record<string, string>
  depends_on?: Record<string, { condition: string }>
  deploy?: { replicas?: number }
  healthcheck?: { test?: string[]; disable?: boolean }
  ports?: string[]
  volumes?: string[]
}

const composeText = read('deploy/compose.yaml')
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service> }
const services = compose.services

/** deploy/.env.example as name → value. */
const example = Object.fromEntries(
  read('deploy/.env.example')
    .split('\n')
    .filter((line) => /^[A-Z0-9_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
)

/** Every `${NAME…}` compose interpolates (`$$` is a literal dollar for the container's shell). */
function interpolated(text: string): string[] {
  return [...text.replaceAll('$$', '').matchAll(/\$\{([A-Z0-9_]+)(?::?[-?][^}]*)?\}/g)].map((m) => m[1]!)
}

/** Compose's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME:?error}` (an empty required value fails). */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{([A-Z0-9_]+)(?:(:-|:\?)([^}]*))?\}/g, (_, name: string, op?: string, arg?: string) => {
    const set = env[name]
    if (set) return set
    if (op === ':-') return arg ?? ''
    if (op === ':?') throw new Error(`${name}: ${arg}`)
    return ''
  })
}

// What an operator fills in before the first start (.env.example leaves these empty on purpose).
const FILLED: Record<string, string> = {
  POSTGRES_PASSWORD: 'a'.repeat(64),
  MINIO_ROOT_USER: 'minio-admin',
  MINIO_ROOT_PASSWORD: 'b'.repeat(64),
  S3_ACCESS_KEY_ID: 'hookpost-app',
  S3_SECRET_ACCESS_KEY: 'c'.repeat(64),
  ENCRYPTION_KEY: 'd'.repeat(64),
  AUTH_SECRET: 'e'.repeat(64),
  SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
}
const operatorEnv = { ...example, ...FILLED }

/** A service's environment as its container sees it. */
function containerEnv(name: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(services[name]?.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), operatorEnv)]),
  )
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'hookpost-deploy-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('deploy/compose.yaml', () => {
  it('runs PostgreSQL 15, MinIO with a one-shot bucket setup, migrate, api ×2, worker ×2 and the proxy', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['api', 'migrate', 'minio', 'minio-setup', 'postgres', 'proxy', 'worker'].sort(),
    )
    expect(services.postgres!.image).toMatch(/^postgres:15\b/)
    expect(services.minio!.image).toMatch(/^minio\/minio\b/)
    expect(services['minio-setup']!.image).toMatch(/^minio\/mc\b/)
    expect(services.api!.deploy?.replicas).toBe(2)
    expect(services.worker!.deploy?.replicas).toBe(2)
    expect(services.postgres!.volumes?.some((v) => v.endsWith(':/var/lib/postgresql/data'))).toBe(true)
  })

  it('runs the migrations first: api and worker start only after migrate exited 0', () => {
    expect(services.migrate!.command).toEqual(['migrate'])
    expect(services.migrate!.depends_on?.postgres?.condition).toBe('service_healthy')
    for (const name of ['api', 'worker']) {
      expect(services[name]!.depends_on?.migrate?.condition, name).toBe('service_completed_successfully')
      expect(services[name]!.depends_on?.['minio-setup']?.condition, name).toBe('service_completed_successfully')
    }
  })

  it('runs one image, one DATA_DIR volume and the same settings in every Hookpost container', () => {
    const app = ['migrate', 'api', 'worker'].map((name) => services[name]!)
    for (const s of app) {
      expect(s.image).toBe(app[0]!.image)
      expect(s.build).toEqual({ context: '..', dockerfile: 'Dockerfile' })
      expect(s.volumes).toEqual(['hookpost-data:/data'])
      expect(s.environment).toEqual(app[0]!.environment)
    }
  })

  it('checks health where there is something to ask, and says so where there is not', () => {
    for (const name of ['postgres', 'minio', 'api', 'proxy']) {
      expect(services[name]!.healthcheck?.test?.length, name).toBeGreaterThan(0)
    }
    expect(services.api!.healthcheck!.test!.join(' ')).toContain('/api/health')
    expect(services.proxy!.depends_on?.api?.condition).toBe('service_healthy')
    for (const name of ['migrate', 'worker']) expect(services[name]!.healthcheck?.disable, name).toBe(true)
  })

  it('publishes only the proxy: the API is reached through the one hop TRUST_PROXY believes', () => {
    const published = Object.entries(services)
      .filter(([, s]) => s.ports?.length)
      .map(([name]) => name)
    expect(published).toEqual(['proxy'])
    expect(containerEnv('api').TRUST_PROXY).toBe('1')
  })

  it('takes every ${SETTING} from deploy/.env.example, which lists nothing unused', () => {
    const used = new Set(interpolated(composeText))
    expect([...used].filter((name) => !(name in example))).toEqual([])
    expect(Object.keys(example).filter((name) => !used.has(name))).toEqual([])
  })

  it('refuses to start while a setting production needs is empty', () => {
    expect(() => containerEnv('api')).not.toThrow()
    for (const name of Object.keys(FILLED)) {
      expect(example[name], `${name} is left empty in .env.example`).toBe('')
      expect(() => interpolate(composeText, { ...operatorEnv, [name]: '' }), name).toThrow(name)
    }
  })

  it('sets only variables the server reads', () => {
    const known = new Set<string>(ENV_NAMES)
    expect(Object.keys(containerEnv('api')).filter((name) => !known.has(name))).toEqual([])
  })

  it('provides every variable the config requires in production with STORAGE=s3', () => {
    // What the schema itself asks for when nothing is set (names before the first colon of each problem).
    let required: string[] = []
    try {
      loadConfig({ NODE_ENV: 'production', STORAGE: 's3', DATA_DIR: dataDir })
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err
      required = err.problems.map((p) => p.slice(0, p.indexOf(':')))
    }
    expect(required.length).toBeGreaterThan(0)
    const env = containerEnv('api')
    for (const name of required) expect(env[name], name).toBeTruthy()
  })

  it('is a valid production configuration once the required secrets are filled in', () => {
    const env = { ...containerEnv('api'), DATA_DIR: dataDir }
    let problems: string[] = []
    try {
      const config = loadConfig(env)
      expect(config.env).toBe('production')
      expect(config.storage).toMatchObject({ kind: 's3', endpoint: 'http://minio:9000', forcePathStyle: true })
      expect(config.database).toEqual({
        kind: 'postgres',
        url: `postgres://hookpost:${FILLED.POSTGRES_PASSWORD}@postgres:5432/hookpost`,
      })
      expect(config.trustProxy).toBe(1)
      expect(config.publicUrl).toBe(example.PUBLIC_URL)
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err
      problems = err.problems
    }
    expect(problems).toEqual([])
  })
})

describe('deploy/nginx.conf', () => {
  const nginx = read('deploy/nginx.conf')
  const blocks = (location: string) => {
    const start = nginx.indexOf(`location ${location} {`)
    expect(start, location).toBeGreaterThan(-1)
    return nginx.slice(start, nginx.indexOf('}', start))
  }

  it('spreads requests over every api replica on the port the API listens on', () => {
    expect(nginx).toContain(`server api:${containerEnv('api').PORT} resolve;`)
    expect(services.proxy!.volumes).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro')
  })

  it('passes the live-updates stream through unbuffered and uploads through unspooled', () => {
    expect(blocks('= /api/events')).toContain('proxy_buffering off;')
    expect(blocks('/api/uploads')).toContain('proxy_request_buffering off;')
  })

  it("passes the browser's Host with its port and appends to X-Forwarded-For", () => {
    expect(nginx).toContain('proxy_set_header Host $http_host;')
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;')
  })
})

/** The Dockerfile's instructions (continuation lines joined), each with the stage it belongs to. */
function dockerfile() {
  const lines = read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
  const stages: { from: string; name: string; instructions: string[] }[] = []
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line)
    if (from) stages.push({ from: from[1]!, name: from[2] ?? '', instructions: [] })
    else stages.at(-1)?.instructions.push(line)
  }
  return { lines, stages }
}

describe('Dockerfile', () => {
  const { lines, stages } = dockerfile()
  const runtime = stages.at(-1)!
  const last = (keyword: string) => runtime.instructions.filter((i) => i.startsWith(`${keyword} `)).at(-1)

  it('builds in stages on node:20-bookworm-slim and ends in the runtime stage', () => {
    expect(lines).toContain('ARG NODE_IMAGE=node:20-bookworm-slim')
    expect(stages.map((s) => s.name)).toEqual(['manifests', 'deps', 'build', 'prod-deps', 'runtime'])
    expect(stages.map((s) => s.from)).toEqual(['${NODE_IMAGE}', 'manifests', 'deps', 'manifests', '${NODE_IMAGE}'])
  })

  it('runs as a user other than root, through deploy/entrypoint.sh, with a health check on /api/health', () => {
    const user = last('USER')?.slice(5).trim()
    expect(user).toBeDefined()
    expect(['root', '0']).not.toContain(user?.split(':')[0])
    expect(last('ENTRYPOINT')).toBe('ENTRYPOINT ["/app/deploy/entrypoint.sh"]')
    expect(runtime.instructions).toContain('COPY deploy/entrypoint.sh ./deploy/entrypoint.sh')
    expect(last('HEALTHCHECK')).toContain('/api/health')
  })

  it("installs Debian's ffmpeg and DejaVu fonts in the runtime stage", () => {
    const apt = runtime.instructions.find((i) => i.includes('apt-get install'))
    expect(apt).toMatch(/\bffmpeg\b/)
    expect(apt).toMatch(/\bfonts-dejavu-core\b/)
  })

  it('copies the compiled server, the web build and every file the bundle reads beside its sources', () => {
    const copied = runtime.instructions.filter((i) => i.startsWith('COPY --from=build '))
    // The bundle reads these through import.meta.url (ADR 027). A new one must be copied into the image too.
    const readBesideSources: Record<string, string | null> = {
      'apps/server/src/db/client.ts': 'apps/server/src/db/migrations',
      'apps/server/src/modules/ai/prompts.ts': 'apps/server/src/modules/ai/prompts',
      'apps/server/src/http/app.ts': 'apps/web/dist',
      // Resolves npm packages (the fonts) from node_modules: nothing to copy.
      'apps/server/src/integrations/ffmpeg/render/fonts.ts': null,
    }
    const users = sourceFiles('apps/server/src').filter((f) => read(f).includes('import.meta.url'))
    expect(users.sort()).toEqual(Object.keys(readBesideSources).sort())
    const wanted = ['apps/server/dist', ...Object.values(readBesideSources).filter((p): p is string => p !== null)]
    for (const p of wanted) expect(copied, p).toContain(`COPY --from=build /app/${p} ./${p}`)
  })

  it('installs every npm package the server imports: the runtime stage has production dependencies only', () => {
    expect(stages.find((s) => s.name === 'prod-deps')!.instructions).toContain(
      'RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force',
    )
    const server = JSON.parse(read('apps/server/package.json')) as { dependencies: Record<string, string> }
    const imported = new Set<string>()
    // The bundle holds apps/server and our workspace packages; every other import stays an import (ADR 027).
    for (const dir of ['apps/server/src', 'packages/shared/src', 'packages/data-dir-lock/src']) {
      for (const file of sourceFiles(dir)) {
        const text = read(file)
        for (const m of text.matchAll(
          /^\s*(?:import|export)\s+(?!type\b)[^;]*?\sfrom\s+'([^'.][^']*)'|\bimport\(\s*'([^'.][^']*)'\s*\)/gm,
        )) {
          const spec = (m[1] ?? m[2])!
          if (spec.startsWith('node:') || spec.startsWith('@hookpost/')) continue
          imported.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!)
        }
      }
    }
    // Resolved by name at run time (createRequire), not imported.
    for (const name of ['@fontsource/inter', '@fontsource/noto-color-emoji']) {
      expect(read('apps/server/src/integrations/ffmpeg/render/fonts.ts')).toContain(`'${name}'`)
      imported.add(name)
    }
    expect(imported.size).toBeGreaterThan(10)
    expect([...imported].filter((name) => !(name in server.dependencies)).sort()).toEqual([])
  })

  it('leaves installs, builds, data and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n')
    for (const p of ['.git', '**/node_modules', '**/dist', 'data', '.env', 'deploy/.env']) expect(ignored).toContain(p)
  })
})

/** Non-test TypeScript files under `dir`, relative to the repository root. */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((f) => !f.includes(`${path.sep}testing${path.sep}`))
}

describe('deploy/entrypoint.sh', () => {
  const run = (...args: string[]) =>
    spawnSync('sh', [path.join(root, 'deploy/entrypoint.sh'), ...args], {
      env: { PATH: process.env.PATH ?? '', HOOKPOST_DRY_RUN: '1' },
      encoding: 'utf8',
    })

  it.each([
    ['migrate', 'migrate'],
    ['api', 'api'],
    ['worker', 'worker'],
    ['all', 'start'],
  ])('%s runs what `npm run start:prod` would run for %s.ts', (command, entry) => {
    const server = build.NODE_APPS.find((a) => a.name === 'server')!
    expect(server.entryPoints).toContain(`apps/server/src/entrypoints/${entry}.ts`)
    const [flags, file] = [
      build.productionNodeArgs('server', entry).slice(0, -1),
      build.productionNodeArgs('server', entry).at(-1)!,
    ]
    const result = run(command)
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout.trim()).toBe(['node', ...flags, path.relative(root, file)].join(' '))
  })

  it('is what the compose file runs', () => {
    for (const name of ['migrate', 'api', 'worker']) {
      expect(run(...services[name]!.command!).status, name).toBe(0)
    }
  })

  it('`all` is the one-process entrypoint scripts/start.mjs runs in production', () => {
    expect(read('scripts/start.mjs')).toContain("productionNodeArgs('server', 'start')")
  })

  it('refuses anything else with its usage', () => {
    for (const args of [[], ['serve'], ['api', 'worker']]) {
      const result = run(...args)
      expect(result.status, args.join(' ')).toBe(64)
      expect(result.stderr).toContain('usage: entrypoint.sh migrate|api|worker|all')
    }
  })
})

describe('migrations', () => {
  // A rolling upgrade runs the new migrations while the old api and worker processes still run (docs/deploy.md):
  // a migration may add, never drop, rename or tighten. Removing something takes two releases — the code stops using
  // it, then a later migration drops it; list that later migration here, with the release that stopped using it.
  const CONTRACTING: Record<string, string> = {}
  const dir = 'apps/server/src/db/migrations'

  it.each(readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.sql')))('%s only adds', (file) => {
    const sql = read(`${dir}/${file}`)
    const contracting = sql.match(
      /\bDROP\s+(TABLE|COLUMN|TYPE|CONSTRAINT)\b|\bRENAME\b|\bSET\s+NOT\s+NULL\b|\bSET\s+DATA\s+TYPE\b|\bALTER\s+COLUMN\s+\S+\s+TYPE\b/gi,
    )
    if (contracting && !(file in CONTRACTING)) {
      throw new Error(`${file} contracts the schema (${contracting.join(', ')}): see docs/deploy.md, Upgrades`)
    }
  })
})
