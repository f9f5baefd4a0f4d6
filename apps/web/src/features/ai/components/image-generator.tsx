import { useId, useState, type FormEvent } from 'react'
import { AI_IMAGE_MESSAGES, IMAGE_PROMPT_MAX, generateImageInputSchema, type AiImage } from '@hookpost/shared/ai-images'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { Field } from '../../../components/ui/field'
import { buttonClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { Spinner } from '../../../components/ui/spinner'
import { useGenerateImage, useSaveImage } from '../api/images'
import { aiErrorMessage } from '../utils/errors'
import { generatedImageOutcome, type GeneratedImage } from '../utils/generated-image'
import { IMAGE_MAKER_LABELS } from '../utils/providers'
import { AiSourceNote } from './ai-source-note'
import { panelClass } from './panel-styles'

/** Generate Images (product.md §2 AI Generation tab): a prompt in style selfie → the image, Save Image, Use for video. */
export function ImageGenerator({ onUse }: { onUse: (image: AiImage) => void }) {
  const id = useId()
  const generate = useGenerateImage()
  const save = useSaveImage()
  const [prompt, setPrompt] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [formError, setFormError] = useState<string | null>(null)
  const [result, setResult] = useState<GeneratedImage | null>(null)
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
        const outcome = generatedImageOutcome(response)
        if ('error' in outcome) {
          setFormError(outcome.error)
          return
        }
        setSaveError(null)
        setResult(outcome.result)
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
