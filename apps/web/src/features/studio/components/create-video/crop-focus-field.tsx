import { useId } from 'react'
import { CROP_FOCUS_CENTRE } from '@hookpost/shared/studio'
import type { CropAxis } from '../../utils/chosen-videos'

const ENDS: Record<CropAxis, [string, string]> = { sides: ['left', 'right'], ends: ['top', 'bottom'] }

/** How the focus reads aloud and beside the slider: "Centre", "Left edge", "30% towards the right". */
export function cropFocusText(focus: number, axis: CropAxis): string {
  const [start, end] = ENDS[axis]
  if (focus === CROP_FOCUS_CENTRE) return 'Centre'
  if (focus === 0) return `${capitalised(start)} edge`
  if (focus === 100) return `${capitalised(end)} edge`
  return focus < CROP_FOCUS_CENTRE
    ? `${CROP_FOCUS_CENTRE - focus}% towards the ${start}`
    : `${focus - CROP_FOCUS_CENTRE}% towards the ${end}`
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

/**
 * Which part of a cropped video is kept (issue 30 item 9): a slider along the axis the crop cuts, the preview following
 * it, with a button back to the centre. The renderer keeps the same window (render-args.ts `coverCrop`).
 */
export function CropFocusField({
  axis,
  focus,
  onChange,
}: {
  axis: CropAxis
  focus: number
  onChange: (focus: number) => void
}) {
  const id = useId()
  const [start, end] = ENDS[axis]
  const text = cropFocusText(focus, axis)
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Crop focus
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Which part of your video stays in the frame: move it towards the {start} or the {end}. The preview follows.
      </p>
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="text-xs text-slate-600 capitalize">
          {start}
        </span>
        <input
          id={id}
          type="range"
          min={0}
          max={100}
          step={5}
          value={focus}
          aria-valuetext={text}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChange(Number(e.target.value))}
          className="min-w-0 flex-1 accent-fuchsia-700"
        />
        <span aria-hidden="true" className="text-xs text-slate-600 capitalize">
          {end}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <output htmlFor={id}>{text}</output>
        {focus !== CROP_FOCUS_CENTRE ? (
          <button
            type="button"
            className="text-sm font-medium text-fuchsia-800 underline"
            onClick={() => onChange(CROP_FOCUS_CENTRE)}
          >
            Back to the centre
          </button>
        ) : null}
      </div>
    </div>
  )
}
