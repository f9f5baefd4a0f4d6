import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import type { LibraryItem } from '@hookpost/shared/library'
import {
  createVideoInputSchema,
  HOOK_DEMO_OVERLAY_DEFAULTS,
  OVERLAY_TEXT_MAX,
  OVERLAYS_MAX,
  type TextOverlay,
} from '@hookpost/shared/studio'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { CharacterCount, Field } from '../../../components/ui/field'
import { buttonClass } from '../../../components/ui/form'
import { LoadError } from '../../../components/ui/load-error'
import { MessageBanner } from '../../../components/ui/message-banner'
import { VideoFileField } from '../../../components/ui/video-file-field'
import { formatDuration } from '../../../lib/format'
import { tusVideoUploader, type VideoUploader } from '../../../lib/uploads/upload-video'
import { useVideoUpload } from '../../../lib/uploads/use-video-upload'
import { useChooseLibraryItem } from '../api/choose-library-item'
import { useCreateVideo } from '../api/create-video'
import { useLibrary } from '../api/get-library'
import { STUDIO_MESSAGES } from '../utils/messages'
import { overlayFromText } from '../utils/overlays'
import { VideoDetailsFields } from './video-details-fields'

/** Spec §2: the success view sends the person to their videos after 3 s. */
export const HOOK_DEMO_REDIRECT_MS = 3000

const VIDEO_EXTENSIONS = /\.(mp4|m4v|mov|qt|webm|mkv|avi|wmv|flv|3gp|3g2|ogv|mpe?g|ts|mts|m2ts)$/i

/**
 * Spec §2: the demo may be any kind of video. A file that declares a video type is one; one without a type (or a
 * generic one) is judged by its extension. The server still reads the bytes and says when it cannot use them.
 */
export function looksLikeVideo(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type.startsWith('video/')) return true
  const vague = file.type === '' || file.type === 'application/octet-stream'
  return vague && VIDEO_EXTENSIONS.test(file.name)
}

/** The stock hook clips of the Library: Hookpost's own (not the person's videos), in the 'Hooks' category. */
export function hookClips(videos: readonly LibraryItem[]): LibraryItem[] {
  return videos.filter((v) => v.category === 'Hooks' && !v.isUserContent)
}

type DetailErrors = { title?: string; description?: string }

export type HookDemoPageProps = {
  /** Where 'View My Videos' and the automatic redirect go (the app knows the route). */
  onViewVideos: () => void
  /** The upload transport; tests pass a fake. */
  uploader?: VideoUploader
}

/**
 * 'Create Hook + Demo Video' (spec §2): one of Hookpost's stock hook clips, then the person's demo video, in sequence,
 * with text overlays at the bottom of both. Creating it first makes the hook clip a media file of the person's
 * (POST /api/library/use), then queues the video (POST /api/videos); it renders in the background.
 */
export function HookDemoPage({ onViewVideos, uploader = tusVideoUploader }: HookDemoPageProps) {
  const id = useId()
  const library = useLibrary()
  const chooseHook = useChooseLibraryItem()
  const create = useCreateVideo()
  const demo = useVideoUpload(uploader)

  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [hookId, setHookId] = useState<string | null>(null)
  const [overlayText, setOverlayText] = useState('')
  const [overlays, setOverlays] = useState<TextOverlay[]>([])
  const [demoKey, setDemoKey] = useState(0)
  const [demoError, setDemoError] = useState<string | null>(null)
  const [detailErrors, setDetailErrors] = useState<DetailErrors>({})
  const [submitting, setSubmitting] = useState(false)
  const [submitError, setSubmitError] = useState<string | null>(null)
  const [createdTitle, setCreatedTitle] = useState<string | null>(null)

  const hooks = useMemo(() => hookClips(library.data?.videos ?? []), [library.data])
  const hook = hooks.find((h) => h.id === hookId) ?? null
  const demoMedia = demo.state.phase === 'ready' ? demo.state.media : null
  const canCreate = title.trim() !== '' && hook !== null && demoMedia !== null && !submitting
  const missing: string[] = [
    title.trim() === '' ? STUDIO_MESSAGES.hookDemoTitleRequired : null,
    hook === null ? STUDIO_MESSAGES.hookDemoHookRequired : null,
    demoMedia === null ? STUDIO_MESSAGES.hookDemoDemoRequired : null,
  ].flatMap((m) => (m === null ? [] : [m]))
  const canAddOverlay = overlayText.trim() !== '' && overlays.length < OVERLAYS_MAX

  // The success view goes on to the videos after a moment; leaving sooner cancels it.
  const onViewVideosRef = useRef(onViewVideos)
  useEffect(() => {
    onViewVideosRef.current = onViewVideos
  }, [onViewVideos])
  useEffect(() => {
    if (createdTitle === null) return
    const timer = window.setTimeout(() => onViewVideosRef.current(), HOOK_DEMO_REDIRECT_MS)
    return () => window.clearTimeout(timer)
  }, [createdTitle])

  function addOverlay() {
    if (!canAddOverlay) return
    const overlay = overlayFromText(overlayText, { ...HOOK_DEMO_OVERLAY_DEFAULTS, target: 'both' })
    setOverlays((prev) => [...prev, overlay])
    setOverlayText('')
  }

  function onOverlayKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the overlay (it would submit the form otherwise).
    if (event.key !== 'Enter') return
    event.preventDefault()
    addOverlay()
  }

  function onDemoFile(file: File) {
    setSubmitError(null)
    if (!looksLikeVideo(file)) {
      demo.clear()
      setDemoError(STUDIO_MESSAGES.selectValidVideo)
      return
    }
    setDemoError(null)
    demo.start(file)
  }

  function reset() {
    setTitle('')
    setDescription('')
    setHookId(null)
    setOverlayText('')
    setOverlays([])
    demo.clear()
    setDemoKey((n) => n + 1)
    setDemoError(null)
    setDetailErrors({})
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!canCreate || !hook || !demoMedia) return
    setSubmitError(null)
    // The shared rules first (lengths, overlays); the hook's media file is made only for a body that can be sent.
    const checked = createVideoInputSchema.safeParse({
      title,
      description,
      sourceMediaId: hook.id,
      demoMediaId: demoMedia.id,
      layout: 'sequence',
      textOverlays: overlays,
    })
    if (!checked.success) {
      const found: DetailErrors = {}
      for (const issue of checked.error.issues) {
        const field = issue.path[0]
        if (field === 'title' || field === 'description') found[field] ??= issue.message
      }
      setDetailErrors(found)
      if (!found.title && !found.description) setSubmitError(STUDIO_MESSAGES.hookDemoCreateFailed)
      return
    }
    setDetailErrors({})
    setSubmitting(true)
    try {
      const media = await chooseHook.mutateAsync(hook.id)
      const video = await create.mutateAsync({ ...checked.data, sourceMediaId: media.id })
      reset()
      setCreatedTitle(video.title)
    } catch {
      setSubmitError(STUDIO_MESSAGES.hookDemoCreateFailed)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6">
      <div>
        <h1 id={`${id}-heading`} className="text-2xl font-bold tracking-tight text-slate-900">
          Create Hook + Demo Video
        </h1>
        <p className="mt-2 max-w-2xl text-slate-700">
          Pick one of our hook clips to grab attention, add your product demo after it, and put your words on both.
        </p>
      </div>
      {createdTitle !== null ? (
        <CreatedView title={createdTitle} onViewVideos={onViewVideos} />
      ) : (
        <form
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          aria-labelledby={`${id}-heading`}
          className="max-w-3xl rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
        >
          {/* While it is being created nothing can change (a disabled fieldset disables every control inside). */}
          <fieldset disabled={submitting} className="min-w-0 space-y-6">
            <div className="space-y-4">
              <VideoDetailsFields
                title={title}
                description={description}
                errors={detailErrors}
                onChange={(field, value) => {
                  if (field === 'title') setTitle(value)
                  else setDescription(value)
                  setDetailErrors((prev) => ({ ...prev, [field]: undefined }))
                  setSubmitError(null)
                }}
              />
            </div>

            <HookPicker
              name={`${id}-hook`}
              hooks={hooks}
              selectedId={hookId}
              loading={library.isPending}
              preparing={library.data?.preparing ?? false}
              failed={library.isError}
              retrying={library.isFetching}
              onRetry={() => void library.refetch()}
              onSelect={(value) => {
                setHookId(value)
                setSubmitError(null)
              }}
            />

            <VideoFileField
              label="Demo video"
              preview={false}
              removeLabel="Remove demo video"
              cancelLabel="Cancel demo upload"
              state={demo.state}
              error={demoError ?? undefined}
              mediaProblem={null}
              inputKey={demoKey}
              onFile={onDemoFile}
              onCancel={demo.clear}
              onRemove={() => {
                demo.clear()
                setDemoKey((n) => n + 1)
              }}
            />

            <div className="space-y-3">
              <h2 className="text-base font-semibold text-slate-900">Text overlays</h2>
              <p className="text-sm text-slate-600">Shown at the bottom of the hook and the demo, in this order.</p>
              <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
                <div className="min-w-0 flex-1">
                  <Field
                    label="Overlay text"
                    error={undefined}
                    aside={<CharacterCount length={overlayText.length} max={OVERLAY_TEXT_MAX} />}
                    render={(props) => (
                      <input
                        {...props}
                        name="overlayText"
                        autoComplete="off"
                        maxLength={OVERLAY_TEXT_MAX}
                        value={overlayText}
                        onChange={(e) => setOverlayText(e.target.value)}
                        onKeyDown={onOverlayKeyDown}
                      />
                    )}
                  />
                </div>
                <button type="button" className={secondaryButtonClass} disabled={!canAddOverlay} onClick={addOverlay}>
                  Add Overlay
                </button>
              </div>
              {overlays.length >= OVERLAYS_MAX ? (
                <p className="text-sm text-slate-600">
                  A video can have up to {OVERLAYS_MAX} text overlays. Remove one to add another.
                </p>
              ) : null}
              {overlays.length > 0 ? (
                <ul aria-label="Text overlays" className="space-y-2">
                  {overlays.map((overlay) => (
                    <li
                      key={overlay.id}
                      className="flex items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2"
                    >
                      <span className="min-w-0 break-words text-sm text-slate-900">{overlay.text}</span>
                      <button
                        type="button"
                        className={secondaryButtonClass}
                        aria-label={`Remove overlay "${overlay.text}"`}
                        onClick={() => setOverlays((prev) => prev.filter((o) => o.id !== overlay.id))}
                      >
                        Remove
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>

            <div className="space-y-3 border-t border-slate-200 pt-4">
              {submitError ? <MessageBanner tone="error">{submitError}</MessageBanner> : null}
              <button
                type="submit"
                className={`${buttonClass} w-full sm:w-auto`}
                disabled={!canCreate}
                aria-busy={submitting || undefined}
                aria-describedby={!submitting && missing.length > 0 ? `${id}-missing` : undefined}
              >
                {submitting ? 'Creating Video...' : 'Create Video'}
              </button>
              {!submitting && missing.length > 0 ? (
                // Why Create is disabled, in the spec's words (§5 Hook + demo).
                <ul id={`${id}-missing`} aria-label="Still needed" className="list-disc pl-5 text-sm text-slate-700">
                  {missing.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          </fieldset>
        </form>
      )}
    </section>
  )
}

/** The hook clips as a radio group: each with its thumbnail, named by its title. */
function HookPicker({
  name,
  hooks,
  selectedId,
  loading,
  preparing,
  failed,
  retrying,
  onRetry,
  onSelect,
}: {
  name: string
  hooks: LibraryItem[]
  selectedId: string | null
  loading: boolean
  preparing: boolean
  failed: boolean
  retrying: boolean
  onRetry: () => void
  onSelect: (id: string) => void
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="flex gap-0.5 text-sm font-medium">
        <span className="text-slate-800">Hook video</span>
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
      </legend>
      {failed ? (
        <LoadError
          message={STUDIO_MESSAGES.fetchLibraryFailed}
          onRetry={onRetry}
          retrying={retrying}
          className="mt-2 space-y-3"
        />
      ) : (
        <>
          {hooks.length > 0 ? (
            <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
              {hooks.map((hook) => (
                <label
                  key={hook.id}
                  className="flex cursor-pointer flex-col gap-2 rounded-md border border-slate-200 p-2 hover:bg-slate-50 has-[:checked]:border-fuchsia-700 has-[:checked]:bg-fuchsia-50 has-[:checked]:ring-1 has-[:checked]:ring-fuchsia-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-fuchsia-700"
                >
                  <img
                    src={hook.thumbnailUrl}
                    alt=""
                    width={90}
                    height={160}
                    className="aspect-[9/16] w-full rounded bg-slate-200 object-cover"
                  />
                  <span className="flex items-start gap-2">
                    <input
                      type="radio"
                      name={name}
                      value={hook.id}
                      checked={hook.id === selectedId}
                      onChange={() => onSelect(hook.id)}
                      // Named by the title alone (the label around the card also holds the thumbnail and length).
                      aria-labelledby={`${name}-${hook.id}-title`}
                      aria-describedby={`${name}-${hook.id}-about`}
                      className="mt-0.5 h-4 w-4 shrink-0 accent-fuchsia-700 focus-visible:outline-none"
                    />
                    <span
                      id={`${name}-${hook.id}-title`}
                      className="min-w-0 text-sm font-medium break-words text-slate-900"
                    >
                      {hook.title}
                    </span>
                  </span>
                  <span id={`${name}-${hook.id}-about`} className="text-xs text-slate-600">
                    {hook.description ? `${hook.description} · ` : ''}
                    {formatDuration(hook.duration * 1000)}
                  </span>
                </label>
              ))}
            </div>
          ) : null}
          {loading || preparing ? (
            <div className="mt-3 flex items-center gap-2 text-sm text-slate-700">
              <span
                aria-hidden="true"
                className="h-4 w-4 animate-spin rounded-full border-2 border-fuchsia-200 border-t-fuchsia-600"
              />
              <span role="status">{STUDIO_MESSAGES.preparingHooks}</span>
            </div>
          ) : hooks.length === 0 ? (
            <p className="mt-2 rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
              No hook clips are available right now.
            </p>
          ) : null}
        </>
      )}
    </fieldset>
  )
}

/** After creating: what happened, and the way on to the videos (taken by itself after a moment). */
function CreatedView({ title, onViewVideos }: { title: string; onViewVideos: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <div className="max-w-3xl space-y-4">
      <MessageBanner tone="success">{STUDIO_MESSAGES.hookDemoCreated(title)}</MessageBanner>
      <div className="rounded-lg border border-slate-200 bg-white p-6 text-center">
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          {STUDIO_MESSAGES.hookDemoCreatedTitle}
        </h2>
        <p className="mt-2 text-sm text-slate-700">{STUDIO_MESSAGES.hookDemoCreatedText}</p>
        <button type="button" className={`${buttonClass} mt-4`} onClick={onViewVideos}>
          View My Videos
        </button>
      </div>
    </div>
  )
}
