import { request as httpRequest, type ClientRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { ChunkReader, ChunkSource } from './chunk-source'
import type { ChunkPlan, ChunkRange } from './chunks'
import { TiktokError } from './errors'

export type TiktokVideoContentType = 'video/mp4' | 'video/quicktime' | 'video/webm'

export interface UploadFileInput {
  /** The whole `upload_url` from video/init, query string included (tiktok-api.md §3.4). */
  uploadUrl: string
  /** The video's bytes (chunk-source.ts): a file, or a stored object read in ranges. */
  source: ChunkSource
  contentType: TiktokVideoContentType
  /** The plan that video/init was told about (`planChunks(size)`). */
  plan: ChunkPlan
  /** Bytes handed to the network so far (may step back when a chunk is sent again) and the file size. */
  onProgress?: (sentBytes: number, totalBytes: number) => void
  signal?: AbortSignal
}

export interface UploadDeps {
  sleep: (ms: number) => Promise<void>
  /** A chunk attempt is abandoned (and retried) when its connection is idle this long: no byte sent, no answer. */
  timeoutMs: number
}

/** tiktok-api.md §3.4: "5xx — retry this chunk". Three retries after the first attempt, waiting 2 s, 4 s, 8 s. */
export const UPLOAD_RETRIES = 3
export const UPLOAD_BACKOFF_MS = 2_000
/** Four 256 KiB buffers, reused for every read of the upload: the memory an upload needs, whatever the file size. */
const POOL_BUFFERS = 4
const POOL_BUFFER_BYTES = 256 * 1024
const PROGRESS_STEP_BYTES = 1 << 20

type ChunkOutcome = { type: 'answer'; status: number; contentRange: string | null } | { type: 'failed'; error: unknown }

/**
 * Sends a FILE_UPLOAD's chunks in order (tiktok-api.md §3.4, §3.5), each read from its source (a ranged read of media storage) into
 * a small pool of reused buffers and written to the socket (node:http(s), not fetch: a buffer is reused only once the
 * socket has taken it, so the upload neither holds the file nor, read from disk, leaves megabytes of garbage behind). 206 → next chunk; 201 → done; 5xx, 429 and network
 * failures → the same chunk again with back-off; 416 → continue from the offset TikTok reports when it matches a chunk
 * boundary of the plan; 403 → the link expired; 400/404 → refused.
 */
export async function uploadFile(deps: UploadDeps, input: UploadFileInput): Promise<void> {
  const { plan } = input
  assertPlan(plan)
  const url = new URL(input.uploadUrl)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RangeError('upload_url must be http(s)')
  if ((await input.source.size()) !== plan.videoSize) throw new TiktokError({ code: 'video_file_changed' })
  await sendChunks(deps, input, url)
}

async function sendChunks(deps: UploadDeps, input: UploadFileInput, url: URL): Promise<void> {
  const { plan } = input
  let pool = newPool()

  let index = 0
  let retries = 0
  let resumes = 0
  /** Same chunk again after a pause; false once the retries are spent. */
  const backOff = async () => {
    if (retries >= UPLOAD_RETRIES) return false
    await deps.sleep(UPLOAD_BACKOFF_MS * 2 ** retries)
    retries++
    return true
  }
  while (index < plan.ranges.length) {
    input.signal?.throwIfAborted()
    const range = plan.ranges[index]
    if (!range) break
    const sent = await sendChunk({ url, range, pool, timeoutMs: deps.timeoutMs, input })
    if (input.signal?.aborted) throw input.signal.reason
    // A buffer of an interrupted attempt may still be referenced by its dead socket: never reuse it.
    if (!sent.poolReusable) pool = newPool()
    const { outcome } = sent

    if (outcome.type === 'failed' || outcome.status >= 500 || outcome.status === 429) {
      if (await backOff()) continue
      throw new TiktokError({
        code: 'upload_failed',
        ...(outcome.type === 'answer' ? { httpStatus: outcome.status } : { cause: outcome.error }),
      })
    }

    const { status } = outcome
    const last = index === plan.ranges.length - 1
    // tiktok-api.md §3.4 documents 201 for the end of the upload; a 200 is taken as the same only for the last chunk.
    if (status === 201 || (status === 200 && last)) {
      input.onProgress?.(plan.videoSize, plan.videoSize)
      return
    }
    if (status === 206) {
      if (last) {
        // TikTok still expects bytes after the last planned chunk: its view of the upload differs from the plan.
        throw new TiktokError({ code: 'upload_range_mismatch', httpStatus: status })
      }
      input.onProgress?.(range.end + 1, plan.videoSize)
      index++
      retries = 0
      continue
    }
    if (status === 416) {
      const resumeAt = resumeOffset(outcome.contentRange, plan)
      if (resumeAt === undefined || resumes >= plan.totalChunkCount + UPLOAD_RETRIES) {
        throw new TiktokError({ code: 'upload_range_mismatch', httpStatus: status })
      }
      resumes++
      if (resumeAt === plan.videoSize) {
        // TikTok already holds every byte (e.g. the 201 of the last chunk was lost on the way back).
        input.onProgress?.(plan.videoSize, plan.videoSize)
        return
      }
      const resumeIndex = plan.ranges.findIndex((r) => r.start === resumeAt)
      if (resumeIndex === index) {
        // TikTok wants the very chunk it refused: typically an abandoned attempt of it is still being received.
        if (await backOff()) continue
        throw new TiktokError({ code: 'upload_range_mismatch', httpStatus: status })
      }
      index = resumeIndex
      retries = 0
      continue
    }
    if (status === 403) throw new TiktokError({ code: 'upload_url_expired', httpStatus: status })
    if (status === 404) throw new TiktokError({ code: 'upload_not_found', httpStatus: status })
    throw new TiktokError({ code: 'upload_bad_request', httpStatus: status })
  }
  throw new TiktokError({ code: 'upload_range_mismatch' })
}

function assertPlan(plan: ChunkPlan): void {
  let expected = 0
  for (const range of plan.ranges) {
    if (range.start !== expected || range.end < range.start) {
      throw new RangeError('chunk plan ranges are not contiguous')
    }
    expected = range.end + 1
  }
  if (expected !== plan.videoSize || plan.ranges.length !== plan.totalChunkCount || plan.ranges.length === 0) {
    throw new RangeError('chunk plan does not cover the video')
  }
}

/**
 * tiktok-api.md §3.4: on 416 TikTok reports `Content-Range: bytes 0-{UPLOADED_BYTES}/{TOTAL}`; whether the number is a count or the
 * last inclusive index is UNCONFIRMED. Chunk boundaries are ≥ 5 MB apart, so at most one reading lands on a boundary
 * of our plan (or on the end of the file): that is where we continue. An answer without a range (an asterisk before
 * `/{TOTAL}`, RFC 9110 §14.4) means nothing was received yet: start again at 0. Anything else is inconsistent.
 */
export function resumeOffset(contentRange: string | null, plan: ChunkPlan): number | undefined {
  const header = contentRange?.trim() ?? ''
  const nothing = /^bytes\s+\*\/(\d+)$/i.exec(header)
  if (nothing) return Number(nothing[1]) === plan.videoSize ? 0 : undefined
  const match = /^bytes\s+(\d+)-(\d+)\/(\d+|\*)$/i.exec(header)
  if (!match) return undefined
  const [, first, last, total] = match
  if (Number(first) !== 0 || (total !== '*' && Number(total) !== plan.videoSize)) return undefined
  const lastByte = Number(last)
  for (const candidate of [lastByte + 1, lastByte]) {
    if (candidate === plan.videoSize || plan.ranges.some((r) => r.start === candidate)) return candidate
  }
  return undefined
}

function newPool(): Buffer[] {
  return Array.from({ length: POOL_BUFFERS }, () => Buffer.allocUnsafeSlow(POOL_BUFFER_BYTES))
}

interface ChunkAttempt {
  url: URL
  range: ChunkRange
  pool: Buffer[]
  timeoutMs: number
  input: UploadFileInput
}

/** One PUT of one chunk. Settles with TikTok's answer or the failure, once the body pump has stopped. */
function sendChunk(attempt: ChunkAttempt): Promise<{ outcome: ChunkOutcome; poolReusable: boolean }> {
  const { url, range, input } = attempt
  const length = range.end - range.start + 1
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  const request = send(url, {
    method: 'PUT',
    headers: {
      'Content-Type': input.contentType,
      'Content-Length': String(length),
      'Content-Range': `bytes ${range.start}-${range.end}/${input.plan.videoSize}`,
    },
    // Idle timeout of the socket: fires only when nothing moves in either direction for this long.
    timeout: attempt.timeoutMs,
    ...(input.signal ? { signal: input.signal } : {}),
  })
  const closed = new Promise<void>((resolve) => request.once('close', () => resolve()))
  let sent = 0
  let reported = 0
  const pumped = pumpBody(request, attempt, length, closed, (bytes) => {
    sent += bytes
    if (input.onProgress && (sent - reported >= PROGRESS_STEP_BYTES || sent === length)) {
      reported = sent
      input.onProgress(range.start + sent, input.plan.videoSize)
    }
  })

  return new Promise((resolve) => {
    let settled = false
    const settle = (outcome: ChunkOutcome) => {
      if (settled) return
      settled = true
      void pumped.then((poolReusable) => resolve({ outcome, poolReusable }))
    }
    request.on('timeout', () => request.destroy(new Error(`upload chunk idle for ${attempt.timeoutMs} ms`)))
    request.on('error', (error) => {
      settle({ type: 'failed', error })
    })
    request.on('response', (response) => {
      response.on('error', (error) => settle({ type: 'failed', error }))
      response.on('end', () => {
        // TikTok may answer before the whole body went out (e.g. 403, 416): that connection cannot be reused.
        if (!request.writableEnded) request.destroy()
        settle({
          type: 'answer',
          status: response.statusCode ?? 0,
          contentRange: response.headers['content-range'] ?? null,
        })
      })
      // The answer's body is small (or empty): read and discard it so the connection can be reused.
      response.resume()
    })
  })
}

/**
 * Reads the chunk from its source into the pool's buffers in turn and writes them out; a buffer is read into again
 * only after the socket reported it written. Resolves true when the whole chunk went out (the pool is free again),
 * false when the request ended early. The source's range is closed (a file, or a ranged GET aborted) whatever happens.
 */
async function pumpBody(
  request: ClientRequest,
  attempt: ChunkAttempt,
  length: number,
  closed: Promise<void>,
  onBytes: (bytes: number) => void,
): Promise<boolean> {
  const { pool, range, input } = attempt
  const written: (Promise<void> | undefined)[] = pool.map(() => undefined)
  let offset = 0
  let slot = 0
  let reader: ChunkReader | undefined
  try {
    reader = input.source.open(range)
    while (offset < length) {
      const buffer = pool[slot]
      if (!buffer) return false
      const previous = written[slot]
      if (previous) await Promise.race([previous, closed])
      if (request.destroyed) return false
      const bytesRead = await reader.read(buffer, Math.min(buffer.length, length - offset))
      if (request.destroyed) return false
      if (bytesRead === 0) {
        request.destroy(new Error('the file ended before the chunk did'))
        return false
      }
      offset += bytesRead
      onBytes(bytesRead)
      written[slot] = new Promise<void>((resolve) => request.write(buffer.subarray(0, bytesRead), () => resolve()))
      slot = (slot + 1) % pool.length
    }
    await Promise.race([Promise.all(written), closed])
    if (request.destroyed) return false
    request.end()
    return true
  } catch (error) {
    request.destroy(error instanceof Error ? error : new Error(String(error)))
    return false
  } finally {
    await reader?.close().catch(() => undefined)
  }
}
