import type { ServerEvent } from '@hookpost/shared'
import type { TestServer } from './test-runtime'
import { cookieHeader } from './test-runtime'

/**
 * Steps every integration test takes as a browser would: requests with the session cookie, signing up, and reading
 * the live event stream over a real socket.
 */

const json = { 'content-type': 'application/json' }

export function inject(
  server: TestServer,
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return server.runtime.http!.inject({
    method,
    url,
    headers: { ...(body === undefined ? {} : json), ...(cookie ? { cookie } : {}), ...headers },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  })
}

/**
 * A stored file fetched as a browser would: the app's answer, or, when the app redirects to the storage's own URL
 * (S3's presigned GET, ADR 035), the storage's answer to the same GET (Range included). `redirected` says which.
 */
export async function getStoredFile(
  server: TestServer,
  url: string,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<{ statusCode: number; headers: Record<string, string>; rawPayload: Buffer; redirected: boolean }> {
  const res = await inject(server, 'GET', url, cookie, undefined, headers)
  const location = res.headers.location
  if (res.statusCode !== 302 || typeof location !== 'string' || location.startsWith('/')) {
    const flat = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]))
    return { statusCode: res.statusCode, headers: flat, rawPayload: res.rawPayload, redirected: false }
  }
  const direct = await fetch(location, { headers })
  return {
    statusCode: direct.status,
    headers: Object.fromEntries(direct.headers.entries()),
    rawPayload: Buffer.from(await direct.arrayBuffer()),
    redirected: true,
  }
}

let people = 0
export async function signUp(server: TestServer): Promise<{ cookie: string; userId: string }> {
  people++
  const password = 'correct horse 1'
  const res = await inject(server, 'POST', '/api/auth/sign-up', undefined, {
    email: `person-${process.pid}-${people}-${Date.now()}@example.com`,
    password,
    confirmPassword: password,
    acceptTerms: true,
  })
  if (res.statusCode !== 200) throw new Error(`sign-up answered ${res.statusCode}: ${res.body}`)
  return { cookie: cookieHeader(res.headers['set-cookie']), userId: res.json<{ user: { id: string } }>().user.id }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Reads GET /api/events over a real socket (the server must be listening) and collects the events. */
export async function openEventStream(baseUrl: string, cookie: string) {
  const controller = new AbortController()
  const res = await fetch(`${baseUrl}/api/events`, { headers: { cookie }, signal: controller.signal })
  const events: ServerEvent[] = []
  const raw: string[] = []
  const done = (async () => {
    if (!res.body) return
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const message = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          raw.push(message)
          for (const line of message.split('\n')) {
            if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as ServerEvent)
          }
          end = buffer.indexOf('\n\n')
        }
      }
    } catch {
      // aborted by close()
    }
  })()
  return {
    status: res.status,
    headers: res.headers,
    events,
    raw,
    /** Resolves when the server ended the stream. */
    ended: done,
    close: () => controller.abort(),
  }
}
