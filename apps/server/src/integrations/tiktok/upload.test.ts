import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChunkPlan } from './chunks'
import { TiktokError } from './errors'
import { createTiktokClient } from './tiktok-client'
import { createFakeClock } from './testing/fake-fetch'
import { startUploadServer, type UploadServer } from './testing/upload-server'
import { fileChunkSource, streamChunkSource, type ChunkSource } from './chunk-source'
import { resumeOffset } from './upload'

const dir = mkdtempSync(path.join(tmpdir(), 'tiktok-upload-unit-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** 30 bytes 'A'..'^' and a plan of three 10-byte chunks (real plans use ≥ 10 MB; the logic is the same). */
const content = Buffer.from(Array.from({ length: 30 }, (_, i) => 65 + i))
const filePath = path.join(dir, 'video.mp4')
writeFileSync(filePath, content)
const plan: ChunkPlan = {
  videoSize: 30,
  chunkSize: 10,
  totalChunkCount: 3,
  ranges: [
    { start: 0, end: 9 },
    { start: 10, end: 19 },
    { start: 20, end: 29 },
  ],
}

const status = (code: number, headers: Record<string, string> = {}) => ({ status: code, headers })

let server: UploadServer
beforeEach(async () => {
  server = await startUploadServer()
})
afterEach(() => server.close())

function setup(timeoutMs = 1_000, source: ChunkSource = fileChunkSource(filePath)) {
  const clock = createFakeClock()
  const client = createTiktokClient({
    apiBase: 'https://api.test',
    authBase: 'https://auth.test',
    clientKey: 'k',
    clientSecret: 's',
    redirectUri: 'https://app.test/cb',
    now: clock.now,
    sleep: clock.sleep,
    timeoutMs,
  })
  // Same shape as the fake fetch of the API tests: `answer` scripts, `calls` records (headers, body as text).
  const fake = {
    answer: server.answer,
    get calls() {
      return server.calls.map((c) => ({
        method: c.method,
        url: `${server.url}${c.url}`,
        headers: c.headers as Record<string, string>,
        body: c.body.toString('latin1'),
      }))
    },
  }
  const upload = (extra: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } = {}) =>
    client.uploadFile({
      uploadUrl: `${server.url}/video/?upload_id=1&t=x`,
      source,
      contentType: 'video/mp4',
      plan,
      ...extra,
    })
  return { fake, clock, upload }
}

async function caught(promise: Promise<unknown>): Promise<TiktokError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(TiktokError)
  return error as TiktokError
}

describe('uploadFile', () => {
  it('PUTs each range in order with the documented headers and bytes: 206, 206, 201', async () => {
    const { fake, upload } = setup()
    fake.answer(status(206), status(206), status(201))
    const progress: number[] = []
    await upload({ onProgress: (sent, total) => progress.push(sent / total) })
    expect(fake.calls.map((c) => [c.method, c.url])).toEqual(
      Array(3).fill(['PUT', `${server.url}/video/?upload_id=1&t=x`]),
    )
    expect(fake.calls.map((c) => c.headers['content-range'])).toEqual([
      'bytes 0-9/30',
      'bytes 10-19/30',
      'bytes 20-29/30',
    ])
    expect(fake.calls.map((c) => c.headers['content-length'])).toEqual(['10', '10', '10'])
    expect(fake.calls.every((c) => c.headers['content-type'] === 'video/mp4')).toBe(true)
    expect(fake.calls.map((c) => c.body).join('')).toBe(content.toString())
    expect(progress.at(-1)).toBe(1)
  })

  it('retries a chunk after 5xx and network errors with 2 s × 2^attempt back-off', async () => {
    const { fake, clock, upload } = setup()
    fake.answer(status(206), status(503), 'drop', status(206), status(201))
    await upload()
    expect(fake.calls.map((c) => c.headers['content-range'])).toEqual([
      'bytes 0-9/30',
      'bytes 10-19/30',
      'bytes 10-19/30',
      'bytes 10-19/30',
      'bytes 20-29/30',
    ])
    expect(clock.sleeps).toEqual([2_000, 4_000])
  })

  it('gives up as transient after 3 retries of the same chunk', async () => {
    const { fake, clock, upload } = setup()
    fake.answer(status(500), status(502), status(503), status(504))
    expect(await caught(upload())).toMatchObject({ kind: 'transient', code: 'upload_failed', httpStatus: 504 })
    expect(clock.sleeps).toEqual([2_000, 4_000, 8_000])
    expect(fake.calls).toHaveLength(4)
  })

  it('retries a chunk that stalls past timeoutMs', async () => {
    const { fake, upload } = setup(30)
    fake.answer('hang', status(206), status(206), status(201))
    await upload()
    expect(fake.calls).toHaveLength(4)
    expect(fake.calls.map((c) => c.headers['content-range'])).toEqual([
      'bytes 0-9/30',
      'bytes 0-9/30',
      'bytes 10-19/30',
      'bytes 20-29/30',
    ])
  })

  it('after 416 resumes from the offset TikTok reports (inclusive-index reading)', async () => {
    const { fake, upload } = setup()
    // The first chunk's 206 was lost: the retry finds TikTok already past it, and past the second one too.
    fake.answer('drop', status(416, { 'content-range': 'bytes 0-19/30' }), status(201))
    await upload()
    expect(fake.calls.map((c) => c.headers['content-range'])).toEqual([
      'bytes 0-9/30',
      'bytes 0-9/30',
      'bytes 20-29/30',
    ])
  })

  it('after 416 also understands a byte count, and can go back to an earlier chunk', async () => {
    const { fake, upload } = setup()
    fake.answer(status(206), status(206), status(416, { 'content-range': 'bytes 0-10/30' }), status(206), status(201))
    await upload()
    expect(fake.calls.map((c) => c.headers['content-range'])).toEqual([
      'bytes 0-9/30',
      'bytes 10-19/30',
      'bytes 20-29/30',
      'bytes 10-19/30',
      'bytes 20-29/30',
    ])
  })

  it('after 416 with everything received it is done', async () => {
    const { fake, upload } = setup()
    fake.answer(status(206), status(206), status(416, { 'content-range': 'bytes 0-29/30' }))
    await upload()
    expect(fake.calls).toHaveLength(3)
  })

  it('after 416 with no range held (bytes */total) starts again from byte 0', async () => {
    const { fake, upload } = setup()
    fake.answer(status(206), status(416, { 'content-range': 'bytes */30' }), status(206), status(206), status(201))
    await upload()
    expect(fake.calls.map((c) => c.headers['content-range'])).toEqual([
      'bytes 0-9/30',
      'bytes 10-19/30',
      'bytes 0-9/30',
      'bytes 10-19/30',
      'bytes 20-29/30',
    ])
  })

  it('a 416 asking for the chunk just sent (an abandoned attempt still arriving) is retried with back-off', async () => {
    const { fake, clock, upload } = setup()
    const busy = () => status(416, { 'content-range': 'bytes 0-9/30' })
    fake.answer(status(206), busy(), busy(), status(206), status(201))
    await upload()
    expect(clock.sleeps).toEqual([2_000, 4_000])
    expect(fake.calls.map((c) => c.headers['content-range'])).toEqual([
      'bytes 0-9/30',
      'bytes 10-19/30',
      'bytes 10-19/30',
      'bytes 10-19/30',
      'bytes 20-29/30',
    ])

    const stuck = setup()
    stuck.fake.answer(status(206), busy(), busy(), busy(), busy())
    expect(await caught(stuck.upload())).toMatchObject({ kind: 'rejected', code: 'upload_range_mismatch' })
    expect(stuck.clock.sleeps).toEqual([2_000, 4_000, 8_000])
  })

  it('rejects a 416 whose Content-Range is missing or inconsistent', async () => {
    for (const header of [undefined, 'bytes 0-14/30', 'bytes 0-9/31', 'bytes 5-9/30', 'bytes */31']) {
      const { fake, upload } = setup()
      fake.answer(status(416, header ? { 'content-range': header } : {}))
      expect(await caught(upload())).toMatchObject({ kind: 'rejected', code: 'upload_range_mismatch', httpStatus: 416 })
    }
  })

  it('maps 403 to an expired link and 404/400 to rejections', async () => {
    const cases: [number, string][] = [
      [403, 'upload_url_expired'],
      [404, 'upload_not_found'],
      [400, 'upload_bad_request'],
    ]
    for (const [code, expected] of cases) {
      const { fake, upload } = setup()
      fake.answer(status(206), status(code))
      const error = await caught(upload())
      expect(error).toMatchObject({ kind: 'rejected', code: expected, httpStatus: code })
      if (code === 403) expect(error.message).toMatch(/^The upload link expired/)
    }
  })

  it('rejects a 206 for the last chunk (TikTok expects more than the plan holds)', async () => {
    const { fake, upload } = setup()
    fake.answer(status(206), status(206), status(206))
    expect(await caught(upload())).toMatchObject({ kind: 'rejected', code: 'upload_range_mismatch' })
  })

  it('refuses when the file no longer matches the plan', async () => {
    const { fake, clock } = setup()
    const client = createTiktokClient({
      apiBase: 'https://api.test',
      authBase: 'https://auth.test',
      clientKey: 'k',
      clientSecret: 's',
      redirectUri: 'https://app.test/cb',
      now: clock.now,
      sleep: clock.sleep,
    })
    const run = client.uploadFile({
      uploadUrl: `${server.url}/x`,
      source: fileChunkSource(filePath),
      contentType: 'video/mp4',
      plan: { ...plan, videoSize: 31, ranges: [...plan.ranges.slice(0, 2), { start: 20, end: 30 }] },
    })
    expect(await caught(run)).toMatchObject({ kind: 'rejected', code: 'video_file_changed' })
    expect(fake.calls).toHaveLength(0)
  })

  it("stops on the caller's abort without retrying", async () => {
    const { fake, clock, upload } = setup()
    const controller = new AbortController()
    fake.answer(status(206), 'hang')
    const run = upload({
      signal: controller.signal,
      onProgress: (sent) => {
        if (sent === 20) setTimeout(() => controller.abort(new Error('post deleted')), 20)
      },
    })
    await expect(run).rejects.toThrow('post deleted')
    expect(fake.calls).toHaveLength(2)
    expect(clock.sleeps).toEqual([])
  })

  it('streams a large chunk through a fixed pool of buffers, byte for byte', async () => {
    const bigPath = path.join(dir, 'big.bin')
    const big = Buffer.alloc(3 * 1024 * 1024 + 7)
    for (let i = 0; i < big.length; i++) big[i] = (i * 31) & 0xff
    writeFileSync(bigPath, big)
    const { clock } = setup()
    const client = createTiktokClient({
      apiBase: 'https://api.test',
      authBase: 'https://auth.test',
      clientKey: 'k',
      clientSecret: 's',
      redirectUri: 'https://app.test/cb',
      now: clock.now,
      sleep: clock.sleep,
    })
    server.answer(status(201))
    await client.uploadFile({
      uploadUrl: `${server.url}/big`,
      source: fileChunkSource(bigPath),
      contentType: 'video/webm',
      plan: {
        videoSize: big.length,
        chunkSize: big.length,
        totalChunkCount: 1,
        ranges: [{ start: 0, end: big.length - 1 }],
      },
    })
    expect(server.calls[0]?.body.equals(big)).toBe(true)
    expect(server.calls[0]?.headers['content-type']).toBe('video/webm')
  })
})

describe('resumeOffset', () => {
  it('accepts only offsets on a chunk boundary or the end of the file', () => {
    expect(resumeOffset('bytes 0-9/30', plan)).toBe(10)
    expect(resumeOffset('bytes 0-10/30', plan)).toBe(10)
    expect(resumeOffset('bytes 0-29/*', plan)).toBe(30)
    expect(resumeOffset('bytes 0-0/30', plan)).toBe(0)
    expect(resumeOffset('bytes */30', plan)).toBe(0)
    expect(resumeOffset('bytes */29', plan)).toBeUndefined()
    expect(resumeOffset('bytes 0-3/30', plan)).toBeUndefined()
    expect(resumeOffset('garbage', plan)).toBeUndefined()
    expect(resumeOffset(null, plan)).toBeUndefined()
  })
})

/**
 * A stored object read in ranges (S3's ranged GETs) in 3-byte pieces: every range asked for, and whether each stream
 * was let go. `fault` may end or break the stream of one read.
 */
function rangedSource(fault?: (read: number) => 'error' | 'short' | undefined) {
  const reads: string[] = []
  const streams: Readable[] = []
  const source = streamChunkSource({
    size: async () => content.length,
    read: (range) => {
      reads.push(`${range.start}-${range.end}`)
      const kind = fault?.(reads.length)
      const bytes = content.subarray(range.start, kind === 'short' ? range.end - 2 : range.end + 1)
      const pieces = Array.from({ length: Math.ceil(bytes.length / 3) }, (_, i) => bytes.subarray(i * 3, i * 3 + 3))
      const stream = Readable.from(
        (function* () {
          for (const [i, piece] of pieces.entries()) {
            if (kind === 'error' && i === 1) throw new Error('connection reset by the bucket')
            yield piece
          }
        })(),
        { objectMode: false },
      )
      streams.push(stream)
      return stream
    },
  })
  return { source, reads, streams }
}

describe('uploadFile from a stream of each range (S3)', () => {
  it('sends the exact bytes, reading each chunk’s range once, and lets every stream go', async () => {
    const ranged = rangedSource()
    const { fake, upload } = setup(1_000, ranged.source)
    fake.answer(status(206), status(206), status(201))
    await upload()
    expect(fake.calls.map((c) => c.body).join('')).toBe(content.toString())
    expect(ranged.reads).toEqual(['0-9', '10-19', '20-29'])
    expect(ranged.streams.every((s) => s.destroyed)).toBe(true)
  })

  it('reads the range again for every retry of a chunk', async () => {
    const ranged = rangedSource()
    const { fake, upload } = setup(1_000, ranged.source)
    fake.answer(status(206), status(503), 'drop', status(206), status(201))
    await upload()
    expect(ranged.reads).toEqual(['0-9', '10-19', '10-19', '10-19', '20-29'])
    expect(fake.calls.map((c) => c.body)).toEqual([
      content.subarray(0, 10).toString(),
      ...fake.calls.slice(1, 4).map(() => content.subarray(10, 20).toString()),
      content.subarray(20, 30).toString(),
    ])
  })

  it('retries a chunk whose read broke or came up short, then sends it whole', async () => {
    const ranged = rangedSource((read) => (read === 2 ? 'error' : read === 3 ? 'short' : undefined))
    const { fake, clock, upload } = setup(1_000, ranged.source)
    fake.answer(status(206), status(206), status(201))
    await upload()
    expect(ranged.reads).toEqual(['0-9', '10-19', '10-19', '10-19', '20-29'])
    expect(clock.sleeps).toEqual([2_000, 4_000])
    expect(fake.calls.at(-2)?.body).toBe(content.subarray(10, 20).toString())
    expect(ranged.streams.every((s) => s.destroyed)).toBe(true)
  })

  it('refuses to start when the stored object’s size is not the planned one', async () => {
    const source = streamChunkSource({ size: async () => null, read: () => Readable.from([]) })
    const { upload } = setup(1_000, source)
    expect(await caught(upload())).toMatchObject({ code: 'video_file_changed' })
  })
})
