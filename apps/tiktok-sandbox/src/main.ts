/**
 * Standalone TikTok sandbox: `node --import tsx apps/tiktok-sandbox/src/main.ts`.
 * Environment: SANDBOX_HOST (127.0.0.1), SANDBOX_PORT (3001), SANDBOX_PUBLIC_URL (http://localhost:<port>),
 * SANDBOX_DATA_DIR (./data/tiktok-sandbox), SANDBOX_CLIENT_KEY (hookpost-sandbox), SANDBOX_CLIENT_SECRET (required),
 * SANDBOX_REDIRECT_URIS (comma-separated, required), SANDBOX_TOKEN_PROFILE (2026 | classic), SANDBOX_UNAUDITED
 * ('true' → the client is unaudited), SANDBOX_FFPROBE_PATH (default: ffprobe when on PATH), SANDBOX_APP_NAME (shown on
 * the authorize page, default Hookpost), SANDBOX_LOG ('true' → request logs), SANDBOX_VERIFIED_URL_PREFIXES
 * (comma-separated URL prefixes verified for PULL_FROM_URL, tiktok-api.md §3.6; a missing final / is added),
 * SANDBOX_WEBHOOK_URL (where §3.8 webhook events go; default none).
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { startSandbox } from './server'
import type { TokenProfile } from './options'

function fail(message: string): never {
  console.error(`TikTok sandbox: ${message}`)
  process.exit(1)
}

function ffprobeOnPath(): string | undefined {
  const probe = spawnSync('ffprobe', ['-version'], { stdio: 'ignore' })
  return probe.status === 0 ? 'ffprobe' : undefined
}

const env = process.env
const port = Number(env.SANDBOX_PORT || '3001')
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`SANDBOX_PORT is not a port: ${env.SANDBOX_PORT}`)
const clientSecret = env.SANDBOX_CLIENT_SECRET || fail('SANDBOX_CLIENT_SECRET is required')
const redirectUris = (env.SANDBOX_REDIRECT_URIS ?? '')
  .split(',')
  .map((u) => u.trim())
  .filter(Boolean)
if (redirectUris.length === 0) fail('SANDBOX_REDIRECT_URIS is required (comma-separated)')
const profile = env.SANDBOX_TOKEN_PROFILE || '2026'
if (profile !== '2026' && profile !== 'classic') fail('SANDBOX_TOKEN_PROFILE must be 2026 or classic')
const verifiedPrefixes = (env.SANDBOX_VERIFIED_URL_PREFIXES ?? '')
  .split(',')
  .map((u) => u.trim())
  .filter(Boolean)
  .map((u) => (u.endsWith('/') ? u : `${u}/`))

const sandbox = await startSandbox({
  host: env.SANDBOX_HOST || '127.0.0.1',
  port,
  publicUrl: env.SANDBOX_PUBLIC_URL || `http://localhost:${port}`,
  dataDir: path.resolve(env.SANDBOX_DATA_DIR || './data/tiktok-sandbox'),
  tokenProfile: profile as TokenProfile,
  ffprobePath: env.SANDBOX_FFPROBE_PATH || ffprobeOnPath(),
  logger: env.SANDBOX_LOG === 'true',
  allowedPullPrefixes: verifiedPrefixes,
  clients: [
    {
      clientKey: env.SANDBOX_CLIENT_KEY || 'hookpost-sandbox',
      clientSecret,
      redirectUris,
      audited: env.SANDBOX_UNAUDITED !== 'true',
      name: env.SANDBOX_APP_NAME || 'Hookpost',
      ...(env.SANDBOX_WEBHOOK_URL ? { webhookUrl: env.SANDBOX_WEBHOOK_URL } : {}),
    },
  ],
}).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)))

console.log(`TikTok sandbox listening on ${sandbox.url}`)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    // close() flushes state.json before the process ends.
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  })
}
