/**
 * A scripted stand-in for `fetch` in unit tests: each call takes the next answer from the script and is recorded with
 * its URL, method, headers and body (streamed bodies are read to the end, as a server would).
 */
export interface RecordedRequest {
  url: string
  method: string
  headers: Record<string, string>
  body: string
  bodyBytes: number
}

export type ScriptedAnswer =
  Response | Error | ((request: RecordedRequest, signal: AbortSignal | undefined) => Response | Promise<Response>)

export interface FakeFetch {
  fetch: typeof fetch
  calls: RecordedRequest[]
  /** Queue answers for the next calls, in order. */
  answer(...answers: ScriptedAnswer[]): void
}

export function createFakeFetch(): FakeFetch {
  const queue: ScriptedAnswer[] = []
  const calls: RecordedRequest[] = []
  const fake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {}
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value
    })
    const bytes = await readBody(init?.body)
    const request: RecordedRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: Buffer.from(bytes).toString('utf8'),
      bodyBytes: bytes.byteLength,
    }
    calls.push(request)
    const next = queue.shift()
    if (next === undefined) throw new Error(`no scripted answer for ${request.method} ${request.url}`)
    if (next instanceof Error) throw next
    if (next instanceof Response) return next
    return next(request, init?.signal ?? undefined)
  }
  return {
    fetch: fake as typeof fetch,
    calls,
    answer: (...answers) => queue.push(...answers),
  }
}

async function readBody(body: RequestInit['body']): Promise<Uint8Array> {
  if (body === undefined || body === null) return new Uint8Array()
  if (typeof body === 'string') return new TextEncoder().encode(body)
  if (body instanceof ReadableStream) {
    const parts: Uint8Array[] = []
    for await (const part of body as AsyncIterable<Uint8Array>) parts.push(part)
    return Buffer.concat(parts)
  }
  return new Uint8Array(await new Response(body).arrayBuffer())
}

/** A JSON answer (`body` as text, so tests can send numbers JSON.stringify would round). */
export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  return new Response(text, { status, headers: { 'content-type': 'application/json', ...headers } })
}

/** The v2 envelope: `{ data, error: { code, message, log_id } }`. */
export function envelope(status: number, data: unknown, code = 'ok', message = ''): Response {
  return jsonAnswer(status, { data, error: { code, message, log_id: 'LOG123' } })
}

/** A fake clock: `sleep` advances `now` instantly and records each wait. */
export function createFakeClock(start = 1_700_000_000_000) {
  const clock = {
    time: start,
    sleeps: [] as number[],
    now: () => clock.time,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms)
      clock.time += ms
    },
  }
  return clock
}
