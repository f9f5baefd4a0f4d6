import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type { Sandbox } from '../sandbox'
import type { Publish } from '../state/schema'
import { MAX_VIDEO_BYTES } from './chunk-rules'
import { postId } from './ids'
import { checkMedia } from './media-check'
import { DEFAULT_MAX_DURATION_SEC } from './creators'

export const DAY_MS = 86_400_000
/** tiktok-api.md §4.4 unaudited clients: "up to 5 users to post in a 24 hour window". */
export const UNAUDITED_USER_CAP = 5
/** tiktok-api.md §3.3: "at most 5 pending shares within any 24-hour period". */
export const PENDING_SHARE_CAP = 5

export function filePath(sandbox: Sandbox, publish: Publish): string {
  return path.join(sandbox.filesDir, publish.fileName)
}

/** Direct posts of this creator in the last 24 h, across all clients (the cap is shared, tiktok-api.md §4.4). */
export function directPostsInLastDay(sandbox: Sandbox, openId: string): number {
  const since = sandbox.now() - DAY_MS
  return Object.values(sandbox.state.publishes).filter(
    (p) => p.openId === openId && p.mode === 'direct' && p.createdAt > since,
  ).length
}

export function inboxSharesInLastDay(sandbox: Sandbox, openId: string): number {
  const since = sandbox.now() - DAY_MS
  return Object.values(sandbox.state.publishes).filter(
    (p) => p.openId === openId && p.mode === 'inbox' && p.createdAt > since,
  ).length
}

/** Distinct creators this client posted for in the last 24 h. */
export function activeCreatorsOfClient(sandbox: Sandbox, clientKey: string): Set<string> {
  const since = sandbox.now() - DAY_MS
  const ids = Object.values(sandbox.state.publishes)
    .filter((p) => p.clientKey === clientKey && p.createdAt > since)
    .map((p) => p.openId)
  return new Set(ids)
}

export function uniquePostId(sandbox: Sandbox): string {
  const used = new Set(Object.values(sandbox.state.publishes).map((p) => p.postId))
  let id = postId()
  while (used.has(id)) id = postId()
  return id
}

/**
 * The media is complete (final chunk or download): run the format checks and fix the timeline — processing ends
 * after `processingMs`, and a non-SELF_ONLY direct post becomes public `moderationMs` later (tiktok-api.md §3.7).
 */
export async function finishMedia(sandbox: Sandbox, publish: Publish): Promise<void> {
  const creator = sandbox.creator(publish.openId)
  const check = await checkMedia(filePath(sandbox, publish), {
    ffprobePath: sandbox.config.ffprobePath,
    maxDurationSec: creator?.maxVideoPostDurationSec ?? DEFAULT_MAX_DURATION_SEC,
  })
  const now = sandbox.now()
  publish.probe = check.probe
  publish.failReason = check.failReason ?? publish.failReason
  publish.mediaReadyAt = now
  publish.processedAt = now + sandbox.config.processingMs
  const isPublic =
    publish.mode === 'direct' && publish.failReason === null && publish.postInfo?.privacyLevel !== 'SELF_ONLY'
  publish.publicAt = isPublic
    ? distinctPublicAt(sandbox, publish, publish.processedAt + sandbox.config.moderationMs)
    : null
  publish.stuck = sandbox.faults.current.stuck_processing ?? false
}

/** The Display API pages by time (ms cursor, tiktok-api.md §5.1): one creator's videos never share a timestamp, so none is skipped. */
export function distinctPublicAt(sandbox: Sandbox, publish: Publish, candidate: number): number {
  const taken = new Set(
    Object.values(sandbox.state.publishes)
      .filter((p) => p.openId === publish.openId && p !== publish && p.publicAt !== null)
      .map((p) => p.publicAt),
  )
  let at = candidate
  while (taken.has(at)) at++
  return at
}

class ByteCounter extends Transform {
  bytes = 0
  constructor(
    private readonly limit: number,
    private readonly onProgress?: (bytes: number) => void,
  ) {
    super()
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length
    if (this.bytes > this.limit) {
      callback(new Error('too many bytes'))
      return
    }
    this.onProgress?.(this.bytes)
    callback(null, chunk)
  }
}

/** Streams `source` into `file` starting at `offset`; resolves with the byte count. */
export async function streamToFile(
  source: NodeJS.ReadableStream,
  file: string,
  offset: number,
  limit: number,
  onProgress?: (bytes: number) => void,
): Promise<number> {
  const counter = new ByteCounter(limit, onProgress)
  await pipeline(source, counter, createWriteStream(file, { flags: offset === 0 ? 'w' : 'r+', start: offset }))
  return counter.bytes
}

/**
 * PULL_FROM_URL (tiktok-api.md §3.6): download in the background. Redirects, non-200 answers, network errors and the 1-hour timeout
 * fail with video_pull_failed; a cancel (tiktok-api.md §3.6) aborts with publish_cancelled (set by the cancel route).
 */
export async function runPull(sandbox: Sandbox, publish: Publish): Promise<void> {
  const controller = new AbortController()
  sandbox.pulls.set(publish.publishId, controller)
  const file = filePath(sandbox, publish)
  try {
    const response = await fetch(publish.videoUrl ?? '', {
      redirect: 'manual',
      signal: AbortSignal.any([controller.signal, AbortSignal.timeout(sandbox.config.pullTimeoutMs)]),
    })
    if (response.status !== 200 || !response.body) throw new Error(`pull answered ${response.status}`)
    publish.mimeType = response.headers.get('content-type')?.split(';')[0]?.trim() || null
    const body = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>)
    const bytes = await streamToFile(body, file, 0, MAX_VIDEO_BYTES, (n) => {
      publish.receivedBytes = n
    })
    if (bytes === 0) throw new Error('empty download')
    publish.receivedBytes = bytes
    publish.videoSize = bytes
    await finishMedia(sandbox, publish)
    // A cancel may have landed while the checks ran; it wins.
    if (publish.pullState === 'downloading') publish.pullState = 'done'
  } catch {
    if (publish.pullState === 'downloading') {
      publish.pullState = 'failed'
      publish.failedAt = sandbox.now()
      publish.failReason = 'video_pull_failed'
    }
    await rm(file, { force: true })
  } finally {
    sandbox.pulls.delete(publish.publishId)
    await sandbox.save()
  }
}

/** After a restart no download is running any more: those publishes failed like a dropped connection would. */
export function failInterruptedPulls(sandbox: Sandbox): void {
  for (const publish of Object.values(sandbox.state.publishes)) {
    if (publish.pullState !== 'downloading') continue
    publish.pullState = 'failed'
    publish.failedAt = sandbox.now()
    publish.failReason = publish.mediaType === 'PHOTO' ? 'photo_pull_failed' : 'video_pull_failed'
  }
}
