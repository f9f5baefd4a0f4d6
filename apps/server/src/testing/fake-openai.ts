import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for an OpenAI-compatible service, speaking the chat-completions and images APIs over real HTTP, so
 * the real `openai` SDK is what the tests drive. Each request takes the next scripted reply; with none scripted it
 * answers `defaultReply`, or 500 "no scripted reply", so a test that asks more than it planned fails loudly. Every
 * answer can come after `delayMs` (a provider's think time, for the fair bench), and `hold()` keeps them all waiting
 * until released.
 */
export type FakeReply =
  /** A chat completion whose message content is this text (JSON or not: that is the point). */
  | { chat: string; finishReason?: 'stop' | 'length' | 'content_filter'; refusal?: string }
  /** An images answer: base64 bytes, or a URL to fetch them from. */
  | { image: { b64?: Buffer; url?: string } }
  /** An error status with OpenAI's error body. */
  | { status: number; message?: string; headers?: Record<string, string> }
  /** Never answers (the client must time out). */
  | { hang: true }

export interface FakeRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: Record<string, unknown>
}

export interface FakeOpenAi {
  /** The base URL to configure (`AI_BASE_URL`), ending in /v1. */
  baseUrl: string
  /** The server's origin, for files it serves under /files/. */
  origin: string
  reply(...replies: FakeReply[]): void
  /** Bytes served at `${origin}/files/<name>` (an image answered by URL). */
  serveFile(name: string, data: Buffer, contentType: string): void
  requests: FakeRequest[]
  /** Answers wait until the returned function is called (requests are still recorded as they arrive). */
  hold(): () => void
  /** Forgets requests and unused replies. */
  reset(): void
  close(): Promise<void>
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

export async function startFakeOpenAi(
  options: { defaultReply?: FakeReply; delayMs?: number } = {},
): Promise<FakeOpenAi> {
  const queue: FakeReply[] = []
  const requests: FakeRequest[] = []
  let held: Promise<void> = Promise.resolve()
  const files = new Map<string, { data: Buffer; contentType: string }>()
  let created = 1_700_000_000

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => void answer())
    async function answer() {
      const path = (req.url ?? '/').split('?')[0] ?? '/'
      if (req.method === 'GET' && path.startsWith('/files/')) {
        const file = files.get(decodeURIComponent(path.slice('/files/'.length)))
        if (!file) return send(res, 404, { error: { message: 'no such file' } })
        res.writeHead(200, { 'content-type': file.contentType, 'content-length': String(file.data.length) })
        return res.end(file.data)
      }
      let body: Record<string, unknown>
      try {
        body = chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {}
      } catch {
        return send(res, 400, { error: { message: 'body is not JSON', type: 'invalid_request_error' } })
      }
      requests.push({ method: req.method ?? '', path, headers: req.headers, body })
      const known = path === '/v1/chat/completions' || path === '/v1/images/generations'
      if (req.method !== 'POST' || !known) {
        return send(res, 404, { error: { message: `unknown endpoint ${path}`, type: 'invalid_request_error' } })
      }
      const reply = queue.shift() ?? options.defaultReply
      await held
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs))
      if (!reply) return send(res, 500, { error: { message: 'no scripted reply', type: 'server_error' } })
      if ('hang' in reply) return // the socket stays open until the client gives up or the server closes
      if ('status' in reply) {
        return send(
          res,
          reply.status,
          { error: { message: reply.message ?? `fake error ${reply.status}`, type: 'fake_error', code: null } },
          reply.headers,
        )
      }
      created++
      if ('chat' in reply) {
        if (path !== '/v1/chat/completions') return send(res, 400, { error: { message: 'a chat reply for images' } })
        return send(res, 200, {
          id: `chatcmpl-${created}`,
          object: 'chat.completion',
          created,
          model: body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: reply.chat, refusal: reply.refusal ?? null },
              finish_reason: reply.finishReason ?? 'stop',
              logprobs: null,
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        })
      }
      if (path !== '/v1/images/generations') return send(res, 400, { error: { message: 'an image reply for chat' } })
      return send(res, 200, {
        created,
        data: [
          {
            ...(reply.image.b64 ? { b64_json: reply.image.b64.toString('base64') } : {}),
            ...(reply.image.url ? { url: reply.image.url } : {}),
          },
        ],
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    baseUrl: `${origin}/v1`,
    origin,
    requests,
    reply: (...replies) => queue.push(...replies),
    serveFile: (name, data, contentType) => files.set(name, { data, contentType }),
    hold() {
      let release!: () => void
      held = new Promise<void>((resolve) => (release = resolve))
      return () => release()
    },
    reset() {
      queue.length = 0
      requests.length = 0
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
