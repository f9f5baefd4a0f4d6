import { useId, useState, type DragEvent } from 'react'
import { POST_LIMITS } from '@hookpost/shared/posts'
import { formatDuration, formatFileSize } from '../../lib/format'
import { mediaFileUrl } from '../../lib/uploads/finalize-upload'
import type { VideoUploadState } from '../../lib/uploads/use-video-upload'
import { VIDEO_ACCEPT } from '../../lib/uploads/video-file'
import { secondaryButtonClass } from './button-styles'
import { Spinner } from './spinner'

/**
 * A video upload field ('Video file' by default): a drop area around a plain file input (keyboard and screen readers
 * use the input; the area is for mouse users). The upload starts as soon as a file is chosen, with its progress and a
 * Cancel; once the server has checked the file, its name, size and length show, with a 200×356 preview of the stored
 * file (product.md §2) unless the form shows its own preview, so the person sees what will be posted (TikTok rule 5).
 */
export function VideoFileField({
  label = 'Video file',
  required = true,
  preview = true,
  removeLabel = 'Remove video',
  cancelLabel = 'Cancel upload',
  state,
  error,
  mediaProblem,
  inputKey,
  onFile,
  onCancel,
  onRemove,
}: {
  label?: string
  required?: boolean
  /** Show the stored file in a 200×356 player once it is ready (false when the form has a preview of its own). */
  preview?: boolean
  /** The buttons' words, distinct when a form has two of these fields. */
  removeLabel?: string
  cancelLabel?: string
  state: VideoUploadState
  /** A form-level complaint about the video (missing, still uploading). */
  error: string | undefined
  /** The server accepted the file, but it does not fit here (too long for the creator, not 9:16): what to say. */
  mediaProblem: string | null
  /** Changes when the form resets, so the input forgets its file. */
  inputKey: number
  onFile: (file: File) => void
  onCancel: () => void
  onRemove: () => void
}) {
  const id = useId()
  const [dragging, setDragging] = useState(false)
  const problem = state.phase === 'failed' ? state.message : (mediaProblem ?? error)
  const hintId = `${id}-hint`
  const problemId = `${id}-problem`
  // Said once per phase, not per percent (the progress bar carries the number).
  const announcement =
    state.phase === 'inspecting'
      ? `Reading ${state.fileName}`
      : state.phase === 'uploading'
        ? `Uploading ${state.fileName}`
        : state.phase === 'checking'
          ? `Checking ${state.fileName}`
          : state.phase === 'ready'
            ? `${state.media.originalName} uploaded`
            : ''

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (file) onFile(file)
  }

  return (
    <div>
      <div className="flex gap-0.5 text-sm font-medium">
        <label htmlFor={id} className="text-slate-800">
          {label}
        </label>
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        ) : null}
      </div>
      <div
        onDragOver={(e) => {
          e.preventDefault()
          e.dataTransfer.dropEffect = 'copy'
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="video-drop-area"
        className={`mt-1 rounded-md border-2 border-dashed p-4 ${
          dragging ? 'border-fuchsia-600 bg-fuchsia-50' : problem ? 'border-red-400' : 'border-slate-300'
        }`}
      >
        <p className="text-sm text-slate-700" aria-hidden="true">
          Drag and drop a video here, or choose one:
        </p>
        <input
          key={inputKey}
          id={id}
          type="file"
          name="video"
          accept={VIDEO_ACCEPT}
          aria-required={required || undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${problemId} ${hintId}` : hintId}
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) onFile(file)
          }}
          className="mt-2 block w-full max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-fuchsia-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-fuchsia-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700"
        />
        <p id={hintId} className="mt-2 text-xs text-slate-600">
          MP4, MOV or WebM, up to {POST_LIMITS.fileBytes / 1024 / 1024} MB. The upload starts as soon as you choose it.
        </p>

        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
        <div className="mt-3 empty:hidden">
          {state.phase === 'inspecting' ? (
            <div className="flex items-center gap-2 text-sm text-slate-700">
              <Spinner className="h-4 w-4 border-2" label="Reading the video" />
              <span>Reading {state.fileName}…</span>
            </div>
          ) : null}
          {state.phase === 'uploading' ? (
            <UploadProgress state={state} cancelLabel={cancelLabel} onCancel={onCancel} />
          ) : null}
          {state.phase === 'checking' ? (
            <div className="flex items-center gap-2 text-sm text-slate-700">
              <Spinner className="h-4 w-4 border-2" label="Checking the video" />
              <span>Checking {state.fileName}…</span>
            </div>
          ) : null}
          {state.phase === 'ready' ? (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
              {preview ? (
                <video
                  src={mediaFileUrl(state.media.id)}
                  controls
                  muted
                  playsInline
                  preload="metadata"
                  width={200}
                  height={356}
                  aria-label={`Preview of ${state.media.originalName}`}
                  className="h-[356px] w-[200px] shrink-0 rounded-md bg-black object-contain"
                />
              ) : null}
              <div className="min-w-0 space-y-2 text-sm">
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                  <dt className="text-slate-600">Name</dt>
                  <dd className="break-all text-slate-900">{state.media.originalName}</dd>
                  <dt className="text-slate-600">Size</dt>
                  <dd className="text-slate-900">{formatFileSize(state.media.sizeBytes)}</dd>
                  <dt className="text-slate-600">Duration</dt>
                  <dd className="text-slate-900">{formatDuration(state.media.durationMs)}</dd>
                </dl>
                <button type="button" className={secondaryButtonClass} onClick={onRemove}>
                  {removeLabel}
                </button>
              </div>
            </div>
          ) : null}
        </div>
      </div>
      {problem ? (
        <p id={problemId} role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  )
}

function UploadProgress({
  state,
  cancelLabel,
  onCancel,
}: {
  state: Extract<VideoUploadState, { phase: 'uploading' }>
  cancelLabel: string
  onCancel: () => void
}) {
  const percent = state.totalBytes > 0 ? Math.min(100, Math.floor((state.sentBytes / state.totalBytes) * 100)) : 0
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="min-w-0 break-all text-slate-800">Uploading {state.fileName}…</span>
        <span className="text-slate-600">
          {percent}% · {formatFileSize(state.sentBytes)} of {formatFileSize(state.totalBytes)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`Uploading ${state.fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-fuchsia-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <button type="button" className={secondaryButtonClass} onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  )
}
