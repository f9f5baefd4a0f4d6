import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, ENV_NAMES, loadConfig } from './index'

const KEY_HEX = 'ab'.repeat(32)
const AUTH_SECRET = 's'.repeat(32)

let dataDir: string
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'hookpost-config-'))
})
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true })
})

/** Runs loadConfig expecting a ConfigError and returns it (fails the test if it does not throw one). */
function configError(source: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(source)
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError)
    return err as ConfigError
  }
  throw new Error('expected loadConfig to throw a ConfigError')
}

describe('loadConfig defaults', () => {
  it('runs with only DATA_DIR set: port 3000, embedded database, dev outbox, TikTok sandbox, offline AI', () => {
    const config = loadConfig({ DATA_DIR: dataDir })
    expect(config.env).toBe('development')
    expect(config.port).toBe(3000)
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.dataDir).toBe(dataDir)
    expect(config.database).toEqual({ kind: 'pglite', dir: path.join(dataDir, 'pgdata') })
    expect(config.mail.devOutbox).toBe(true)
    expect(config.mail.smtpUrl).toBeUndefined()
    expect(config.tiktok.sandbox).toBe(true)
    expect(config.ai.provider).toBe('offline')
    expect(config.storage).toEqual({ kind: 'local' })
  })

  it('derives the default public URL from PORT', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '8080' }).publicUrl).toBe('http://localhost:8080')
  })

  it('trims a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://hookpost.example/' }).publicUrl).toBe(
      'https://hookpost.example',
    )
  })
})

describe('generated development secrets', () => {
  it('creates encryption.key and auth.key with mode 0600 under DATA_DIR/secrets', () => {
    const config = loadConfig({ DATA_DIR: dataDir })
    const encryptionFile = path.join(dataDir, 'secrets', 'encryption.key')
    const authFile = path.join(dataDir, 'secrets', 'auth.key')
    for (const file of [encryptionFile, authFile]) {
      expect(existsSync(file)).toBe(true)
      if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
    }
    expect(config.encryptionKey).toBeInstanceOf(Buffer)
    expect(config.encryptionKey).toHaveLength(32)
    expect(readFileSync(encryptionFile, 'utf8').trim()).toBe(config.encryptionKey.toString('hex'))
    expect(readFileSync(authFile, 'utf8').trim()).toBe(config.authSecret)
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32)
  })

  it('keeps the same secrets across restarts on the same DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dataDir })
    const second = loadConfig({ DATA_DIR: dataDir })
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true)
    expect(second.authSecret).toBe(first.authSecret)
  })

  it('generates different secrets for different data folders', () => {
    const otherDir = mkdtempSync(path.join(os.tmpdir(), 'hookpost-config-'))
    try {
      const a = loadConfig({ DATA_DIR: dataDir })
      const b = loadConfig({ DATA_DIR: otherDir })
      expect(a.encryptionKey.equals(b.encryptionKey)).toBe(false)
      expect(a.authSecret).not.toBe(b.authSecret)
    } finally {
      rmSync(otherDir, { recursive: true, force: true })
    }
  })

  it('uses ENCRYPTION_KEY and AUTH_SECRET when given and writes no secret files', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ENCRYPTION_KEY: KEY_HEX,
      AUTH_SECRET,
      TIKTOK_SANDBOX_CLIENT_SECRET: 'sandbox-secret',
    })
    expect(config.encryptionKey.toString('hex')).toBe(KEY_HEX)
    expect(config.authSecret).toBe(AUTH_SECRET)
    expect(existsSync(path.join(dataDir, 'secrets'))).toBe(false)
  })
})

describe('DATABASE_URL', () => {
  it('selects PostgreSQL for a postgres:// or postgresql:// URL', () => {
    const url = 'postgres://hookpost:pw@db.internal:5432/hookpost'
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url })
    const url2 = 'postgresql://localhost/hookpost'
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url2 }).database).toEqual({ kind: 'postgres', url: url2 })
  })

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }).database.kind).toBe('pglite')
  })

  it('refuses a mysql:// URL', () => {
    const err = configError({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://localhost/hookpost' })
    expect(err.problems).toHaveLength(1)
    expect(err.problems[0]).toMatch(/^DATABASE_URL: .*postgres/)
  })
})

describe('invalid configuration', () => {
  it('lists every bad variable at once, in a readable multi-line message', () => {
    const err = configError({ DATA_DIR: dataDir, PORT: 'abc', SMTP_URL: 'http://x', ENCRYPTION_KEY: 'short' })
    expect(err.name).toBe('ConfigError')
    expect(err.problems).toHaveLength(3)
    for (const name of ['PORT', 'SMTP_URL', 'ENCRYPTION_KEY']) {
      expect(err.problems.filter((p) => p.startsWith(`${name}: `))).toHaveLength(1)
    }
    const lines = err.message.split('\n')
    expect(lines[0]).toBe('Invalid configuration:')
    expect(lines.slice(1)).toEqual(err.problems.map((p) => `  - ${p}`))
    expect(err.message).toContain('smtp:// or smtps://')
    expect(err.message).toContain('64 hex characters')
  })

  it('refuses an out-of-range port', () => {
    expect(configError({ DATA_DIR: dataDir, PORT: '70000' }).problems[0]).toMatch(/^PORT: /)
  })

  it('requires the secrets, SMTP and the public URL in production, listing each', () => {
    const err = configError({ DATA_DIR: dataDir, NODE_ENV: 'production' })
    expect(err.problems).toHaveLength(4)
    for (const name of ['ENCRYPTION_KEY', 'AUTH_SECRET', 'SMTP_URL', 'PUBLIC_URL']) {
      expect(err.problems.filter((p) => p.startsWith(`${name}: `) && p.includes('NODE_ENV=production'))).toHaveLength(1)
    }
    // It refused before generating any dev secret.
    expect(existsSync(path.join(dataDir, 'secrets'))).toBe(false)
  })

  it('never enables the dev outbox in production', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      ENCRYPTION_KEY: KEY_HEX,
      AUTH_SECRET,
      SMTP_URL: 'smtps://user:pw@smtp.example:465',
      PUBLIC_URL: 'https://hookpost.example',
      TIKTOK_CLIENT_KEY: 'client-key',
      TIKTOK_CLIENT_SECRET: 'client-secret',
      TIKTOK_REDIRECT_URI: 'https://hookpost.example/auth/tiktok/callback',
    })
    expect(config.env).toBe('production')
    expect(config.mail.devOutbox).toBe(false)
    expect(config.mail.smtpUrl).toBe('smtps://user:pw@smtp.example:465')
    expect(existsSync(path.join(dataDir, 'secrets'))).toBe(false)
  })

  it('turns the dev outbox off in development once SMTP_URL is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://localhost:1025' }).mail.devOutbox).toBe(false)
  })
})

describe('TikTok credentials', () => {
  const tiktok = {
    TIKTOK_CLIENT_KEY: 'client-key',
    TIKTOK_CLIENT_SECRET: 'client-secret',
    TIKTOK_REDIRECT_URI: 'https://hookpost.example/api/tiktok/callback',
  }

  it('refuses TIKTOK_CLIENT_KEY without the secret and redirect URI', () => {
    const err = configError({ DATA_DIR: dataDir, TIKTOK_CLIENT_KEY: tiktok.TIKTOK_CLIENT_KEY })
    expect(err.problems).toHaveLength(1)
    expect(err.problems[0]).toContain('TIKTOK_CLIENT_KEY')
    expect(err.problems[0]).toContain('all three')
  })

  it('refuses two of the three', () => {
    const err = configError({ DATA_DIR: dataDir, ...tiktok, TIKTOK_REDIRECT_URI: '' })
    expect(err.problems).toHaveLength(1)
    expect(err.problems[0]).toContain('TIKTOK_REDIRECT_URI')
  })

  it('leaves the sandbox when all three are set', () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...tiktok })
    expect(config.tiktok).toMatchObject({
      sandbox: false,
      clientKey: tiktok.TIKTOK_CLIENT_KEY,
      clientSecret: tiktok.TIKTOK_CLIENT_SECRET,
      redirectUri: tiktok.TIKTOK_REDIRECT_URI,
      apiBase: 'https://open.tiktokapis.com',
      authBase: 'https://www.tiktok.com',
    })
    expect(config.tiktok.sandboxUrl).toBeUndefined()
  })

  it('talks to the sandbox over HTTP by default, with a generated secret kept across restarts', () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '3100' })
    expect(config.tiktok).toMatchObject({
      sandbox: true,
      clientKey: 'hookpost-sandbox',
      redirectUri: 'http://localhost:3100/auth/tiktok/callback',
      apiBase: 'http://localhost:3001',
      authBase: 'http://localhost:3001',
      sandboxUrl: 'http://localhost:3001',
    })
    expect(config.tiktok.clientSecret).toMatch(/^[0-9a-f]{64}$/)
    expect(loadConfig({ DATA_DIR: dataDir }).tiktok.clientSecret).toBe(config.tiktok.clientSecret)
  })

  it('takes the sandbox URL and secret from the environment', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      TIKTOK_SANDBOX_URL: 'http://127.0.0.1:4555/',
      TIKTOK_SANDBOX_CLIENT_SECRET: 'shared-secret',
    })
    expect(config.tiktok).toMatchObject({
      apiBase: 'http://127.0.0.1:4555',
      clientSecret: 'shared-secret',
      sandboxUrl: 'http://127.0.0.1:4555',
    })
  })
})

describe('AI provider', () => {
  it('uses an OpenAI-compatible endpoint when AI_BASE_URL and AI_MODEL are set; the key stays optional', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
      AI_MODEL: 'llama3.2',
    })
    expect(config.ai).toEqual({
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      model: 'llama3.2',
      imageModel: undefined,
      timeoutMs: 60_000,
    })
  })

  it('takes the key, the image model and the timeout', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      AI_BASE_URL: 'https://api.openai.com/v1',
      AI_API_KEY: 'sk-test',
      AI_MODEL: 'gpt-4o-mini',
      AI_IMAGE_MODEL: 'gpt-image-1',
      AI_TIMEOUT_SECONDS: '15',
    })
    expect(config.ai).toMatchObject({ apiKey: 'sk-test', imageModel: 'gpt-image-1', timeoutMs: 15_000 })
  })

  it('refuses AI_BASE_URL without AI_MODEL, and a model or key without AI_BASE_URL', () => {
    expect(configError({ DATA_DIR: dataDir, AI_BASE_URL: 'http://localhost:1234/v1' }).problems).toEqual([
      'AI_MODEL: required when AI_BASE_URL is set',
    ])
    for (const name of ['AI_MODEL', 'AI_IMAGE_MODEL', 'AI_API_KEY']) {
      expect(configError({ DATA_DIR: dataDir, [name]: 'x' }).problems[0], name).toMatch(/^AI_BASE_URL: required/)
    }
    expect(configError({ DATA_DIR: dataDir, AI_TIMEOUT_SECONDS: '0' }).problems[0]).toMatch(/^AI_TIMEOUT_SECONDS: /)
  })
})

describe('BILLING', () => {
  it('is manual by default; stripe needs its key, webhook secret and three prices', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).billing).toEqual({ provider: 'manual' })
    expect(configError({ DATA_DIR: dataDir, BILLING: 'stripe' }).problems).toEqual([
      'STRIPE_SECRET_KEY: required when BILLING=stripe',
      'STRIPE_WEBHOOK_SECRET: required when BILLING=stripe',
      'STRIPE_PRICE_BASIC: required when BILLING=stripe',
      'STRIPE_PRICE_PRO: required when BILLING=stripe',
      'STRIPE_PRICE_BUSINESS: required when BILLING=stripe',
    ])
    const stripe = loadConfig({
      DATA_DIR: dataDir,
      BILLING: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_BASIC: 'price_b',
      STRIPE_PRICE_PRO: 'price_p',
      STRIPE_PRICE_BUSINESS: 'price_x',
    })
    expect(stripe.billing).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      prices: { basic: 'price_b', pro: 'price_p', business: 'price_x' },
    })
    // Stripe's variables alone do nothing while BILLING is manual.
    expect(loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_1' }).billing).toEqual({ provider: 'manual' })
    expect(configError({ DATA_DIR: dataDir, BILLING: 'paypal' }).problems[0]).toMatch(/^BILLING: /)
  })
})

describe('STORAGE=s3', () => {
  it('takes the endpoint, bucket, region, keys and path style', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_PUBLIC_ENDPOINT: 'https://media.example.com/',
      S3_BUCKET: 'hookpost-media',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI',
      S3_FORCE_PATH_STYLE: 'true',
    })
    expect(config.storage).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      publicEndpoint: 'https://media.example.com',
      bucket: 'hookpost-media',
      region: 'eu-west-3',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI',
      forcePathStyle: true,
    })
  })

  it("defaults to AWS itself in us-east-1, virtual-hosted style, with the SDK's own credentials", () => {
    const config = loadConfig({ DATA_DIR: dataDir, STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: '', S3_REGION: '' })
    expect(config.storage).toEqual({
      kind: 's3',
      endpoint: undefined,
      publicEndpoint: undefined,
      bucket: 'media',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    })
  })

  it.each([
    ['1', true],
    ['0', false],
    ['FALSE', false],
    ['', false],
  ])('reads S3_FORCE_PATH_STYLE=%j as %s', (value, expected) => {
    const config = loadConfig({ DATA_DIR: dataDir, STORAGE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: value })
    expect(config.storage.kind === 's3' && config.storage.forcePathStyle).toBe(expected)
  })

  it('requires a bucket, both keys or neither, a URL endpoint and a boolean path style, listing each', () => {
    const err = configError({
      DATA_DIR: dataDir,
      STORAGE: 's3',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    })
    expect(err.problems).toEqual([
      'S3_BUCKET: required when STORAGE=s3',
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (the AWS SDK's default credential chain)",
    ])
    expect(
      configError({ DATA_DIR: dataDir, STORAGE: 's3', S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI', S3_BUCKET: 'b' }).problems,
    ).toEqual([
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (the AWS SDK's default credential chain)",
    ])
    const invalid = configError({
      DATA_DIR: dataDir,
      STORAGE: 's3',
      S3_BUCKET: 'b',
      S3_ENDPOINT: 'minio:9000',
      S3_FORCE_PATH_STYLE: 'yes',
    })
    expect(invalid.problems).toHaveLength(2)
    expect(invalid.problems[0]).toBe('S3_ENDPOINT: must be an http:// or https:// URL')
    expect(invalid.problems[1]).toBe('S3_FORCE_PATH_STYLE: must be true or false')
  })

  it('never puts the secret key in an error message', () => {
    const err = configError({ DATA_DIR: dataDir, STORAGE: 's3', S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI' })
    expect(err.message).not.toContain('wJalrXUtnFEMI')
  })

  it('ignores the S3 variables with local storage', () => {
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-one' }).storage).toEqual({
      kind: 'local',
    })
  })
})

describe('.env.example and README', () => {
  const repoRoot = path.resolve(import.meta.dirname, '../../../..')
  const example = readFileSync(path.join(repoRoot, '.env.example'), 'utf8')
  const exampleEnv = Object.fromEntries(
    example
      .split('\n')
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  )

  it('lists every variable the config reads, and nothing else', () => {
    expect(Object.keys(exampleEnv).sort()).toEqual([...ENV_NAMES].sort())
  })

  it('starts as it is (copied to .env, it is a valid development configuration)', () => {
    const config = loadConfig({ ...exampleEnv, DATA_DIR: dataDir })
    expect(config.database.kind).toBe('pglite')
    expect(config.tiktok.sandbox).toBe(true)
  })

  it('documents every variable in the README configuration table', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8')
    for (const name of ENV_NAMES) expect(readme, name).toContain(`\`${name}\``)
  })
})

describe('TRUST_PROXY', () => {
  it('is false by default, and takes a hop count or proxy addresses', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false)
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ])
  })

  it('refuses true with what to set instead', () => {
    const err = configError({ DATA_DIR: dataDir, TRUST_PROXY: 'true' })
    expect(err.problems).toEqual([expect.stringMatching(/^TRUST_PROXY: "true" would trust whatever X-Forwarded-For/)])
    expect(err.problems[0]).toMatch(/TRUST_PROXY=1/)
  })
})
