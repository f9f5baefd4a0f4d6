import { useId, useMemo } from 'react'
import { AI_IMAGE_MESSAGES } from '@hookpost/shared/ai-images'
import { AUTOMATION_LIMITS } from '@hookpost/shared/automation'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { LoadError } from '../../../components/ui/load-error'
import { Spinner } from '../../../components/ui/spinner'

/** One image of the person's gallery (saved and uploaded images), as the app composes it from the gallery's list. */
export interface GalleryImage {
  id: string
  url: string
  /** What the image shows, in words: its prompt, or what it is when it has none. */
  description: string
}

export interface ImageChoices {
  status: 'pending' | 'error' | 'success'
  items: readonly GalleryImage[]
  retrying: boolean
  onRetry: () => void
}

/**
 * The images slideshow posts draw their backgrounds from (issue 29): least recently used first, a different image on
 * each slide when there are enough of them. Chosen images that left the gallery are said and can be dropped.
 */
export function SlideshowImageSelection({
  images,
  selected,
  slidesPerShow,
  error,
  onChange,
}: {
  images: ImageChoices
  selected: readonly string[]
  /** Slides in each slideshow: that many images give every slide its own. */
  slidesPerShow: number
  error: string | undefined
  onChange: (slideshowImageIds: string[]) => void
}) {
  const id = useId()
  const known = useMemo(() => new Set(images.items.map((i) => i.id)), [images.items])
  const gone = images.status === 'success' ? selected.filter((imageId) => !known.has(imageId)) : []
  const full = selected.length >= AUTOMATION_LIMITS.slideshowImagesMax
  const countId = `${id}-count`
  const errorId = `${id}-error`

  function toggle(imageId: string, on: boolean) {
    onChange(on ? [...selected, imageId] : selected.filter((v) => v !== imageId))
  }

  return (
    <fieldset className="space-y-3" aria-describedby={[error ? errorId : null, countId].filter(Boolean).join(' ')}>
      <legend className="text-sm font-medium text-slate-800">Images for slideshows</legend>
      <p className="text-sm text-slate-600">
        Each slide gets one of these as its background, the least recently used first. Choose {slidesPerShow} or more so
        no image repeats within a slideshow. Up to {AUTOMATION_LIMITS.slideshowImagesMax} images; add more in AI
        Generation.
      </p>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <p id={countId} className="text-sm font-medium text-slate-900" aria-live="polite">
          {selected.length === 1 ? '1 image selected' : `${selected.length} images selected`}
        </p>
        {selected.length > 0 ? (
          <button type="button" className={secondaryButtonClass} onClick={() => onChange([])}>
            Clear images
          </button>
        ) : null}
      </div>
      {gone.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-yellow-300 bg-yellow-50 p-2 text-sm text-yellow-900">
          <span>
            {gone.length === 1
              ? '1 chosen image is no longer in your gallery.'
              : `${gone.length} chosen images are no longer in your gallery.`}
          </span>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => onChange(selected.filter((v) => known.has(v)))}
          >
            {gone.length === 1 ? 'Remove the missing image' : 'Remove the missing images'}
          </button>
        </div>
      ) : null}

      {images.status === 'pending' ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading your images..." />
        </div>
      ) : images.status === 'error' ? (
        <LoadError
          message={AI_IMAGE_MESSAGES.loadSavedFailed}
          onRetry={images.onRetry}
          retrying={images.retrying}
          className="space-y-3"
        />
      ) : images.items.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          Your gallery is empty. Generate or upload images in AI Generation, then choose them here.
        </p>
      ) : (
        <ul
          aria-label="Gallery images"
          data-field="slideshowImageIds"
          tabIndex={-1}
          className="grid max-h-80 grid-cols-3 gap-2 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-5 lg:grid-cols-6"
        >
          {images.items.map((image) => {
            const checked = selected.includes(image.id)
            return (
              <li key={image.id}>
                <label
                  className={`relative block cursor-pointer rounded-md border p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-fuchsia-700 ${
                    checked ? 'border-fuchsia-700 bg-fuchsia-50 ring-1 ring-fuchsia-700' : 'border-slate-200'
                  }`}
                >
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={(e) => toggle(image.id, e.target.checked)}
                    className="absolute top-1.5 left-1.5 h-4 w-4 rounded border-slate-300 accent-fuchsia-700"
                  />
                  {/* The image's words name its checkbox. */}
                  <img
                    src={image.url}
                    alt={image.description}
                    width={72}
                    height={128}
                    loading="lazy"
                    className="aspect-[9/16] w-full rounded bg-slate-200 object-cover"
                  />
                </label>
              </li>
            )
          })}
        </ul>
      )}
    </fieldset>
  )
}
