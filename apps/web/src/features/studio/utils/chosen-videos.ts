import type { MediaFile } from '@hookpost/shared/posts'
import { cropCutsSides } from '@hookpost/shared/studio'
import { mediaFileUrl } from '../../../lib/uploads/finalize-upload'
import type { VideoUploadState } from '../../../lib/uploads/use-video-upload'
import type { PreviewSource } from './preview-scene'
import { needsFit } from './preview'
import type { VideoDimensions } from './video-dimensions'
import type { CombinedLayout, VideoChoice, VideoDraft, VideoSlot } from './video-draft'

/** The local files' sizes, read in the browser: the preview fits them before the server has measured them. */
export type LocalSizes = Record<VideoSlot, VideoDimensions | null>

/** The local file behind an upload (shown in the preview before and while it uploads). */
export function fileOf(state: VideoUploadState): File | null {
  return state.phase === 'idle' || state.phase === 'failed' ? null : state.file
}

function previewOf(file: File | null, choice: VideoChoice | null): PreviewSource | null {
  if (file) return { name: file.name, file }
  if (!choice) return null
  // An upload of an earlier visit plays from the server.
  return choice.item
    ? { name: choice.item.title, url: choice.item.videoUrl }
    : { name: choice.media.originalName, url: mediaFileUrl(choice.media.id) }
}

/** Whether an upload is still on its way (its media file is not there yet). */
export function inFlight(state: VideoUploadState): boolean {
  return state.phase === 'inspecting' || state.phase === 'uploading' || state.phase === 'checking'
}

/** The videos the form has: what the preview plays and fits, what Create sends, what the overlays' times must fit. */
export type ChosenVideos = {
  hookPreview: PreviewSource | null
  demoPreview: PreviewSource | null
  /** product.md §4: combined mode is on when both a video and a demo video are chosen. */
  combined: boolean
  sourceMedia: MediaFile | null
  demoMedia: MediaFile | null
  hookSize: MediaFile | VideoDimensions | null
  demoSize: MediaFile | VideoDimensions | null
  /** Whether the form asks how to fit a video that is not 9:16. */
  fitApplies: boolean
  /**
   * What a crop cuts off the video (the hook) on the whole frame, when it is not 9:16: its sides or its top and bottom
   * (the crop focus moves along it); null when a crop would not cut it.
   */
  cropAxis: CropAxis | null
  /** The video's length once the server measured it (overlay times must fall within it). */
  videoMs: number | null
}

function mediaOf(state: VideoUploadState, choice: VideoChoice | null): MediaFile | null {
  return state.phase === 'ready' ? state.media : (choice?.media ?? null)
}

/** Render-args' outputFrames: a sequence lasts both videos, side by side the longer one. */
function outputMs(source: MediaFile | null, demo: MediaFile | null, combined: boolean, layout: CombinedLayout) {
  if (!source) return null
  if (!combined || !demo) return source.durationMs
  return layout === 'sequence' ? source.durationMs + demo.durationMs : Math.max(source.durationMs, demo.durationMs)
}

/** The axis a crop to 9:16 cuts: the sides of a wider video, the ends (top and bottom) of a taller one. */
export type CropAxis = 'sides' | 'ends'

export function chosenVideos(
  draft: Pick<VideoDraft, 'chosen' | 'layout'>,
  uploads: Record<VideoSlot, VideoUploadState>,
  localSizes: LocalSizes,
): ChosenVideos {
  const sourceFile = fileOf(uploads.video)
  const demoFile = fileOf(uploads.demo)
  const hookPreview = previewOf(sourceFile, draft.chosen.video)
  const demoPreview = previewOf(demoFile, draft.chosen.demo)
  const combined = hookPreview !== null && demoPreview !== null
  const sourceMedia = mediaOf(uploads.video, draft.chosen.video)
  const demoMedia = mediaOf(uploads.demo, draft.chosen.demo)
  // The server's measure (ffprobe) once there is one, else the browser's.
  const hookSize = sourceMedia ?? (sourceFile ? localSizes.video : null)
  const demoSize = demoMedia ?? (demoFile ? localSizes.demo : null)
  // The fit matters for a video that is not 9:16 on the whole frame: the hook (alone or first), the demo in sequence.
  const fitApplies = combined
    ? draft.layout === 'sequence' && (needsFit(hookSize) || needsFit(demoSize))
    : needsFit(hookSize)
  const hookOnFullFrame = !combined || draft.layout === 'sequence'
  const cropAxis: CropAxis | null =
    hookOnFullFrame && hookSize && needsFit(hookSize)
      ? cropCutsSides(hookSize.width, hookSize.height)
        ? 'sides'
        : 'ends'
      : null
  return {
    hookPreview,
    demoPreview,
    combined,
    sourceMedia,
    demoMedia,
    hookSize,
    demoSize,
    fitApplies,
    cropAxis,
    videoMs: outputMs(sourceMedia, demoMedia, combined, draft.layout),
  }
}
