import { useId, useState, type ReactNode } from 'react'
import { SLIDESHOW_LIMITS } from '@hookpost/shared/slideshows'
import { SegmentedRadio } from '../../../../components/ui/segmented-radio'
import type { DraftSlide } from '../../utils/slideshow-draft'
import { LibraryStillPicker } from './library-still-picker'

/** An image of the person's gallery (generated or uploaded) chosen for a slide. */
export type PickedImage = { id: string; url: string; name: string }

/** The gallery (composed by the app: it is the AI feature's): its images, and an upload that joins them. */
export type ImagePickerSlot = (onPick: (image: PickedImage) => void) => ReactNode

type From = 'image' | 'still'
const FROM_LABELS: Record<From, string> = { image: 'Image (gallery or upload)', still: 'Still from a video' }

/** 'Add a slide': from the gallery or a new upload, or a still of a Library video; at most 35 slides. */
export function AddSlidePanel({
  count,
  imagePicker,
  onAdd,
}: {
  count: number
  imagePicker?: ImagePickerSlot
  onAdd: (slide: Omit<DraftSlide, 'key' | 'overlays'>) => void
}) {
  const id = useId()
  const [from, setFrom] = useState<From>(imagePicker ? 'image' : 'still')
  const full = count >= SLIDESHOW_LIMITS.maxSlides
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Add a slide</legend>
      <p className="text-sm text-slate-700">
        {count} of {SLIDESHOW_LIMITS.maxSlides} slides. Each slide is a 9:16 picture (1080×1920) with your text on it.
      </p>
      {full ? (
        <p role="status" className="text-sm text-amber-800">
          A slideshow can have at most {SLIDESHOW_LIMITS.maxSlides} slides. Remove one to add another.
        </p>
      ) : (
        <>
          <SegmentedRadio
            legend="Add from"
            name={`${id}-from`}
            options={imagePicker ? (['image', 'still'] as const) : (['still'] as const)}
            labels={FROM_LABELS}
            value={from}
            onChange={setFrom}
          />
          {from === 'image' && imagePicker
            ? imagePicker((image) =>
                onAdd({
                  source: { kind: 'image', imageId: image.id },
                  background: { kind: 'image', url: image.url },
                  name: `Image: ${image.name}`,
                }),
              )
            : null}
          {from === 'still' ? <LibraryStillPicker disabled={full} onAdd={onAdd} /> : null}
        </>
      )}
    </fieldset>
  )
}
