import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A scripted stand-in for TikTok's upload host in unit tests: each PUT is read to the end, recorded, and answered with
 * the next scripted answer — a status (+ headers), `drop` (the connection is cut, no answer) or `hang` (no answer).
 */
export type UploadAnswer = { status: number; headers?: Record<string, string> } | 'drop' | 'hang'

export interface RecordedUpload {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: Buffer
}

export interface UploadServer {
  url: string
  calls: RecordedUpload[]
  answer(...answers: UploadAnswer[]): void
  close(): Promise<void>
}

export async function startUploadServer(): Promise<UploadServer> {
  const queue: UploadAnswer[] = []
  const calls: RecordedUpload[] = []
  const server = createServer((request, response) => {
    const parts: Buffer[] = []
    request.on('data', (part: Buffer) => parts.push(part))
    request.on('end', () => {
      calls.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(parts),
      })
      const next = queue.shift() ?? { status: 599 }
      if (next === 'hang') return
      if (next === 'drop') {
        request.socket.destroy()
        return
      }
      response.writeHead(next.status, next.headers ?? {})
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    answer: (...answers) => queue.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
