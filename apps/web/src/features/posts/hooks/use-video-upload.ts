import { useCallback, useEffect, useRef, useState } from 'react'
import type { MediaFile } from '@hookpost/shared/posts'
import { MESSAGES } from '@hookpost/shared/messages'
import { ApiRequestError, NetworkError } from '../../../lib/api-client'
import { finalizeUpload } from '../api/finalize-upload'
import { UploadCancelledError, UploadError, type VideoUploader, type VideoUploadTask } from '../api/upload-video'
import { checkVideoFile } from '../utils/video-file'

export type VideoUploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fileName: string; sentBytes: number; totalBytes: number }
  /** The bytes are on the server; it is checking them (magic bytes, ffprobe, TikTok's limits). */
  | { phase: 'checking'; fileName: string }
  | { phase: 'ready'; media: MediaFile }
  | { phase: 'failed'; fileName: string; message: string }

function failureMessage(error: unknown): string {
  if (error instanceof UploadError) return error.message
  // POST /api/media answers 400 with why the file was refused (not a video, unreadable, outside TikTok's limits).
  if (error instanceof ApiRequestError && error.status < 500) return error.message
  if (error instanceof NetworkError) return MESSAGES.connectionError
  return MESSAGES.uploadFailed
}

/**
 * One video at a time: checked in the browser, sent with `uploader`, then finalized by the server. Choosing another
 * file, cancelling or unmounting stops the one in flight; answers from a superseded upload are ignored.
 */
export function useVideoUpload(uploader: VideoUploader) {
  const [state, setState] = useState<VideoUploadState>({ phase: 'idle' })
  const task = useRef<VideoUploadTask | null>(null)
  const generation = useRef(0)

  const stop = useCallback(() => {
    generation.current += 1
    task.current?.cancel()
    task.current = null
  }, [])

  useEffect(() => stop, [stop])

  const start = useCallback(
    (file: File) => {
      stop()
      const current = generation.current
      const isCurrent = () => current === generation.current
      const problem = checkVideoFile(file)
      if (problem) {
        setState({ phase: 'failed', fileName: file.name, message: problem })
        return
      }
      setState({ phase: 'uploading', fileName: file.name, sentBytes: 0, totalBytes: file.size })
      const upload = uploader(file, (sentBytes, totalBytes) => {
        if (isCurrent()) setState({ phase: 'uploading', fileName: file.name, sentBytes, totalBytes })
      })
      task.current = upload
      upload.done
        .then(async (uploadId) => {
          if (!isCurrent()) return
          task.current = null
          setState({ phase: 'checking', fileName: file.name })
          const media = await finalizeUpload(uploadId)
          if (isCurrent()) setState({ phase: 'ready', media })
        })
        .catch((error: unknown) => {
          if (!isCurrent() || error instanceof UploadCancelledError) return
          task.current = null
          setState({ phase: 'failed', fileName: file.name, message: failureMessage(error) })
        })
    },
    [stop, uploader],
  )

  const clear = useCallback(() => {
    stop()
    setState({ phase: 'idle' })
  }, [stop])

  return { state, start, clear }
}
