import { useId, useState } from 'react'
import { AI_IMAGE_MESSAGES, IMAGE_UPLOAD_TYPES, type AiImage } from '@hookpost/shared/ai-images'
import { Field } from '../../../components/ui/field'
import { LoadError } from '../../../components/ui/load-error'
import { Spinner } from '../../../components/ui/spinner'
import { useSavedImages, useUploadImage } from '../api/images'
import { aiErrorMessage } from '../utils/errors'
import { uploadRefusal } from '../utils/image-upload'
import { panelClass } from './panel-styles'

/** Saved images: the gallery of saved and uploaded images, and an upload; the one chosen is transformed to a video. */
export function SavedImages({
  selectedId,
  onSelect,
  intro = 'Choose one to transform into a video.',
}: {
  selectedId: string | null
  onSelect: (image: AiImage) => void
  /** What choosing an image does here. */
  intro?: string
}) {
  const id = useId()
  const images = useSavedImages()
  const upload = useUploadImage()
  const [uploadError, setUploadError] = useState<string | undefined>()
  const [uploadKey, setUploadKey] = useState(0)

  function onFile(file: File | undefined) {
    setUploadError(undefined)
    if (!file) return
    const refusal = uploadRefusal(file)
    if (refusal) {
      setUploadError(refusal)
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
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
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
