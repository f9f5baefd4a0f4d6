import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { AI_IMAGE_MESSAGES, IMAGE_VIDEO_SECONDS, type AiImage } from '@hookpost/shared/ai-images'
import { POST_LIMITS } from '@hookpost/shared/posts'
import { Field } from '../../../components/ui/field'
import { buttonClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { useTransformToVideo } from '../api/images'
import { TransformHookStep, type TransformHookSlot } from './transform-hook-step'
import {
  transformErrorMessage,
  transformRequest,
  type TransformErrors,
  type VideoSource,
} from '../utils/transform-request'

/**
 * Transform to Video's form: the source (the chosen image, or a demo video from `demoPicker`), a title and a
 * description, and the hook burned in over it (`hookGenerator` suggests one); the video made shows below it
 * (`renderResult`).
 */
export function TransformForm({
  image,
  demoPicker,
  demoMediaId,
  renderResult,
  hookGenerator,
}: {
  image: AiImage | null
  demoPicker: ReactNode
  demoMediaId: string | null
  renderResult: (videoId: string) => ReactNode
  hookGenerator?: (slot: TransformHookSlot) => ReactNode
}) {
  const id = useId()
  const transform = useTransformToVideo()
  const [source, setSource] = useState<VideoSource>('image')
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [hook, setHook] = useState('')
  const [errors, setErrors] = useState<TransformErrors>({})
  const [made, setMade] = useState<{ videoId: string; message: string } | null>(null)

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (transform.isPending) return
    const { errors: found, body } = transformRequest({ source, image, demoMediaId, title, description, hook })
    setErrors(found)
    if (!body) return
    transform.mutate(body, {
      onSuccess: (response) => {
        if (!response.videoUrl) {
          setErrors({ form: AI_IMAGE_MESSAGES.noVideoUrl })
          return
        }
        setMade({ videoId: response.videoId, message: response.message })
        setTitle('')
        setDescription('')
        setHook('')
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
        <TransformHookStep
          hook={hook}
          title={title}
          description={description}
          disabled={transform.isPending}
          error={errors.hook}
          onChange={(value) => {
            setHook(value)
            setErrors((x) => ({ ...x, hook: undefined }))
          }}
          hookGenerator={hookGenerator}
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
