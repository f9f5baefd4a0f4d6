import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { parseTrustProxy, type TrustProxy } from './trust-proxy'

/**
 * The only place that reads process.env (style.md rule 1). Parsed once at start; a bad value stops start-up with a
 * readable list of every problem, not just the first.
 */
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional())
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional())

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
      .optional(),
  ),
  DATA_DIR: z.string().default('./data'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  ),
  S3_PUBLIC_ENDPOINT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  ),
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' ? v.toLowerCase() : v),
    z
      .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
  ),
  TIKTOK_CLIENT_KEY: optionalString,
  TIKTOK_CLIENT_SECRET: optionalString,
  TIKTOK_REDIRECT_URI: optionalUrl,
  TIKTOK_API_BASE: optionalUrl,
  TIKTOK_AUTH_BASE: optionalUrl,
  TIKTOK_SANDBOX_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().default('http://localhost:3001')),
  TIKTOK_SANDBOX_CLIENT_SECRET: optionalString,
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_IMAGE_MODEL: optionalString,
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  AI_CALLS_AT_ONCE: z.coerce.number().int().min(1).max(1000).default(4),
  AI_CALLS_PER_PERSON: z.coerce.number().int().min(1).max(1000).default(2),
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Hookpost <no-reply@hookpost.local>'),
  ENCRYPTION_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes); generate one with: openssl rand -hex 32')
      .optional(),
  ),
  AUTH_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'must be at least 32 characters; generate one with: openssl rand -hex 32').optional(),
  ),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): TrustProxy => {
      const parsed = parseTrustProxy(v)
      if (parsed.ok) return parsed.value
      ctx.addIssue({ code: 'custom', message: parsed.problem })
      return z.NEVER
    }),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  SUPPORT_EMAIL: z.email().default('support@hookpost.app'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  BILLING: z.enum(['manual', 'stripe']).default('manual'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_BASIC: optionalString,
  STRIPE_PRICE_PRO: optionalString,
  STRIPE_PRICE_BUSINESS: optionalString,
})

export type Env = z.infer<typeof envSchema>
export type { TrustProxy } from './trust-proxy'
/** Every variable Hookpost reads (README's table and .env.example list them all; a test keeps them in step). */
export const ENV_NAMES = Object.keys(envSchema.shape) as (keyof Env)[]

export interface Config {
  env: Env['NODE_ENV']
  host: string
  port: number
  publicUrl: string
  dataDir: string
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string }
  /** Where media lives (ADR 035): `<dataDir>/media`, or an S3-compatible bucket. */
  storage: StorageConfig
  /** Real TikTok when TIKTOK_CLIENT_KEY is set; otherwise the sandbox (apps/tiktok-sandbox) over HTTP. */
  tiktok: {
    sandbox: boolean
    clientKey: string
    clientSecret: string
    redirectUri: string
    /** Server-to-server base (token, user info, posting). */
    apiBase: string
    /** Where the browser is sent to authorise (TikTok's www host, or the sandbox). */
    authBase: string
    /** The sandbox's base URL when it is in use (admin API, creators page). */
    sandboxUrl?: string | undefined
  }
  /** An OpenAI-compatible model when AI_BASE_URL is set (`openai`); the built-in offline generator otherwise. */
  ai:
    | { provider: 'offline' }
    | {
        provider: 'openai'
        baseUrl: string
        apiKey?: string | undefined
        model: string
        /** Images from the same endpoint; without it, images are the offline text card. */
        imageModel?: string | undefined
        /** Per request to the model (images are allowed twice as long). */
        timeoutMs: number
      }
  /**
   * AI calls (writer and images, offline or not) running at once in one API process, and for one person (ADR 059):
   * the rest wait their turn, round-robin by person.
   */
  aiCalls: { atOnce: number; perPerson: number }
  mail: { smtpUrl?: string | undefined; from: string; devOutbox: boolean }
  encryptionKey: Buffer
  authSecret: string
  authRateLimitMax: number
  /** Which X-Forwarded-For hops to believe (config/trust-proxy.ts, ADR 020). */
  trustProxy: TrustProxy
  ffmpegPath: string
  ffprobePath: string
  supportEmail: string
  logLevel: Env['LOG_LEVEL']
  webDistDir: string | undefined
  /**
   * How plans are paid for (ADR 036): `manual` (choosing a plan activates it; the operator bills outside the app) or
   * `stripe` (Checkout and signed webhooks; its keys and one price per plan).
   */
  billing:
    | { provider: 'manual' }
    | {
        provider: 'stripe'
        secretKey: string
        webhookSecret: string
        prices: { basic: string; pro: string; business: string }
      }
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3'
      /** Absent: AWS itself (the region's endpoint). */
      endpoint?: string | undefined
      /** Where browsers reach the store, when not at `endpoint` (presigned URLs are signed for this address). */
      publicEndpoint?: string | undefined
      bucket: string
      region: string
      /** Both or neither; neither: the SDK's default credential chain (environment, profile, instance role). */
      accessKeyId?: string | undefined
      secretAccessKey?: string | undefined
      forcePathStyle: boolean
    }

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Reads (or creates once, 0600) a dev secret under DATA_DIR/secrets so restarts keep sessions and encrypted data. */
function devSecret(dataDir: string, name: string): string {
  const dir = path.join(dataDir, 'secrets')
  const file = path.join(dir, `${name}.key`)
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const value = randomBytes(32).toString('hex')
  try {
    writeFileSync(file, value + '\n', { mode: 0o600, flag: 'wx' })
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim()
    throw err
  }
  chmodSync(file, 0o600)
  return value
}

/** The sandbox's registered client; its secret is shared with the sandbox process (scripts/lib/sandbox.mjs). */
export const SANDBOX_CLIENT_KEY = 'hookpost-sandbox'
export const TIKTOK_CALLBACK_PATH = '/auth/tiktok/callback'

function tiktokConfig(e: Env, dataDir: string, publicUrl: string): Config['tiktok'] {
  if (e.TIKTOK_CLIENT_KEY && e.TIKTOK_CLIENT_SECRET && e.TIKTOK_REDIRECT_URI) {
    return {
      sandbox: false,
      clientKey: e.TIKTOK_CLIENT_KEY,
      clientSecret: e.TIKTOK_CLIENT_SECRET,
      redirectUri: e.TIKTOK_REDIRECT_URI,
      apiBase: (e.TIKTOK_API_BASE ?? 'https://open.tiktokapis.com').replace(/\/$/, ''),
      authBase: (e.TIKTOK_AUTH_BASE ?? 'https://www.tiktok.com').replace(/\/$/, ''),
    }
  }
  const sandboxUrl = e.TIKTOK_SANDBOX_URL.replace(/\/$/, '')
  return {
    sandbox: true,
    clientKey: SANDBOX_CLIENT_KEY,
    clientSecret: e.TIKTOK_SANDBOX_CLIENT_SECRET ?? devSecret(dataDir, 'tiktok-sandbox'),
    redirectUri: `${publicUrl}${TIKTOK_CALLBACK_PATH}`,
    apiBase: (e.TIKTOK_API_BASE ?? sandboxUrl).replace(/\/$/, ''),
    authBase: (e.TIKTOK_AUTH_BASE ?? sandboxUrl).replace(/\/$/, ''),
    sandboxUrl,
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`))
  }
  const e = parsed.data
  const problems: string[] = []
  const production = e.NODE_ENV === 'production'
  if (production && !e.ENCRYPTION_KEY) problems.push('ENCRYPTION_KEY: required when NODE_ENV=production')
  if (production && !e.AUTH_SECRET) problems.push('AUTH_SECRET: required when NODE_ENV=production')
  if (production && !e.SMTP_URL) problems.push('SMTP_URL: required when NODE_ENV=production (password reset mail)')
  if (production && !e.PUBLIC_URL) problems.push('PUBLIC_URL: required when NODE_ENV=production')
  const tiktokReal = [e.TIKTOK_CLIENT_KEY, e.TIKTOK_CLIENT_SECRET, e.TIKTOK_REDIRECT_URI]
  if (tiktokReal.some(Boolean) && !tiktokReal.every(Boolean)) {
    problems.push('TIKTOK_CLIENT_KEY, TIKTOK_CLIENT_SECRET and TIKTOK_REDIRECT_URI: set all three, or none (sandbox)')
  }
  if (e.AI_BASE_URL && !e.AI_MODEL) problems.push('AI_MODEL: required when AI_BASE_URL is set')
  if (!e.AI_BASE_URL && (e.AI_MODEL || e.AI_IMAGE_MODEL || e.AI_API_KEY)) {
    problems.push(
      'AI_BASE_URL: required with AI_MODEL, AI_IMAGE_MODEL or AI_API_KEY (unset all four for the offline generator)',
    )
  }
  if (e.BILLING === 'stripe') {
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_BASIC',
      'STRIPE_PRICE_PRO',
      'STRIPE_PRICE_BUSINESS',
    ] as const) {
      if (!e[name]) problems.push(`${name}: required when BILLING=stripe`)
    }
  }
  if (e.STORAGE === 's3' && !e.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE=s3')
  if (e.STORAGE === 's3' && Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (the AWS SDK's default credential chain)",
    )
  }
  if (problems.length > 0) throw new ConfigError(problems)

  const dataDir = path.resolve(e.DATA_DIR)
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dir: path.join(dataDir, 'pgdata') },
    storage:
      e.STORAGE === 's3' && e.S3_BUCKET
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
            publicEndpoint: e.S3_PUBLIC_ENDPOINT?.replace(/\/$/, ''),
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' },
    tiktok: tiktokConfig(e, dataDir, publicUrl),
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? {
            provider: 'openai',
            baseUrl: e.AI_BASE_URL.replace(/\/$/, ''),
            apiKey: e.AI_API_KEY,
            model: e.AI_MODEL,
            imageModel: e.AI_IMAGE_MODEL,
            timeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
          }
        : { provider: 'offline' },
    aiCalls: { atOnce: e.AI_CALLS_AT_ONCE, perPerson: e.AI_CALLS_PER_PERSON },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, devOutbox: !e.SMTP_URL && !production },
    encryptionKey: Buffer.from(e.ENCRYPTION_KEY ?? devSecret(dataDir, 'encryption'), 'hex'),
    authSecret: e.AUTH_SECRET ?? devSecret(dataDir, 'auth'),
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    trustProxy: e.TRUST_PROXY,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    billing:
      e.BILLING === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY ?? '',
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
            prices: {
              basic: e.STRIPE_PRICE_BASIC ?? '',
              pro: e.STRIPE_PRICE_PRO ?? '',
              business: e.STRIPE_PRICE_BUSINESS ?? '',
            },
          }
        : { provider: 'manual' },
  }
}
