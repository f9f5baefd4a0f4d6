import { HOOK_CATEGORY } from '@hookpost/shared/library'
import { SOURCE_FIT_LABELS, SOURCE_FITS, type SourceFit } from '@hookpost/shared/studio'
import type { LibraryChoice } from '../../hooks/use-library-choice'
import type { CropAxis } from '../../utils/chosen-videos'
import type { SlotUpload } from '../../hooks/use-slot-upload'
import type { CreateFormErrors } from '../../utils/video-draft'
import type { CombinedLayout, VideoDraft, VideoSlot } from '../../utils/video-draft'
import { ChoiceFieldset } from './choice-fieldset'
import { CropFocusField } from './crop-focus-field'
import { VideoSlotField } from './video-slot-field'

const LAYOUT_OPTIONS = [
  { value: 'sequence', label: 'Sequence', hint: 'the hook, then the demo' },
  { value: 'split', label: 'Side by side', hint: 'both at once, each half the width' },
] as const

/** Why each fit: said beside its choice. */
const FIT_HINTS: Record<SourceFit, string> = {
  blur: 'the whole picture, over a blurred copy of itself',
  crop: 'fills the frame; the edges are cut',
}

const FIT_OPTIONS = SOURCE_FITS.map((value) => ({ value, label: SOURCE_FIT_LABELS[value], hint: FIT_HINTS[value] }))

/**
 * The form's 'Video source': the video (uploaded or from the Library), the optional Product Demo Video, how the two
 * play once both are there, and how a video that is not 9:16 is fitted (ADR 032) — asked right under the video it
 * concerns, with the crop's focus (issue 30 item 9).
 */
export function VideoSourceSection({
  id,
  hookDemo,
  draft,
  errors,
  combined,
  fitApplies,
  cropAxis,
  uploads,
  library,
  onFile,
  onRemove,
  onLayout,
  onFit,
  onCropFocus,
}: {
  /** The form's id, which the fields' ids start with. */
  id: string
  hookDemo: boolean
  draft: Pick<VideoDraft, 'chosen' | 'layout' | 'fit' | 'cropFocus'>
  errors: CreateFormErrors
  combined: boolean
  fitApplies: boolean
  cropAxis: CropAxis | null
  uploads: Record<VideoSlot, SlotUpload>
  library: LibraryChoice
  onFile: (slot: VideoSlot, file: File) => void
  onRemove: (slot: VideoSlot) => void
  onLayout: (layout: CombinedLayout) => void
  onFit: (fit: SourceFit) => void
  onCropFocus: (focus: number) => void
}) {
  const slotField = (slot: VideoSlot) => ({
    slot,
    upload: uploads[slot],
    library,
    choice: draft.chosen[slot],
    error: errors[slot],
    onFile: (file: File) => onFile(slot, file),
    onRemove: () => onRemove(slot),
  })
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">Video source</legend>
      <p className="text-sm text-slate-600">
        Your hook, or the whole video: portrait (9:16) fits the frame as it is; a landscape or square video is fitted as
        you choose. Add a product demo to play after it or beside it.
      </p>
      <div>
        <VideoSlotField
          {...slotField('video')}
          baseId={`${id}-source`}
          initialTab={hookDemo ? 'library' : 'upload'}
          initialCategory={hookDemo ? HOOK_CATEGORY : undefined}
        />
      </div>
      {fitApplies ? (
        <div className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3">
          <ChoiceFieldset
            legend="Fit to 9:16"
            note="Your video is not portrait 9:16. The preview shows how it will look."
            name={`${id}-fit`}
            options={FIT_OPTIONS}
            value={draft.fit}
            onChange={onFit}
          />
          {draft.fit === 'crop' && cropAxis ? (
            <CropFocusField axis={cropAxis} focus={draft.cropFocus} onChange={onCropFocus} />
          ) : null}
        </div>
      ) : null}
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-slate-800">
          Product Demo Video{' '}
          <span className="font-normal text-slate-600">{hookDemo ? '(plays after the hook)' : '(optional)'}</span>
        </legend>
        <VideoSlotField {...slotField('demo')} baseId={`${id}-demo`} initialTab="upload" />
      </fieldset>
      {combined ? (
        <ChoiceFieldset
          legend="How the two videos play"
          name={`${id}-layout`}
          options={LAYOUT_OPTIONS}
          value={draft.layout}
          onChange={onLayout}
        />
      ) : null}
    </fieldset>
  )
}
