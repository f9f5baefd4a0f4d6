import { useCallback, useEffect, useRef, useState } from 'react'
import type { MediaFile } from '@hookpost/shared/posts'
import { MESSAGES } from '@hookpost/shared/messages'
import { ApiRequestError, NetworkError } from '../api-client'
import { finalizeUpload } from './finalize-upload'
import { UploadCancelledError, UploadError, type VideoUploader, type VideoUploadTask } from './upload-video'
import { checkVideoFile } from './video-file'

export type VideoUploadState =
  | { phase: 'idle' }
  /** Read in the browser before anything is sent (an `inspect` check such as the studio's 9:16 rule). */
  | { phase: 'inspecting'; fileName: string; file: File }
  | { phase: 'uploading'; fileName: string; file: File; sentBytes: number; totalBytes: number }
  /** The bytes are on the server; it is checking them (magic bytes, ffprobe, TikTok's limits). */
  | { phase: 'checking'; fileName: string; file: File }
  | { phase: 'ready'; media: MediaFile; file: File }
  | { phase: 'failed'; fileName: string; message: string }

/**
 * A check of the chosen file before it is uploaded: resolves with what to tell the person when the file is refused,
 * null when it may go.
 */
export type VideoInspector = (file: File) => Promise<string | null>

function failureMessage(error: unknown): string {
  if (error instanceof UploadError) return error.message
  // POST /api/media answers 400 with why the file was refused (not a video, unreadable, outside TikTok's limits).
  if (error instanceof ApiRequestError && error.status < 500) return error.message
  if (error instanceof NetworkError) return MESSAGES.connectionError
  return MESSAGES.uploadFailed
}

/**
 * One video at a time: checked in the browser (type and size, then `inspect` when given), sent with `uploader`, then
 * finalized by the server. Choosing another file, cancelling or unmounting stops the one in flight; answers from a
 * superseded upload are ignored.
 */
export function useVideoUpload(uploader: VideoUploader, inspect?: VideoInspector) {
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

      const send = () => {
        setState({ phase: 'uploading', fileName: file.name, file, sentBytes: 0, totalBytes: file.size })
        const upload = uploader(file, (sentBytes, totalBytes) => {
          if (isCurrent()) setState({ phase: 'uploading', fileName: file.name, file, sentBytes, totalBytes })
        })
        task.current = upload
        upload.done
          .then(async (uploadId) => {
            if (!isCurrent()) return
            task.current = null
            setState({ phase: 'checking', fileName: file.name, file })
            const media = await finalizeUpload(uploadId)
            if (isCurrent()) setState({ phase: 'ready', media, file })
          })
          .catch((error: unknown) => {
            if (!isCurrent() || error instanceof UploadCancelledError) return
            task.current = null
            setState({ phase: 'failed', fileName: file.name, message: failureMessage(error) })
          })
      }

      if (!inspect) {
        send()
        return
      }
      setState({ phase: 'inspecting', fileName: file.name, file })
      // A file the browser cannot read is let through: the server reads it with ffprobe and says what is wrong.
      void inspect(file)
        .catch(() => null)
        .then((refusal) => {
          if (!isCurrent()) return
          if (refusal) setState({ phase: 'failed', fileName: file.name, message: refusal })
          else send()
        })
    },
    [stop, uploader, inspect],
  )

  const clear = useCallback(() => {
    stop()
    setState({ phase: 'idle' })
  }, [stop])

  return { state, start, clear }
}
