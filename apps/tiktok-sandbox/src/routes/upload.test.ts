import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { request } from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxOf } from '../app'
import { startSandbox } from '../server'
import {
  ADMIN,
  connect,
  fetchStatus,
  fileSource,
  init,
  mp4Bytes,
  postInfo,
  TestClock,
  testClient,
} from '../testing/harness'

/** Real HTTP (startSandbox on port 0): chunk bodies are streamed, so they are sent over a socket here. */
const clock = new TestClock()
let sandbox: Awaited<ReturnType<typeof startSandbox>>
let token: string

beforeAll(async () => {
  sandbox = await startSandbox({ clients: [testClient()], now: clock.now, port: 0 })
  token = (await connect(sandbox.app)).accessToken
})
afterAll(async () => {
  await sandbox.close()
})

async function newUpload(videoSize: number, chunkSize = videoSize, count = 1) {
  clock.advance(10_001) // stay under 6 inits per minute
  const res = await init(sandbox.app, token, {
    post_info: postInfo(),
    source_info: fileSource(videoSize, chunkSize, count),
  })
  expect(res.statusCode).toBe(200)
  return res.json().data as { publish_id: string; upload_url: string }
}

function put(url: string, body: Uint8Array, headers: Record<string, string>) {
  return fetch(url, { method: 'PUT', body, headers: { 'content-type': 'video/mp4', ...headers } })
}

function range(first: number, last: number, total: number) {
  return { 'content-range': `bytes ${first}-${last}/${total}` }
}

async function status(publishId: string) {
  const res = await sandbox.app.inject({
    method: 'GET',
    url: `/sandbox/admin/publishes/${encodeURIComponent(publishId)}`,
    headers: ADMIN,
  })
  return res.json().publish as { status: string; received_bytes: number; fileName: string; fail_reason: string | null }
}

describe('PUT upload_url', () => {
  it('builds upload_url on the bound address', async () => {
    const { upload_url } = await newUpload(1000)
    expect(upload_url.startsWith(`${sandbox.url}/upload/?upload_id=`)).toBe(true)
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('takes the worked example of tiktok-api.md §3.4: 50,000,123 B in five chunks → 206, 206, 206, 206, 201', async () => {
    const total = 50_000_123
    const bytes = mp4Bytes(total)
    for (let i = 0; i < total; i += 4096) bytes[i] = i % 251
    bytes.write('ftypisom', 4, 'latin1')
    const { publish_id, upload_url } = await newUpload(total, 10_000_000, 5)
    const ranges = [
      [0, 9_999_999],
      [10_000_000, 19_999_999],
      [20_000_000, 29_999_999],
      [30_000_000, 39_999_999],
      [40_000_000, 50_000_122],
    ] as const
    const statuses: number[] = []
    for (const [first, last] of ranges) {
      const res = await put(upload_url, bytes.subarray(first, last + 1), range(first, last, total))
      statuses.push(res.status)
      expect(res.headers.get('content-range')).toBe(`bytes 0-${last}/${total}`)
    }
    expect(statuses).toEqual([206, 206, 206, 206, 201])
    const record = await status(publish_id)
    expect(record).toMatchObject({ status: 'PROCESSING_UPLOAD', received_bytes: total })
    const stored = await readFile(path.join(sandboxOf(sandbox.app).filesDir, record.fileName))
    expect(createHash('sha256').update(stored).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'))
  })

  it('takes a whole 4 MiB video in one PUT → 201', async () => {
    const { upload_url } = await newUpload(4_194_304)
    const res = await put(upload_url, mp4Bytes(4_194_304), range(0, 4_194_303, 4_194_304))
    expect(res.status).toBe(201)
  })

  it('416 for a range that does not follow the progress, with the progress in Content-Range', async () => {
    const total = 11 * 1024 * 1024
    const chunk = 5 * 1024 * 1024
    const bytes = mp4Bytes(total)
    const { upload_url } = await newUpload(total, chunk, 2)
    const skipAhead = await put(upload_url, bytes.subarray(chunk), range(chunk, total - 1, total))
    expect(skipAhead.status).toBe(416)
    expect(skipAhead.headers.get('content-range')).toBe(`bytes */${total}`)

    expect((await put(upload_url, bytes.subarray(0, chunk), range(0, chunk - 1, total))).status).toBe(206)
    const repeat = await put(upload_url, bytes.subarray(0, chunk), range(0, chunk - 1, total))
    expect(repeat.status).toBe(416)
    expect(repeat.headers.get('content-range')).toBe(`bytes 0-${chunk - 1}/${total}`)
    // A final chunk split differently from chunk_size, or a wrong total, is also out of step.
    const short = await put(upload_url, bytes.subarray(chunk, total - 1), range(chunk, total - 2, total))
    expect(short.status).toBe(416)
    const wrongTotal = await put(upload_url, bytes.subarray(chunk), range(chunk, total - 1, total + 1))
    expect(wrongTotal.status).toBe(416)

    expect((await put(upload_url, bytes.subarray(chunk), range(chunk, total - 1, total))).status).toBe(201)
    const after = await put(upload_url, bytes.subarray(chunk), range(chunk, total - 1, total))
    expect(after.status).toBe(416)
    expect(after.headers.get('content-range')).toBe(`bytes 0-${total - 1}/${total}`)
  })

  it('400 for malformed headers', async () => {
    const { upload_url } = await newUpload(1000)
    const body = mp4Bytes(1000)
    const wrongType = await put(upload_url, body, {
      ...range(0, 999, 1000),
      'content-type': 'application/octet-stream',
    })
    expect(wrongType.status).toBe(400)
    const noRange = await put(upload_url, body, {})
    expect(noRange.status).toBe(400)
    const badRange = await put(upload_url, body, { 'content-range': 'bytes=0-999' })
    expect(badRange.status).toBe(400)
    expect(await badRange.json()).toMatchObject({ data: {}, error: { code: 'invalid_params' } })
    // None of the refused attempts counted.
    expect((await put(upload_url, body, range(0, 999, 1000))).status).toBe(201)
  })

  it('400 when Content-Length differs from the range size, and without Content-Length', async () => {
    const total = 11 * 1024 * 1024
    const chunk = 5 * 1024 * 1024
    const { upload_url } = await newUpload(total, chunk, 2)
    const tooShort = await put(upload_url, mp4Bytes(chunk - 1), range(0, chunk - 1, total))
    expect(tooShort.status).toBe(400)
    const body = mp4Bytes(chunk)
    const chunked = await fetch(upload_url, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4', ...range(0, chunk - 1, total) },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(body)
          controller.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(chunked.status).toBe(400)
    expect(await chunked.json()).toMatchObject({
      error: { code: 'invalid_params', message: 'Content-Length is required' },
    })
    // The failed attempts did not move the progress.
    expect((await put(upload_url, body, range(0, chunk - 1, total))).status).toBe(206)
  })

  it('404 for an unknown upload or a wrong token; 403 once the URL is older than an hour', async () => {
    const { upload_url } = await newUpload(1000)
    const url = new URL(upload_url)
    const body = mp4Bytes(1000)
    const unknown = await put(`${sandbox.url}/upload/?upload_id=nope&upload_token=nope`, body, range(0, 999, 1000))
    expect(unknown.status).toBe(404)
    url.searchParams.set('upload_token', 'wrong')
    expect((await put(url.toString(), body, range(0, 999, 1000))).status).toBe(404)

    clock.advance(60 * 60_000)
    const expired = await put(upload_url, body, range(0, 999, 1000))
    expect(expired.status).toBe(403)
    token = (await connect(sandbox.app)).accessToken
  })

  it('streams the body to disk as it arrives (never buffers a whole chunk) and refuses a concurrent chunk', async () => {
    const total = 11 * 1024 * 1024
    const chunk = 5 * 1024 * 1024
    const bytes = mp4Bytes(total)
    const { publish_id, upload_url } = await newUpload(total, chunk, 2)
    const url = new URL(upload_url)
    const answer = new Promise<number>((resolve, reject) => {
      const req = request(
        url,
        {
          method: 'PUT',
          headers: { 'content-type': 'video/mp4', 'content-length': chunk, ...range(0, chunk - 1, total) },
        },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.on('error', reject)
      req.write(bytes.subarray(0, 3 * 1024 * 1024))
      // Send the rest only once the first 3 MiB are on disk: a buffering server would never get there.
      const file = async () => path.join(sandboxOf(sandbox.app).filesDir, (await status(publish_id)).fileName)
      const waitForDisk = async () => {
        for (let i = 0; i < 500; i++) {
          const size = await stat(await file()).then(
            (s) => s.size,
            () => 0,
          )
          if (size >= 3 * 1024 * 1024) return
          await new Promise((r) => setTimeout(r, 10))
        }
        throw new Error('the first bytes never reached the disk')
      }
      waitForDisk()
        .then(async () => {
          const concurrent = await put(upload_url, bytes.subarray(0, chunk), range(0, chunk - 1, total))
          expect(concurrent.status).toBe(416)
          req.end(bytes.subarray(3 * 1024 * 1024, chunk))
        })
        .catch((error: unknown) => {
          req.destroy()
          reject(error instanceof Error ? error : new Error(String(error)))
        })
    })
    expect(await answer).toBe(206)
  })

  it('500 when server errors are injected, then accepts the retried chunk', async () => {
    const { upload_url } = await newUpload(1000)
    const body = mp4Bytes(1000)
    await sandbox.app.inject({
      method: 'PUT',
      url: '/sandbox/admin/faults',
      headers: ADMIN,
      payload: { server_error_rate: 1, paths: ['/upload/'] },
    })
    expect((await put(upload_url, body, range(0, 999, 1000))).status).toBe(500)
    await sandbox.app.inject({ method: 'DELETE', url: '/sandbox/admin/faults', headers: ADMIN })
    expect((await put(upload_url, body, range(0, 999, 1000))).status).toBe(201)
  })

  describe('an upload resumed after the client died (ADR 019)', () => {
    const chunk = 5 * 1024 * 1024
    const total = 16 * 1024 * 1024
    const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

    /** Starts a PUT of `range`, sends `sent` bytes of it, and vanishes (as a killed process's socket does). */
    async function vanishMidChunk(url: string, bytes: Uint8Array, first: number, last: number, sent: number) {
      const req = request(new URL(url), {
        method: 'PUT',
        headers: { 'content-type': 'video/mp4', 'content-length': last - first + 1, ...range(first, last, total) },
      })
      req.on('error', () => undefined)
      await new Promise<void>((resolve) => req.write(bytes.subarray(first, first + sent), () => resolve()))
      await new Promise((r) => setTimeout(r, 100))
      req.destroy()
    }

    it('keeps the progress of whole chunks, tells a client starting over where it got to (416), and completes', async () => {
      const bytes = mp4Bytes(total)
      for (let i = 0; i < total; i += 4096) bytes[i] = (i / 4096) % 251
      const { publish_id, upload_url } = await newUpload(total, chunk, 3)
      expect((await put(upload_url, bytes.subarray(0, chunk), range(0, chunk - 1, total))).status).toBe(206)
      await vanishMidChunk(upload_url, bytes, chunk, 2 * chunk - 1, 2 * 1024 * 1024)

      // The resumed client sends its plan from the first chunk: TikTok says it has the first one only. (While the dead
      // connection is being cleaned up it may say "another chunk is being received": also 416, same progress.)
      const restart = await put(upload_url, bytes.subarray(0, chunk), range(0, chunk - 1, total))
      expect(restart.status).toBe(416)
      expect(restart.headers.get('content-range')).toBe(`bytes 0-${chunk - 1}/${total}`)
      expect((await status(publish_id)).received_bytes).toBe(chunk)

      let second = 0
      for (let i = 0; i < 50 && second !== 206; i++) {
        second = (await put(upload_url, bytes.subarray(chunk, 2 * chunk), range(chunk, 2 * chunk - 1, total))).status
        if (second !== 206) await new Promise((r) => setTimeout(r, 50))
      }
      expect(second).toBe(206)
      const last = await put(upload_url, bytes.subarray(2 * chunk), range(2 * chunk, total - 1, total))
      expect(last.status).toBe(201)
      // The half chunk of the dead client was written over: the file is exactly what was sent.
      const file = path.join(sandboxOf(sandbox.app).filesDir, (await status(publish_id)).fileName)
      expect(sha(await readFile(file))).toBe(sha(bytes))
    })

    it('once its link expired, an unfinished upload is refused (403) and never completes', async () => {
      const bytes = mp4Bytes(total)
      const { publish_id, upload_url } = await newUpload(total, chunk, 3)
      expect((await put(upload_url, bytes.subarray(0, chunk), range(0, chunk - 1, total))).status).toBe(206)
      clock.advance(60 * 60_000)
      const expired = await put(upload_url, bytes.subarray(chunk, 2 * chunk), range(chunk, 2 * chunk - 1, total))
      expect(expired.status).toBe(403)
      expect(await expired.json()).toMatchObject({ error: { code: 'upload_url_expired' } })
      // Its status shows the bytes TikTok has, fewer than the video: this publish can never be posted.
      const answer = await fetchStatus(sandbox.app, token, publish_id)
      expect(answer.statusCode).toBe(200)
      expect(answer.json().data).toMatchObject({ status: 'PROCESSING_UPLOAD', uploaded_bytes: chunk })
      token = (await connect(sandbox.app)).accessToken
    })

    it('a client that falls silent mid-chunk without closing its connection is dropped, and the chunk can be sent again', async () => {
      const quiet = await startSandbox({ clients: [testClient()], port: 0, uploadIdleTimeoutMs: 300 })
      try {
        const quietToken = (await connect(quiet.app)).accessToken
        const created = await init(quiet.app, quietToken, {
          post_info: postInfo(),
          source_info: fileSource(total, chunk, 3),
        })
        const { upload_url } = created.json().data as { upload_url: string }
        const bytes = mp4Bytes(total)
        const silent = request(new URL(upload_url), {
          method: 'PUT',
          headers: { 'content-type': 'video/mp4', 'content-length': chunk, ...range(0, chunk - 1, total) },
        })
        const dropped = new Promise<string>((resolve) => {
          silent.on('error', (error) => resolve(error.message))
          silent.on('response', (res) => resolve(`answered ${res.statusCode}`))
        })
        silent.write(bytes.subarray(0, 1024 * 1024))
        // Never ends, never closes: only the sandbox can end it.
        expect(await dropped).toMatch(/socket hang up|ECONNRESET/)
        expect((await put(upload_url, bytes.subarray(0, chunk), range(0, chunk - 1, total))).status).toBe(206)
      } finally {
        await quiet.close()
      }
    })
  })
})
