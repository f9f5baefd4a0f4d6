import { open, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Sandbox } from '../sandbox'
import type { FailReason, Photo, Publish } from '../state/schema'
import { fitsPhotoSize, MAX_PHOTO_BYTES, readImageInfo } from './image-check'
import { distinctPublicAt } from './publishing'

export function photoPath(sandbox: Sandbox, photo: Photo): string {
  return path.join(sandbox.filesDir, photo.fileName)
}

class PhotoFailure extends Error {
  constructor(readonly reason: FailReason) {
    super(reason)
  }
}

/**
 * Downloads one image: it must answer 200 at once (a 3xx fails, tiktok-api.md §3.6) and stay ≤ 20 MB. Network errors,
 * other statuses and the task's timeout are photo_pull_failed (tiktok-api.md §3.7); more than 20 MB is
 * picture_size_check_failed (TikTok names no reason for an oversized photo file — the sandbox's choice).
 */
async function download(url: string, file: string, signal: AbortSignal, onProgress: (n: number) => void) {
  let response: Response
  try {
    response = await fetch(url, { redirect: 'manual', signal })
  } catch {
    throw new PhotoFailure('photo_pull_failed')
  }
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel().catch(() => undefined)
    throw new PhotoFailure('photo_pull_failed')
  }
  const handle = await open(file, 'w')
  let bytes = 0
  try {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.length
      if (bytes > MAX_PHOTO_BYTES) throw new PhotoFailure('picture_size_check_failed')
      await handle.write(chunk)
      onProgress(bytes)
    }
  } catch (error) {
    throw error instanceof PhotoFailure ? error : new PhotoFailure('photo_pull_failed')
  } finally {
    await handle.close()
  }
  if (bytes === 0) throw new PhotoFailure('photo_pull_failed')
  return bytes
}

/**
 * PULL_FROM_URL for a photo post (tiktok-api.md §3.10): the images are fetched one after another in the background,
 * each checked by its bytes (JPEG or WebP, at most 1080p, domain/image-check.ts). Any failure fails the whole publish at
 * once; a cancel (tiktok-api.md §3.6) wins over everything. Then it is processed like a video: PUBLISH_COMPLETE (or
 * SEND_TO_USER_INBOX for MEDIA_UPLOAD) after `processingMs`, public after moderation unless SELF_ONLY.
 */
export async function runPhotoPull(sandbox: Sandbox, publish: Publish): Promise<void> {
  const controller = new AbortController()
  sandbox.pulls.set(publish.publishId, controller)
  const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(sandbox.config.pullTimeoutMs)])
  let done = 0
  try {
    for (const photo of publish.photos) {
      const file = photoPath(sandbox, photo)
      const bytes = await download(photo.url, file, signal, (n) => {
        publish.receivedBytes = done + n
      })
      done += bytes
      publish.receivedBytes = done
      photo.bytes = bytes
      const info = readImageInfo(await readFile(file))
      if (!info) throw new PhotoFailure('file_format_check_failed')
      Object.assign(photo, info)
      if (!fitsPhotoSize(info)) throw new PhotoFailure('picture_size_check_failed')
    }
    if (publish.pullState !== 'downloading') return
    publish.pullState = 'done'
    publish.videoSize = done
    const cover = publish.photos[publish.photoCoverIndex]
    publish.mimeType = cover?.mimeType ?? null
    finishPhotoMedia(sandbox, publish)
  } catch (error) {
    if (publish.pullState === 'downloading') {
      publish.pullState = 'failed'
      publish.failedAt = sandbox.now()
      publish.failReason = error instanceof PhotoFailure ? error.reason : 'photo_pull_failed'
    }
    await Promise.all(publish.photos.map((p) => rm(photoPath(sandbox, p), { force: true })))
  } finally {
    sandbox.pulls.delete(publish.publishId)
    await sandbox.save()
  }
}

function finishPhotoMedia(sandbox: Sandbox, publish: Publish): void {
  const now = sandbox.now()
  publish.mediaReadyAt = now
  publish.processedAt = now + sandbox.config.processingMs
  const isPublic =
    publish.mode === 'direct' && publish.failReason === null && publish.postInfo?.privacyLevel !== 'SELF_ONLY'
  publish.publicAt = isPublic
    ? distinctPublicAt(sandbox, publish, publish.processedAt + sandbox.config.moderationMs)
    : null
  publish.stuck = sandbox.faults.current.stuck_processing ?? false
}
