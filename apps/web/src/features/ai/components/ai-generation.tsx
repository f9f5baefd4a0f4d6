import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import {
  AI_IMAGE_MESSAGES,
  IMAGE_PROMPT_MAX,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_TYPES,
  IMAGE_VIDEO_SECONDS,
  generateImageInputSchema,
  type AiImage,
} from '@hookpost/shared/ai-images'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { Field } from '../../../components/ui/field'
import { buttonClass } from '../../../components/ui/form'
import { LoadError } from '../../../components/ui/load-error'
import { MessageBanner } from '../../../components/ui/message-banner'
import { Spinner } from '../../../components/ui/spinner'
import { ApiRequestError, NetworkError } from '../../../lib/api-client'
import { MESSAGES } from '@hookpost/shared/messages'
import { POST_LIMITS } from '@hookpost/shared/posts'
import { useGenerateImage, useSaveImage, useSavedImages, useTransformToVideo, useUploadImage } from '../api/images'
import { aiErrorMessage, withReason } from '../utils/errors'
import { IMAGE_MAKER_LABELS, type AiProvider } from '../utils/providers'
import { AiSourceNote } from './ai-source-note'

const panelClass = 'rounded-lg border border-slate-200 bg-white p-4 sm:p-6'

/** spec §8 'Failed to transform to video: {status text}': the server's reason, or what went wrong on the way. */
function transformErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return `${AI_IMAGE_MESSAGES.transformFailed}: ${error.message}`
  if (error instanceof NetworkError) return `${AI_IMAGE_MESSAGES.transformFailed}: ${MESSAGES.connectionError}`
  return `${AI_IMAGE_MESSAGES.transformFailed}: ${MESSAGES.unexpected}`
}

/**
 * The AI Generation tab (spec §2): 'Generate Images' from a prompt (style selfie) — the configured image model's
 * picture, or the built-in offline text card, which says it is one — Save (then 'Saved', disabled), a gallery of saved
 * and uploaded images, and 'Transform to Video' from an image or a demo video. `demoPicker` chooses the demo (the
 * studio's Library); `renderResult` shows the video made, as it renders and once it plays.
 */
export function AiGeneration({
  demoPicker,
  demoMediaId,
  renderResult,
}: {
  demoPicker: ReactNode
  demoMediaId: string | null
  renderResult: (videoId: string) => ReactNode
}) {
  const id = useId()
  const [selected, setSelected] = useState<AiImage | null>(null)
  const transformRef = useRef<HTMLElement>(null)

  function useForVideo(image: AiImage) {
    setSelected(image)
    transformRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-6">
        <ImageGenerator onUse={useForVideo} />
        <SavedImages selectedId={selected?.id ?? null} onSelect={setSelected} />
      </div>
      <section ref={transformRef} aria-labelledby={`${id}-transform`} className={`${panelClass} scroll-mt-4`}>
        <h2 id={`${id}-transform`} className="text-lg font-semibold text-slate-900">
          Transform to Video
        </h2>
        <TransformForm image={selected} demoPicker={demoPicker} demoMediaId={demoMediaId} renderResult={renderResult} />
      </section>
    </div>
  )
}

function ImageGenerator({ onUse }: { onUse: (image: AiImage) => void }) {
  const id = useId()
  const generate = useGenerateImage()
  const save = useSaveImage()
  const [prompt, setPrompt] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [formError, setFormError] = useState<string | null>(null)
  const [result, setResult] = useState<{
    image: AiImage
    fallback: boolean
    message: string
    provider: AiProvider
  } | null>(null)
  const [saveError, setSaveError] = useState<string | null>(null)

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (generate.isPending) return
    setFormError(null)
    const parsed = generateImageInputSchema.safeParse({ prompt, style: 'selfie' })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? AI_IMAGE_MESSAGES.promptRequired)
      return
    }
    setError(undefined)
    generate.mutate(parsed.data, {
      onSuccess: (response) => {
        if (!response.success) {
          setFormError(withReason(response.message || AI_IMAGE_MESSAGES.generateFailed, response.reason))
          return
        }
        if (!response.image) {
          setFormError(AI_IMAGE_MESSAGES.noImageUrl)
          return
        }
        setSaveError(null)
        setResult({
          image: response.image,
          fallback: response.fallback,
          message: response.message,
          provider: response.provider,
        })
      },
      onError: (err) => setFormError(aiErrorMessage(err, AI_IMAGE_MESSAGES.generateFailed)),
    })
  }

  const saved = result?.image.saved ?? false

  return (
    <section aria-labelledby={`${id}-heading`} className={panelClass}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Generate Images
      </h2>
      <AiSourceNote kind="images" />
      <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-heading`} className="mt-4 space-y-4">
        <Field
          label="Image prompt"
          required
          error={error}
          hint="Describe the picture: who is in it, where, the light and the mood."
          aside={`${Array.from(prompt).length}/${IMAGE_PROMPT_MAX}`}
          render={(props) => (
            <textarea
              {...props}
              rows={3}
              maxLength={IMAGE_PROMPT_MAX}
              value={prompt}
              disabled={generate.isPending}
              onChange={(e) => {
                setPrompt(e.target.value)
                setError(undefined)
              }}
            />
          )}
        />
        <Field
          label="Style"
          error={undefined}
          render={(props) => (
            <select {...props} value="selfie" disabled={generate.isPending} onChange={() => undefined}>
              <option value="selfie">Selfie</option>
            </select>
          )}
        />
        {formError ? <MessageBanner tone="error">{formError}</MessageBanner> : null}
        <button type="submit" className={buttonClass} disabled={generate.isPending}>
          {generate.isPending ? 'Generating...' : 'Generate Image'}
        </button>
        {generate.isPending ? <Spinner label="Generating the image..." className="h-6 w-6" /> : null}
      </form>

      {result ? (
        <div className="mt-6 space-y-3">
          <h3 className="text-base font-semibold text-slate-900">Generated image</h3>
          {result.fallback ? <MessageBanner tone="info">{result.message}</MessageBanner> : null}
          <img
            src={result.image.url}
            alt={result.fallback ? `Text card: ${result.image.prompt}` : result.image.prompt}
            width={result.image.width}
            height={result.image.height}
            className="mx-auto max-h-96 w-auto rounded-md border border-slate-200 object-contain"
          />
          <p className="text-xs text-slate-600">
            {IMAGE_MAKER_LABELS[result.provider]}
            {saved ? '' : ' Unsaved images are deleted after a day: save the ones you want to keep.'}
          </p>
          {saveError ? <MessageBanner tone="error">{saveError}</MessageBanner> : null}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={saved || save.isPending}
              onClick={() => {
                setSaveError(null)
                save.mutate(result.image.id, {
                  onSuccess: (image) => setResult((r) => (r && r.image.id === image.id ? { ...r, image } : r)),
                  onError: (err) => setSaveError(aiErrorMessage(err, AI_IMAGE_MESSAGES.saveFailed)),
                })
              }}
            >
              {saved ? 'Saved' : save.isPending ? 'Saving...' : 'Save Image'}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => onUse(result.image)}>
              Use for video
            </button>
          </div>
        </div>
      ) : null}
    </section>
  )
}

function SavedImages({ selectedId, onSelect }: { selectedId: string | null; onSelect: (image: AiImage) => void }) {
  const id = useId()
  const images = useSavedImages()
  const upload = useUploadImage()
  const [uploadError, setUploadError] = useState<string | undefined>()
  const [uploadKey, setUploadKey] = useState(0)

  function onFile(file: File | undefined) {
    setUploadError(undefined)
    if (!file) return
    if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) {
      setUploadError(AI_IMAGE_MESSAGES.imageFileRequired)
      setUploadKey((k) => k + 1)
      return
    }
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) {
      setUploadError(AI_IMAGE_MESSAGES.imageTooLarge)
      setUploadKey((k) => k + 1)
      return
    }
    upload.mutate(file, {
      onSuccess: (image) => {
        onSelect(image)
        setUploadKey((k) => k + 1)
      },
      onError: (err) => {
        setUploadError(aiErrorMessage(err, AI_IMAGE_MESSAGES.imageFileRequired))
        setUploadKey((k) => k + 1)
      },
    })
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={panelClass}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Saved images
      </h2>
      <p className="mt-1 text-sm text-slate-600">Choose one to transform into a video.</p>
      <div className="mt-4">
        <Field
          label="Upload an image"
          error={uploadError}
          hint="PNG, JPEG or WebP, up to 10 MB. It is added to your saved images."
          render={(props) => (
            <input
              key={uploadKey}
              {...props}
              type="file"
              accept={IMAGE_UPLOAD_TYPES.join(',')}
              disabled={upload.isPending}
              onChange={(e) => onFile(e.target.files?.[0])}
            />
          )}
        />
        {upload.isPending ? <Spinner label="Uploading the image..." className="mt-2 h-6 w-6" /> : null}
      </div>
      {images.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading saved images..." />
        </div>
      ) : images.isError ? (
        <LoadError
          message={AI_IMAGE_MESSAGES.loadSavedFailed}
          retrying={images.isFetching}
          onRetry={() => void images.refetch()}
        />
      ) : images.data.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No saved images yet. Generate one and press Save Image.</p>
      ) : (
        <ul className="mt-4 grid max-h-96 grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-4" aria-label="Saved images">
          {images.data.map((image) => {
            const chosen = image.id === selectedId
            return (
              <li key={image.id}>
                <button
                  type="button"
                  aria-pressed={chosen}
                  aria-label={`Use image: ${image.prompt}`}
                  onClick={() => onSelect(image)}
                  className={`block w-full overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700 ${
                    chosen ? 'border-fuchsia-700' : 'border-transparent hover:border-slate-300'
                  }`}
                >
                  <img
                    src={image.url}
                    alt=""
                    loading="lazy"
                    className="aspect-[9/16] w-full bg-slate-100 object-cover"
                  />
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

type Source = 'image' | 'demo'

function TransformForm({
  image,
  demoPicker,
  demoMediaId,
  renderResult,
}: {
  image: AiImage | null
  demoPicker: ReactNode
  demoMediaId: string | null
  renderResult: (videoId: string) => ReactNode
}) {
  const id = useId()
  const transform = useTransformToVideo()
  const [source, setSource] = useState<Source>('image')
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [errors, setErrors] = useState<{ title?: string; source?: string; form?: string }>({})
  const [made, setMade] = useState<{ videoId: string; message: string } | null>(null)

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (transform.isPending) return
    const found: typeof errors = {}
    if (source === 'image' && !image) found.source = AI_IMAGE_MESSAGES.imageRequired
    if (source === 'demo' && !demoMediaId) found.source = AI_IMAGE_MESSAGES.demoRequired
    if (title.trim() === '') found.title = AI_IMAGE_MESSAGES.titleRequired
    setErrors(found)
    if (found.source || found.title) return
    const body =
      source === 'image'
        ? { videoSource: 'image' as const, imageId: image!.id, title, description }
        : { videoSource: 'demo' as const, demoMediaId: demoMediaId!, title, description }
    transform.mutate(body, {
      onSuccess: (response) => {
        if (!response.videoUrl) {
          setErrors({ form: AI_IMAGE_MESSAGES.noVideoUrl })
          return
        }
        setMade({ videoId: response.videoId, message: response.message })
        setTitle('')
        setDescription('')
      },
      onError: (err) => setErrors({ form: transformErrorMessage(err) }),
    })
  }

  return (
    <>
      <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-legend`} className="mt-4 space-y-4">
        <fieldset>
          <legend id={`${id}-legend`} className="text-sm font-medium text-slate-800">
            Video source
          </legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {(
              [
                ['image', 'Image'],
                ['demo', 'Demo video'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`${id}-source`}
                  value={value}
                  checked={source === value}
                  disabled={transform.isPending}
                  onChange={() => {
                    setSource(value)
                    setErrors((e) => ({ ...e, source: undefined }))
                  }}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>

        {source === 'image' ? (
          <div className="space-y-2">
            <h3 className="text-sm font-medium text-slate-800">Image</h3>
            {image ? (
              <div className="flex items-center gap-3">
                <img
                  src={image.url}
                  alt={`Chosen image: ${image.prompt}`}
                  className="h-32 w-auto rounded border border-slate-200 object-contain"
                />
                <p className="text-sm text-slate-700">
                  A {IMAGE_VIDEO_SECONDS}-second 9:16 video with a slow zoom and pan across it.
                </p>
              </div>
            ) : (
              <p className="text-sm text-slate-600">
                No image chosen yet: generate one and press Use for video, or pick one from your saved images.
              </p>
            )}
          </div>
        ) : (
          <div className="space-y-2">
            <h3 className="text-sm font-medium text-slate-800">Demo video</h3>
            <p className="text-sm text-slate-600">Any shape: it is fitted into a 9:16 frame.</p>
            {demoPicker}
          </div>
        )}
        {errors.source ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors.source}
          </p>
        ) : null}

        <Field
          label="Video title"
          required
          error={errors.title}
          render={(props) => (
            <input
              {...props}
              value={title}
              maxLength={POST_LIMITS.title}
              disabled={transform.isPending}
              onChange={(e) => {
                setTitle(e.target.value)
                setErrors((x) => ({ ...x, title: undefined }))
              }}
            />
          )}
        />
        <Field
          label="Video description"
          error={undefined}
          render={(props) => (
            <textarea
              {...props}
              rows={2}
              value={description}
              disabled={transform.isPending}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        />
        {errors.form ? <MessageBanner tone="error">{errors.form}</MessageBanner> : null}
        <button type="submit" className={buttonClass} disabled={transform.isPending}>
          {transform.isPending ? 'Transforming...' : 'Transform to Video'}
        </button>
      </form>
      {made ? (
        <div className="mt-6 space-y-3">
          <MessageBanner tone="success">{made.message}</MessageBanner>
          {renderResult(made.videoId)}
        </div>
      ) : null}
    </>
  )
}
