import { randomBytes } from 'node:crypto'
import { startSandbox, type SandboxOptions } from '@hookpost/tiktok-sandbox'

/** The callback URL of a test server (its PUBLIC_URL is http://localhost:3999, see test-runtime.ts). */
export const TEST_REDIRECT_URI = 'http://localhost:3999/auth/tiktok/callback'
export const SANDBOX_CLIENT_KEY = 'hookpost-sandbox'

export interface TestSandbox {
  url: string
  secret: string
  /** Environment for startTestServer so the server talks to this sandbox over HTTP. */
  env: Record<string, string>
  admin(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: any }> // eslint-disable-line @typescript-eslint/no-explicit-any -- test seam: the sandbox's admin JSON
  createCreator(input?: { display_name?: string; username?: string; is_private?: boolean }): Promise<{
    open_id: string
    display_name: string
    username: string
  }>
  /** Presses 'Authorize' (or 'Deny') on the sandbox's authorize page for `authorizeUrl`, as a browser would. */
  decide(authorizeUrl: string, openId: string, decision?: 'allow' | 'deny'): Promise<URL>
  close(): Promise<void>
}

let counter = 0

export async function startTestSandbox(options: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  const secret = randomBytes(24).toString('hex')
  const sandbox = await startSandbox({
    clients: [{ clientKey: SANDBOX_CLIENT_KEY, clientSecret: secret, redirectUris: [TEST_REDIRECT_URI] }],
    port: 0,
    processingMs: 300,
    moderationMs: 100,
    ...options,
  })
  const admin: TestSandbox['admin'] = async (method, path, body) => {
    const res = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: {
        'x-sandbox-admin-key': secret,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null }
  }
  return {
    url: sandbox.url,
    secret,
    env: { TIKTOK_SANDBOX_URL: sandbox.url, TIKTOK_SANDBOX_CLIENT_SECRET: secret },
    admin,
    async createCreator(input = {}) {
      counter++
      const res = await admin('POST', '/sandbox/admin/creators', {
        display_name: input.display_name ?? `Creator ${counter}`,
        username: input.username ?? `creator_${process.pid}_${counter}`,
        is_private: input.is_private ?? false,
      })
      if (res.status !== 201) throw new Error(`creating a sandbox creator failed: ${res.status}`)
      return res.body.creator
    },
    async decide(authorizeUrl, openId, decision = 'allow') {
      const url = new URL(authorizeUrl)
      const form = new URLSearchParams(url.searchParams)
      form.set('creator', openId)
      form.set('decision', decision)
      const res = await fetch(`${sandbox.url}/v2/auth/authorize/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual',
      })
      const location = res.headers.get('location')
      if (res.status !== 302 || !location) throw new Error(`the authorize page answered ${res.status}`)
      return new URL(location)
    },
    close: () => sandbox.close(),
  }
}
