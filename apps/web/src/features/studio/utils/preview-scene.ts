import { CROP_FOCUS_CENTRE, type SourceFit } from '@hookpost/shared/studio'
import type { PreviewSegment } from './overlays'
import { needsFit, previewFit, type PreviewFit } from './preview'

/** What a preview plays: a local file (before and while it uploads) or a stored video (a Library pick). */
export type PreviewSource = { name: string; file: File } | { name: string; url: string }

/** A video's size and, once the server measured it, its length. */
export type PreviewSize = { width: number; height: number; durationMs?: number }

const SEGMENT_NAMES: Record<PreviewSegment, string> = {
  hook: 'The hook video',
  demo: 'The demo video',
  split: 'Hook and demo side by side',
}

/** What the preview says under the frame about how a video that is not 9:16 is fitted. */
const FIT_NOTES: Record<SourceFit, string> = {
  blur: 'Not 9:16: shown whole over a blurred copy of itself.',
  crop: 'Not 9:16: cropped to fill the frame (its centre is kept).',
}
const FOCUSED_CROP_NOTE = 'Not 9:16: cropped to fill the frame (the part your crop focus chose is kept).'

export type PreviewSceneInput = {
  hook: PreviewSource | null
  demo: PreviewSource | null
  /** The videos' sizes and lengths once known (the server measured them). */
  hookSize: PreviewSize | null
  demoSize: PreviewSize | null
  layout: 'sequence' | 'split'
  /** How a video that is not portrait 9:16 fills the whole frame (ADR 032). */
  fit: SourceFit
  /** With the crop: where the hook's picture is kept, 0–100 along the cut axis (the demo keeps its centre). */
  cropFocus?: number
  /** The segment picked with the Hook / Demo toggle (a sequence shows one at a time). */
  chosen: 'hook' | 'demo'
}

export type PreviewScene = {
  /** Both a hook and a demo: a hook + demo video. */
  combined: boolean
  segment: PreviewSegment
  /** Where the segment starts in the output video (overlay times are the output's). */
  offsetMs: number
  /** The video on the whole frame (side by side shows both halves instead). */
  shownSource: PreviewSource | null
  shownSize: PreviewSize | null
  shownFit: PreviewFit
  /** Where a covering video is placed in the frame, as CSS object-position (the render's crop window). */
  shownPosition: string
  /** Said under the frame when the video shown is not 9:16. */
  fitNote: string | null
  /** Whether there is anything to play. */
  hasVideo: boolean
  /** What the canvas' text alternative calls the picture. */
  pictureName: string
}

/** What the preview shows for the videos chosen: which segment, which video on the frame, fitted how. */
export function previewScene({
  hook,
  demo,
  hookSize,
  demoSize,
  layout,
  fit,
  cropFocus = CROP_FOCUS_CENTRE,
  chosen,
}: PreviewSceneInput): PreviewScene {
  const combined = hook !== null && demo !== null
  const segment: PreviewSegment = !combined ? 'hook' : layout === 'split' ? 'split' : chosen
  // Overlay times are the output's: the demo of a sequence starts when the hook ends.
  const offsetMs = segment === 'demo' ? (hookSize?.durationMs ?? 0) : 0
  const shownSource = segment === 'demo' ? demo : hook
  const shownSize = segment === 'demo' ? demoSize : hookSize
  return {
    combined,
    segment,
    offsetMs,
    shownSource,
    shownSize,
    shownFit: previewFit('full', shownSize, fit),
    // CSS places a covering picture as ffmpeg's crop offset does: (frame − picture) × share along each axis.
    shownPosition: segment === 'hook' ? `${cropFocus}% ${cropFocus}%` : '50% 50%',
    fitNote:
      segment !== 'split' && shownSource && needsFit(shownSize)
        ? fit === 'crop' && segment === 'hook' && cropFocus !== CROP_FOCUS_CENTRE
          ? FOCUSED_CROP_NOTE
          : FIT_NOTES[fit]
        : null,
    hasVideo: segment === 'split' ? combined : shownSource !== null,
    pictureName: combined ? SEGMENT_NAMES[segment] : 'The video',
  }
}

/** The preview's clock: '1.5 s'. */
export function formatSeconds(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(1)} s`
}
