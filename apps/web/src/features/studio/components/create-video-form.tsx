import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import { HOOK_CATEGORY, type LibraryItem } from '@hookpost/shared/library'
import type { MediaFile } from '@hookpost/shared/posts'
import {
  createVideoInputSchema,
  HOOK_DEMO_OVERLAY_DEFAULTS,
  HOOK_OVERLAY_DEFAULTS,
  OVERLAYS_MAX,
  SOURCE_FIT_LABELS,
  SOURCE_FITS,
  type SourceFit,
  type TextOverlay,
} from '@hookpost/shared/studio'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { buttonClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { TabList, tabIds } from '../../../components/ui/tab-list'
import { VideoFileField } from '../../../components/ui/video-file-field'
import { ApiRequestError, NetworkError } from '../../../lib/api-client'
import { tusVideoUploader, type VideoUploader } from '../../../lib/uploads/upload-video'
import { useVideoUpload, type VideoUploadState } from '../../../lib/uploads/use-video-upload'
import { useNotice } from '../../../lib/use-notice'
import { useChooseLibraryItem } from '../api/choose-library-item'
import { useCreateVideo } from '../api/create-video'
import { useSaveHook } from '../api/save-hook'
import { studioErrorMessage } from '../utils/errors'
import { STUDIO_MESSAGES } from '../utils/messages'
import {
  emptyDraft,
  hookFromOverlay,
  moveOverlay,
  overlayFromDraft,
  overlayFromHook,
  overlayFromText,
  type OverlayDraft,
} from '../utils/overlays'
import { needsFit } from '../utils/preview'
import type { PreviewSource } from '../utils/preview-scene'
import { readVideoDimensions, type DimensionsReader, type VideoDimensions } from '../utils/video-dimensions'
import { AddOverlayForm } from './add-overlay-form'
import { LibraryBrowser } from './library-browser'
import { OverlayList } from './overlay-list'
import { OverlayPreview } from './overlay-preview'
import { VideoDetailsFields } from './video-details-fields'
import { SavedHooks } from './saved-hooks'

/** Spec §4/§9: 'Video created successfully!' clears after 5 s. */
export const CREATED_NOTICE_MS = 5000

type FormField = 'video' | 'demo' | 'title' | 'description' | 'overlays'
type FormErrors = Partial<Record<FormField, string>>

/** Where each field of the create body shows its error (server `details[].path` and the shared schema's issues). */
const FIELD_OF: Record<string, FormField> = {
  sourceMediaId: 'video',
  demoMediaId: 'demo',
  title: 'title',
  description: 'description',
  textOverlays: 'overlays',
  layout: 'demo',
  fit: 'video',
}

function fieldErrorsFrom(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): FormErrors {
  const out: FormErrors = {}
  for (const issue of issues) {
    const parts = typeof issue.path === 'string' ? issue.path.split(/[./]/) : issue.path.map(String)
    const field = parts.map((p) => FIELD_OF[p]).find(Boolean)
    if (field) out[field] ??= issue.message
  }
  return out
}

function createErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status < 500) return error.message
  if (error instanceof NetworkError) return MESSAGES.connectionError
  return STUDIO_MESSAGES.createFailed
}

type SourceTab = 'upload' | 'library'
const SOURCE_TABS = [
  { key: 'upload', label: 'Upload' },
  { key: 'library', label: 'Library' },
] as const
const DEMO_TABS = [
  { key: 'upload', label: 'Upload demo' },
  { key: 'library', label: 'Demo from Library' },
] as const

/** Why each fit: said beside its choice. */
const FIT_HINTS: Record<SourceFit, string> = {
  blur: 'the whole picture, over a blurred copy of itself',
  crop: 'fills the frame; the edges are cut',
}

/** A Library video made a media file of the person's (the other way to give a video than uploading one). */
type LibraryPick = { item: LibraryItem; media: MediaFile }

/** The local file behind an upload (shown in the preview before and while it uploads). */
function fileOf(state: VideoUploadState): File | null {
  return state.phase === 'idle' || state.phase === 'failed' ? null : state.file
}

function previewOf(file: File | null, pick: LibraryPick | null): PreviewSource | null {
  if (file) return { name: file.name, file }
  return pick ? { name: pick.item.title, url: pick.item.videoUrl } : null
}

/** spec §9: the hook-demo page's overlays go at the bottom by default. */
function initialDraft(hookDemo: boolean): OverlayDraft {
  return hookDemo ? { ...emptyDraft(), ...HOOK_DEMO_OVERLAY_DEFAULTS } : emptyDraft()
}

function inFlight(state: VideoUploadState): boolean {
  return state.phase === 'inspecting' || state.phase === 'uploading' || state.phase === 'checking'
}

/** What the AI hook generator slot gets: the video's words, and a way to add a suggestion as an overlay. */
export type HookGeneratorSlot = {
  title: string
  description: string
  onApply: (text: string) => void
}

export type CreateVideoFormProps = {
  /** The AI hook generator (composed by the app: it needs the TikTok accounts); none when absent. */
  hookGenerator?: (slot: HookGeneratorSlot) => ReactNode
  /** The upload transport; tests pass a fake. */
  uploader?: VideoUploader
  /** Reads a chosen file's width and height in the browser (for the preview before upload); tests pass a fake. */
  readDimensions?: DimensionsReader
  /**
   * 'hook-demo' (the hook-demo route, spec §2 'Create Hook + Demo Video'): the same form, opened on the Library's hook
   * clips for the video and asking for the product demo, overlays at the bottom by default (spec §9).
   */
  preset?: 'hook-demo'
}

/**
 * 'Create New Video' (spec §2 Create tab, §5): the video (uploaded or from the Library; one that is not portrait 9:16
 * is fitted with a blurred fill or a crop, ADR 032), an optional Product Demo Video (uploaded or from the Library) that
 * makes it hook + demo (in sequence or side by side), title and description, text overlays with a live 280×498 preview
 * drawn by the renderer's own code, and Create Video. The server renders it in the background; the list below follows
 * it live.
 */
export function CreateVideoForm({
  hookGenerator,
  uploader = tusVideoUploader,
  readDimensions = readVideoDimensions,
  preset,
}: CreateVideoFormProps) {
  const id = useId()
  const hookDemo = preset === 'hook-demo'
  const formRef = useRef<HTMLFormElement>(null)
  const source = useVideoUpload(uploader)
  const demo = useVideoUpload(uploader)
  const create = useCreateVideo()
  const saveHook = useSaveHook()
  const chooseFromLibrary = useChooseLibraryItem()
  const [hookNotice, setHookNotice] = useNotice()
  const [savingHookId, setSavingHookId] = useState<string | null>(null)

  const [sourceTab, setSourceTab] = useState<SourceTab>(hookDemo ? 'library' : 'upload')
  const [demoTab, setDemoTab] = useState<SourceTab>('upload')
  const [libraryPick, setLibraryPick] = useState<LibraryPick | null>(null)
  const [demoPick, setDemoPick] = useState<LibraryPick | null>(null)
  // Which slot's Library item is being made ready (one at a time), and the item.
  const [choosing, setChoosing] = useState<{ slot: 'video' | 'demo'; itemId: string } | null>(null)
  const [libraryError, setLibraryError] = useState<string | null>(null)
  const [demoLibraryError, setDemoLibraryError] = useState<string | null>(null)
  // The local files' sizes, read in the browser: the preview fits them before the server has measured them.
  const [localSizes, setLocalSizes] = useState<{ video: VideoDimensions | null; demo: VideoDimensions | null }>({
    video: null,
    demo: null,
  })
  const [fit, setFit] = useState<SourceFit>('blur')
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [combinedLayout, setCombinedLayout] = useState<'sequence' | 'split'>('sequence')
  const [overlays, setOverlays] = useState<TextOverlay[]>([])
  const [draft, setDraft] = useState<OverlayDraft>(() => initialDraft(hookDemo))
  const [errors, setErrors] = useState<FormErrors>({})
  const [submitError, setSubmitError] = useState<string | null>(null)
  const [created, setCreated] = useState(false)
  // Change when a field must forget its file (removed, or the form starts over).
  const [sourceKey, setSourceKey] = useState(0)
  const [demoKey, setDemoKey] = useState(0)
  const [focusRequest, setFocusRequest] = useState(0)

  const sourceFile = fileOf(source.state)
  const demoFile = fileOf(demo.state)
  const hookPreview = previewOf(sourceFile, libraryPick)
  const demoPreview = previewOf(demoFile, demoPick)
  // spec §4: combined mode is on when both a video and a demo video are chosen.
  const combined = hookPreview !== null && demoPreview !== null
  const sourceMedia = source.state.phase === 'ready' ? source.state.media : (libraryPick?.media ?? null)
  const demoMedia = demo.state.phase === 'ready' ? demo.state.media : (demoPick?.media ?? null)
  // The server's measure (ffprobe) once there is one, else the browser's.
  const hookSize = sourceMedia ?? (sourceFile ? localSizes.video : null)
  const demoSize = demoMedia ?? (demoFile ? localSizes.demo : null)
  // The fit matters for a video that is not 9:16 on the whole frame: the hook (alone or first), the demo in sequence.
  const fitApplies = combined
    ? combinedLayout === 'sequence' && (needsFit(hookSize) || needsFit(demoSize))
    : needsFit(hookSize)
  // The video's length once the server measured it (overlay times must fall within it): render-args' outputFrames.
  const videoMs = !sourceMedia
    ? null
    : !combined || !demoMedia
      ? sourceMedia.durationMs
      : combinedLayout === 'sequence'
        ? sourceMedia.durationMs + demoMedia.durationMs
        : Math.max(sourceMedia.durationMs, demoMedia.durationMs)
  // Said in the Library tab: why choosing failed, or what the form needs.
  const libraryProblem = libraryError ?? (libraryPick ? null : (errors.video ?? null))
  const demoLibraryProblem = demoLibraryError ?? (demoPick ? null : (errors.demo ?? null))

  useEffect(() => {
    if (!created) return
    const timer = window.setTimeout(() => setCreated(false), CREATED_NOTICE_MS)
    return () => window.clearTimeout(timer)
  }, [created])

  // After a refused submit, focus the first field that needs fixing (once it has rendered as invalid).
  useEffect(() => {
    if (focusRequest === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusRequest])

  function touched(field: FormField) {
    setErrors((prev) => ({ ...prev, [field]: undefined }))
    setSubmitError(null)
  }

  function addOverlay() {
    setOverlays((prev) => [...prev, overlayFromDraft(draft)])
    // The style stays for the next one; the text, times and a dragged position start over.
    setDraft((prev) => ({ ...prev, text: '', start: '', end: '', anchor: null }))
    touched('overlays')
  }

  function applyOverlay(overlay: TextOverlay) {
    if (overlays.length >= OVERLAYS_MAX) {
      setHookNotice({
        tone: 'error',
        text: `A video can have up to ${OVERLAYS_MAX} text overlays. Remove one to add another.`,
      })
      return
    }
    setHookNotice(null)
    setOverlays((prev) => [...prev, overlay])
    touched('overlays')
  }

  function saveAsHook(overlay: TextOverlay) {
    if (saveHook.isPending) return
    setHookNotice(null)
    setSavingHookId(overlay.id)
    saveHook.mutate(hookFromOverlay(overlay), {
      onSettled: () => setSavingHookId(null),
      onSuccess: () => setHookNotice({ tone: 'success', text: STUDIO_MESSAGES.hookSaved }),
      onError: (error) =>
        setHookNotice({ tone: 'error', text: studioErrorMessage(error, STUDIO_MESSAGES.saveHookFailed) }),
    })
  }

  function readLocalSize(slot: 'video' | 'demo', file: File) {
    setLocalSizes((prev) => ({ ...prev, [slot]: null }))
    void readDimensions(file).then((size) => setLocalSizes((prev) => ({ ...prev, [slot]: size })))
  }

  /** Makes a Library item a media file of the person's, for the video or the demo slot. */
  function chooseLibraryVideo(slot: 'video' | 'demo', item: LibraryItem) {
    if (chooseFromLibrary.isPending) return
    const setError = slot === 'video' ? setLibraryError : setDemoLibraryError
    setError(null)
    setChoosing({ slot, itemId: item.id })
    chooseFromLibrary.mutate(item.id, {
      onSettled: () => setChoosing(null),
      onSuccess: (media) => {
        // One video per slot: the Library's replaces an upload.
        if (slot === 'video') {
          source.clear()
          setSourceKey((n) => n + 1)
          setLibraryPick({ item, media })
        } else {
          demo.clear()
          setDemoKey((n) => n + 1)
          setDemoPick({ item, media })
        }
        touched(slot)
      },
      onError: (error) => setError(studioErrorMessage(error, STUDIO_MESSAGES.libraryVideoFailed)),
    })
  }

  function reset() {
    setLibraryPick(null)
    setDemoPick(null)
    setLibraryError(null)
    setDemoLibraryError(null)
    source.clear()
    demo.clear()
    setLocalSizes({ video: null, demo: null })
    setFit('blur')
    setTitle('')
    setDescription('')
    setCombinedLayout('sequence')
    setOverlays([])
    setDraft(initialDraft(hookDemo))
    setErrors({})
    setSourceKey((n) => n + 1)
    setDemoKey((n) => n + 1)
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (create.isPending) return
    setCreated(false)
    setSubmitError(null)
    const found: FormErrors = {}
    if (inFlight(source.state)) found.video = STUDIO_MESSAGES.stillUploading
    if (inFlight(demo.state)) found.demo = STUDIO_MESSAGES.stillUploading
    const parsed = createVideoInputSchema.safeParse({
      title,
      description,
      sourceMediaId: sourceMedia?.id ?? '',
      demoMediaId: demoMedia?.id ?? null,
      layout: combinedLayout,
      textOverlays: overlays,
      fit,
    })
    const all = { ...(parsed.success ? {} : fieldErrorsFrom(parsed.error.issues)), ...found }
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(all)
      setFocusRequest((n) => n + 1)
      return
    }
    setErrors({})
    create.mutate(parsed.data, {
      onSuccess: () => {
        reset()
        setCreated(true)
      },
      onError: (error) => {
        setSubmitError(createErrorMessage(error))
        if (error instanceof ApiRequestError) {
          const fromServer = fieldErrorsFrom(error.details ?? [])
          if (Object.keys(fromServer).length > 0) {
            setErrors(fromServer)
            setFocusRequest((n) => n + 1)
          }
        }
      },
    })
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {hookDemo ? 'Create Hook + Demo Video' : 'Create New Video'}
      </h2>
      {hookDemo ? (
        <p className="mt-1 text-sm text-slate-700">
          Pick one of our hook clips to grab attention, add your product demo after it, and put your words on both.
        </p>
      ) : null}
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={`${id}-heading`}
        className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_280px]"
      >
        <div className="min-w-0 space-y-5">
          <fieldset className="space-y-4">
            <legend className="text-base font-semibold text-slate-900">Video source</legend>
            <p className="text-sm text-slate-600">
              Your hook, or the whole video: portrait (9:16) fits the frame as it is; a landscape or square video is
              fitted as you choose. Add a product demo to play after it or beside it.
            </p>
            <div>
              <TabList
                label="Where the video comes from"
                baseId={`${id}-source`}
                tabs={SOURCE_TABS}
                selected={sourceTab}
                onSelect={setSourceTab}
              />
              <div
                role="tabpanel"
                id={tabIds(`${id}-source`, sourceTab).panelId}
                aria-labelledby={tabIds(`${id}-source`, sourceTab).tabId}
                className="pt-3"
              >
                {sourceTab === 'upload' ? (
                  <VideoFileField
                    preview={false}
                    state={source.state}
                    error={errors.video}
                    mediaProblem={null}
                    inputKey={sourceKey}
                    onFile={(file) => {
                      touched('video')
                      setLibraryPick(null)
                      readLocalSize('video', file)
                      source.start(file)
                    }}
                    onCancel={source.clear}
                    onRemove={() => {
                      source.clear()
                      setSourceKey((n) => n + 1)
                    }}
                  />
                ) : (
                  <LibrarySlot
                    label="Library videos"
                    pick={libraryPick}
                    choosingId={choosing?.slot === 'video' ? choosing.itemId : null}
                    busy={choosing !== null}
                    initialCategory={hookDemo ? HOOK_CATEGORY : undefined}
                    removeLabel="Remove library video"
                    problem={libraryProblem}
                    onChoose={(item) => chooseLibraryVideo('video', item)}
                    onRemove={() => {
                      setLibraryPick(null)
                      touched('video')
                    }}
                  />
                )}
              </div>
            </div>
            <fieldset className="min-w-0">
              <legend className="text-sm font-medium text-slate-800">
                Product Demo Video{' '}
                <span className="font-normal text-slate-600">{hookDemo ? '(plays after the hook)' : '(optional)'}</span>
              </legend>
              <TabList
                label="Where the demo video comes from"
                baseId={`${id}-demo`}
                tabs={DEMO_TABS}
                selected={demoTab}
                onSelect={setDemoTab}
              />
              <div
                role="tabpanel"
                id={tabIds(`${id}-demo`, demoTab).panelId}
                aria-labelledby={tabIds(`${id}-demo`, demoTab).tabId}
                className="pt-3"
              >
                {demoTab === 'upload' ? (
                  <VideoFileField
                    label="Product Demo Video"
                    required={false}
                    preview={false}
                    removeLabel="Remove demo video"
                    cancelLabel="Cancel demo upload"
                    state={demo.state}
                    error={errors.demo}
                    mediaProblem={null}
                    inputKey={demoKey}
                    onFile={(file) => {
                      touched('demo')
                      setDemoPick(null)
                      readLocalSize('demo', file)
                      demo.start(file)
                    }}
                    onCancel={demo.clear}
                    onRemove={() => {
                      demo.clear()
                      setDemoKey((n) => n + 1)
                    }}
                  />
                ) : (
                  <LibrarySlot
                    label="Library videos for the demo"
                    pick={demoPick}
                    choosingId={choosing?.slot === 'demo' ? choosing.itemId : null}
                    busy={choosing !== null}
                    removeLabel="Remove library demo video"
                    problem={demoLibraryProblem}
                    onChoose={(item) => chooseLibraryVideo('demo', item)}
                    onRemove={() => {
                      setDemoPick(null)
                      touched('demo')
                    }}
                  />
                )}
              </div>
            </fieldset>
            {combined ? (
              <fieldset>
                <legend className="text-sm font-medium text-slate-800">How the two videos play</legend>
                <div className="mt-1 space-y-1">
                  {(
                    [
                      ['sequence', 'Sequence', 'the hook, then the demo'],
                      ['split', 'Side by side', 'both at once, each half the width'],
                    ] as const
                  ).map(([value, label, hint]) => (
                    <label key={value} className="flex items-start gap-2 text-sm text-slate-800">
                      <input
                        type="radio"
                        name={`${id}-layout`}
                        value={value}
                        checked={combinedLayout === value}
                        onChange={() => setCombinedLayout(value)}
                        className="mt-0.5 h-4 w-4 accent-fuchsia-700"
                      />
                      <span>
                        {label} <span className="text-slate-600">({hint})</span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            {fitApplies ? (
              <fieldset>
                <legend className="text-sm font-medium text-slate-800">Fit to 9:16</legend>
                <p className="text-xs text-slate-600">
                  Your video is not portrait 9:16. The preview shows how it will look.
                </p>
                <div className="mt-1 space-y-1">
                  {SOURCE_FITS.map((value) => (
                    <label key={value} className="flex items-start gap-2 text-sm text-slate-800">
                      <input
                        type="radio"
                        name={`${id}-fit`}
                        value={value}
                        checked={fit === value}
                        onChange={() => setFit(value)}
                        className="mt-0.5 h-4 w-4 accent-fuchsia-700"
                      />
                      <span>
                        {SOURCE_FIT_LABELS[value]} <span className="text-slate-600">({FIT_HINTS[value]})</span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
          </fieldset>

          <fieldset className="space-y-4">
            <legend className="text-base font-semibold text-slate-900">Details</legend>
            <VideoDetailsFields
              title={title}
              description={description}
              errors={errors}
              onChange={(field, value) => {
                if (field === 'title') setTitle(value)
                else setDescription(value)
                touched(field)
              }}
            />
          </fieldset>

          <fieldset className="space-y-4">
            <legend className="text-base font-semibold text-slate-900">Text Overlays</legend>
            <SavedHooks
              notice={hookNotice}
              onNotice={setHookNotice}
              onApply={(hook) => applyOverlay(overlayFromHook(hook))}
            />
            {hookGenerator?.({
              title,
              description,
              // spec §9: AI suggestions are added centred, white, 32 px, bold.
              onApply: (text) => applyOverlay(overlayFromText(text, HOOK_OVERLAY_DEFAULTS)),
            })}
            <AddOverlayForm
              draft={draft}
              combined={combined}
              count={overlays.length}
              videoMs={videoMs}
              onChange={setDraft}
              onAdd={addOverlay}
            />
            <OverlayList
              overlays={overlays}
              combined={combined}
              savingHookId={savingHookId}
              videoMs={videoMs}
              onSaveHook={saveAsHook}
              onUpdate={(updated) => {
                setOverlays((prev) => prev.map((o) => (o.id === updated.id ? updated : o)))
                touched('overlays')
              }}
              onMove={(from, to) => setOverlays((prev) => moveOverlay(prev, from, to))}
              onRemove={(overlayId) => {
                setOverlays((prev) => prev.filter((o) => o.id !== overlayId))
                touched('overlays')
              }}
            />
            {errors.overlays ? (
              <p role="alert" className="text-sm text-red-700">
                {errors.overlays}
              </p>
            ) : null}
          </fieldset>
        </div>

        <div className="min-w-0 space-y-5 self-start lg:sticky lg:top-16 lg:row-span-2">
          <OverlayPreview
            hook={hookPreview}
            demo={demoPreview}
            hookSize={hookSize}
            demoSize={demoSize}
            layout={combinedLayout}
            fit={fit}
            overlays={overlays}
            onMoveOverlay={(overlayId, anchor) =>
              setOverlays((prev) => prev.map((o) => (o.id === overlayId ? { ...o, anchor } : o)))
            }
          />
          <div>
            <h3 className="text-sm font-medium text-slate-800">How it works</h3>
            <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-700">
              <li>
                Upload a video or choose one from the Library (not 9:16? choose how it fits), and a product demo if you
                have one.
              </li>
              <li>Add text overlays: your hook, a call to action. Check them in the preview.</li>
              <li>Press Create Video. It renders in the background; it is ready to download or schedule below.</li>
            </ol>
          </div>
        </div>

        <div className="min-w-0 space-y-3 border-t border-slate-200 pt-4">
          {submitError ? <MessageBanner tone="error">{submitError}</MessageBanner> : null}
          <button
            type="submit"
            className={`${buttonClass} w-full sm:w-auto`}
            disabled={create.isPending}
            aria-busy={create.isPending || undefined}
          >
            {create.isPending ? 'Creating Video...' : 'Create Video'}
          </button>
          {created ? (
            <MessageBanner tone="success" onDismiss={() => setCreated(false)}>
              {STUDIO_MESSAGES.videoCreated}
            </MessageBanner>
          ) : null}
        </div>
      </form>
    </section>
  )
}

/** A slot's Library: the browser, what is chosen (with a way to remove it) and what went wrong. */
function LibrarySlot({
  label,
  pick,
  choosingId,
  busy,
  initialCategory,
  removeLabel,
  problem,
  onChoose,
  onRemove,
}: {
  label: string
  pick: LibraryPick | null
  choosingId: string | null
  busy: boolean
  initialCategory?: string
  removeLabel: string
  problem: string | null
  onChoose: (item: LibraryItem) => void
  onRemove: () => void
}) {
  return (
    <div className="space-y-3">
      <LibraryBrowser
        label={label}
        selectedId={pick?.item.id ?? null}
        choosingId={choosingId}
        busy={busy}
        initialCategory={initialCategory}
        onChoose={onChoose}
      />
      {pick ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
          <span className="min-w-0 break-words">
            Using <strong>{pick.item.title}</strong> from the Library.
          </span>
          <button type="button" className={secondaryButtonClass} onClick={onRemove}>
            {removeLabel}
          </button>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
