import { useId } from 'react'
import { LoadError } from '../../../components/ui/load-error'
import { Spinner } from '../../../components/ui/spinner'
import { isPostable, useSlideshowOptions } from '../api/get-slideshow-options'

const SHOWN_SLIDES = 6

/**
 * The slideshow a photo post sends (its latest render): a radio per rendered slideshow, with thumbnails of its
 * slides in order. Slideshows still rendering (or failed) are not offered.
 */
export function SlideshowPicker({
  value,
  error,
  onChange,
}: {
  value: string
  error: string | undefined
  onChange: (slideshowId: string, title: string) => void
}) {
  const id = useId()
  const options = useSlideshowOptions(true)
  const postable = (options.data ?? []).filter(isPostable)
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800">
        Slideshow{' '}
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
      </legend>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {options.isPending ? (
        <Spinner label="Loading your slideshows..." className="mt-2 h-6 w-6" />
      ) : options.isError ? (
        <LoadError
          message="Your slideshows could not be loaded."
          retrying={options.isFetching}
          onRetry={() => void options.refetch()}
        />
      ) : postable.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          No rendered slideshow yet. Make one in the Create tab (Slideshow); it can be scheduled once its slides are
          rendered.
        </p>
      ) : (
        <ul className="mt-2 max-h-72 space-y-2 overflow-y-auto">
          {postable.map((s) => (
            <li key={s.id}>
              <label
                className={`flex cursor-pointer flex-col gap-2 rounded-md border p-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-fuchsia-700 ${
                  value === s.id ? 'border-fuchsia-700 bg-fuchsia-50' : 'border-slate-200'
                }`}
              >
                <span className="flex items-center gap-2 text-sm text-slate-900">
                  <input
                    type="radio"
                    name={`${id}-slideshow`}
                    checked={value === s.id}
                    onChange={() => onChange(s.id, s.title)}
                    className="h-4 w-4 accent-fuchsia-700"
                  />
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    {s.title} ({s.slides.length} slides)
                  </span>
                </span>
                <span className="flex gap-1 overflow-hidden" aria-hidden="true">
                  {s.slides
                    .slice(0, SHOWN_SLIDES)
                    .map((slide, i) =>
                      slide.imageUrl ? (
                        <img key={i} src={slide.imageUrl} alt="" className="h-16 w-9 shrink-0 rounded object-cover" />
                      ) : null,
                    )}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  )
}
