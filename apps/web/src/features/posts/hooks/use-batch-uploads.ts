import { useCallback, useEffect, useRef, useState } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import type { MediaFile } from '@hookpost/shared/posts'
import { ApiRequestError, NetworkError } from '../../../lib/api-client'
import { finalizeUpload } from '../../../lib/uploads/finalize-upload'
import {
  UploadCancelledError,
  UploadError,
  type VideoUploader,
  type VideoUploadTask,
} from '../../../lib/uploads/upload-video'
import { checkVideoFile } from '../../../lib/uploads/video-file'

export type BatchUpload =
  | { phase: 'waiting' }
  | { phase: 'uploading'; sentBytes: number; totalBytes: number }
  | { phase: 'checking' }
  | { phase: 'ready'; media: MediaFile }
  | { phase: 'failed'; message: string }

/**
 * Two uploads at a time: the server allows five in progress per person (ADR 021), and the rest of the app (another
 * tab, the Create tab) keeps room for its own.
 */
export const BATCH_PARALLEL_UPLOADS = 2

function failureMessage(error: unknown): string {
  if (error instanceof UploadError) return error.message
  // POST /api/media answers 400 with why the file was refused (not a video, unreadable, outside TikTok's limits).
  if (error instanceof ApiRequestError && error.status < 500) return error.message
  if (error instanceof NetworkError) return MESSAGES.connectionError
  return MESSAGES.uploadFailed
}

/**
 * The batch's videos, each sent over the same tus path and finalized by POST /api/media as the single form's
 * (`useVideoUpload`), a few at a time in the order they were added. `add` queues files under the caller's keys;
 * `remove` cancels one; unmounting cancels them all.
 */
export function useBatchUploads(uploader: VideoUploader) {
  const [uploads, setUploads] = useState<Record<string, BatchUpload>>({})
  const queue = useRef<{ key: string; file: File }[]>([])
  const running = useRef(new Map<string, VideoUploadTask | null>())
  const alive = useRef(true)

  const set = useCallback((key: string, upload: BatchUpload) => {
    if (!alive.current) return
    setUploads((prev) => (key in prev || upload.phase === 'waiting' ? { ...prev, [key]: upload } : prev))
  }, [])

  const pump = useCallback(() => {
    // Each finished upload starts the next one waiting (a local function: the callback cannot name itself).
    const next = () => {
      while (running.current.size < BATCH_PARALLEL_UPLOADS && queue.current.length > 0) {
        const { key, file } = queue.current.shift()!
        running.current.set(key, null)
        set(key, { phase: 'uploading', sentBytes: 0, totalBytes: file.size })
        const task = uploader(file, (sentBytes, totalBytes) => {
          if (running.current.has(key)) set(key, { phase: 'uploading', sentBytes, totalBytes })
        })
        running.current.set(key, task)
        task.done
          .then(async (uploadId) => {
            if (!running.current.has(key)) return
            set(key, { phase: 'checking' })
            const media = await finalizeUpload(uploadId)
            if (running.current.has(key)) set(key, { phase: 'ready', media })
          })
          .catch((error: unknown) => {
            if (error instanceof UploadCancelledError || !running.current.has(key)) return
            set(key, { phase: 'failed', message: failureMessage(error) })
          })
          .finally(() => {
            running.current.delete(key)
            next()
          })
      }
    }
    next()
  }, [set, uploader])

  const add = useCallback(
    (files: readonly { key: string; file: File }[]) => {
      for (const { key, file } of files) {
        const problem = checkVideoFile(file)
        if (problem) {
          set(key, { phase: 'waiting' })
          set(key, { phase: 'failed', message: problem })
        } else {
          set(key, { phase: 'waiting' })
          queue.current.push({ key, file })
        }
      }
      pump()
    },
    [pump, set],
  )

  const remove = useCallback((key: string) => {
    queue.current = queue.current.filter((item) => item.key !== key)
    const task = running.current.get(key)
    running.current.delete(key)
    task?.cancel()
    setUploads((prev) => {
      const { [key]: _gone, ...rest } = prev
      return rest
    })
  }, [])

  useEffect(() => {
    alive.current = true
    const tasks = running.current
    return () => {
      alive.current = false
      queue.current = []
      for (const task of tasks.values()) task?.cancel()
      tasks.clear()
    }
  }, [])

  return { uploads, add, remove }
}
