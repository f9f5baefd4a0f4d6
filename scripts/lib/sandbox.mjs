// The TikTok sandbox (apps/tiktok-sandbox) runs as its own process beside the server whenever no real TikTok client
// key is configured. Both share one client secret, generated once into DATA_DIR/secrets (the server's config reads the
// same file), and the sandbox registers the server's callback URL as its redirect URI.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { root } from './prepare.mjs'
import { productionNodeArgs } from './build-node.mjs'

function sharedSecret(dataDir) {
  const dir = path.join(dataDir, 'secrets')
  const file = path.join(dir, 'tiktok-sandbox.key')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const value = randomBytes(32).toString('hex')
  writeFileSync(file, value + '\n', { mode: 0o600 })
  chmodSync(file, 0o600)
  return value
}

/**
 * Starts the sandbox when `env` does not name a real TikTok client. Returns the extra environment the server needs
 * (sandbox URL and shared secret) and the child process, or `undefined` when the real TikTok is configured.
 * `compiled`: run apps/tiktok-sandbox/dist/main.js (scripts/lib/build-node.mjs) with plain node instead of tsx.
 */
export function startSandboxProcess(env, { stdio = 'inherit', compiled = false } = {}) {
  if (env.TIKTOK_CLIENT_KEY) return undefined
  const dataDir = path.resolve(root, env.DATA_DIR || 'data')
  const port = env.PORT || '3000'
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '')
  const sandboxUrl = (env.TIKTOK_SANDBOX_URL || 'http://localhost:3001').replace(/\/$/, '')
  const secret = env.TIKTOK_SANDBOX_CLIENT_SECRET || sharedSecret(dataDir)
  const args = compiled ? productionNodeArgs('sandbox', 'main') : ['--import', 'tsx', 'apps/tiktok-sandbox/src/main.ts']
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio,
    env: {
      ...env,
      SANDBOX_HOST: env.HOST || '0.0.0.0',
      SANDBOX_PORT: new URL(sandboxUrl).port || '80',
      SANDBOX_PUBLIC_URL: sandboxUrl,
      SANDBOX_DATA_DIR: path.join(dataDir, 'tiktok-sandbox'),
      SANDBOX_CLIENT_SECRET: secret,
      SANDBOX_REDIRECT_URIS: `${publicUrl}/auth/tiktok/callback`,
      // Photo posts are pulled from Hookpost's own URLs (tiktok-api.md §3.6, §3.10): its PUBLIC_URL is a verified
      // URL prefix out of the box, so is S3_PUBLIC_ENDPOINT when set; TIKTOK_SANDBOX_VERIFIED_URL_PREFIXES adds more.
      SANDBOX_VERIFIED_URL_PREFIXES: [
        `${publicUrl}/`,
        env.S3_PUBLIC_ENDPOINT ?? '',
        ...(env.TIKTOK_SANDBOX_VERIFIED_URL_PREFIXES ?? '').split(','),
      ]
        .map((u) => u.trim())
        .filter(Boolean)
        .join(','),
      ...(env.FFPROBE_PATH ? { SANDBOX_FFPROBE_PATH: env.FFPROBE_PATH } : {}),
    },
  })
  return { child, env: { TIKTOK_SANDBOX_URL: sandboxUrl, TIKTOK_SANDBOX_CLIENT_SECRET: secret } }
}
