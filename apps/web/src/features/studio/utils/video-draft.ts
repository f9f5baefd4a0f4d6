import type { LibraryVideo } from '@hookpost/shared/library'
import type { MediaFile } from '@hookpost/shared/posts'
import {
  CROP_FOCUS_CENTRE,
  HOOK_DEMO_OVERLAY_DEFAULTS,
  type OverlayAnchor,
  type SourceFit,
  type TextOverlay,
} from '@hookpost/shared/studio'
import { emptyDraft, moveOverlay, overlayFromDraft, type OverlayDraft } from './overlays'

/** The two videos of a Create form: the video (the hook, or the whole video) and the optional product demo. */
export type VideoSlot = 'video' | 'demo'

/**
 * A video chosen for a slot: a media file of the person's, and the Library item it was chosen from (null for an upload,
 * this visit's once it is checked or an earlier visit's brought back with the draft).
 */
export type VideoChoice = { media: MediaFile; item: LibraryVideo | null }

/** A Library video made a media file of the person's (the other way to give a video than uploading one). */
export type LibraryPick = { item: LibraryVideo; media: MediaFile }

/** How a hook + demo video plays its two videos. */
export type CombinedLayout = 'sequence' | 'split'

/**
 * What the person is making in the Create form, as one plain (JSON) value, kept on the server as they type
 * (`video-draft-content.ts`) and brought back: the words, the videos chosen, the fit and layout, the overlays, the
 * overlay being written, the AI hook generator's account. A file being uploaded is not in it until it is checked: the
 * upload itself (`useVideoUpload`) holds it while it is sent.
 */
export type VideoDraft = {
  title: string
  description: string
  /** The video chosen for each slot, if any: from the Library, or an upload once checked (one replaces the other). */
  chosen: Record<VideoSlot, VideoChoice | null>
  fit: SourceFit
  /** With the crop fit: where the picture is kept along the cut axis, 0–100 (issue 30 item 9). */
  cropFocus: number
  layout: CombinedLayout
  overlays: TextOverlay[]
  /** The Add text overlay form: its text and times, and the style the next overlay gets. */
  newOverlay: OverlayDraft
  /** The TikTok account the AI hook generator writes for ('' for none). */
  hookAccountId: string
}

/** The parts of the Create form that show an error of their own. */
export type CreateFormField = 'video' | 'demo' | 'title' | 'description' | 'overlays'
export type CreateFormErrors = Partial<Record<CreateFormField, string>>

/** The draft and what the form says about it: each field's complaint, and why the server refused it. */
export type VideoDraftState = {
  draft: VideoDraft
  errors: CreateFormErrors
  submitError: string | null
}

export type VideoDraftAction =
  | { type: 'detailsChanged'; field: 'title' | 'description'; value: string }
  /** A file was chosen to upload for `slot`: it replaces the Library's. */
  | { type: 'fileChosen'; slot: VideoSlot }
  /** The upload was checked by the server: it is the slot's video (and is kept with the draft). */
  | { type: 'uploadFinished'; slot: VideoSlot; media: MediaFile }
  | { type: 'libraryPicked'; slot: VideoSlot; pick: LibraryPick }
  | { type: 'videoRemoved'; slot: VideoSlot }
  /** The server no longer has the media file (deleted since): it goes, unless another has been chosen meanwhile. */
  | { type: 'videoDropped'; slot: VideoSlot; mediaId: string }
  | { type: 'hookAccountChosen'; accountId: string }
  | { type: 'fitChosen'; fit: SourceFit }
  | { type: 'cropFocusChosen'; cropFocus: number }
  | { type: 'layoutChosen'; layout: CombinedLayout }
  | { type: 'newOverlayChanged'; newOverlay: OverlayDraft }
  /** The overlay being written goes into the list with `id`. */
  | { type: 'overlayAdded'; id: string }
  /** A ready overlay (a saved hook, an AI suggestion) goes into the list. */
  | { type: 'overlayApplied'; overlay: TextOverlay }
  | { type: 'overlayUpdated'; overlay: TextOverlay }
  | { type: 'overlayMoved'; from: number; to: number }
  | { type: 'overlayRemoved'; id: string }
  /** Dragged or nudged on the preview. */
  | { type: 'overlayPlaced'; id: string; anchor: OverlayAnchor }
  /** Create was pressed: `errors` are what the form found (none: it is sent). */
  | { type: 'submitted'; errors: CreateFormErrors }
  /** The server refused or failed: what to say, and the fields it named (none: the field errors stay). */
  | { type: 'createFailed'; message: string; errors: CreateFormErrors }
  /** The video was created: the form starts over. */
  | { type: 'created'; hookDemo: boolean }

/** product.md §9: the hook-demo page's overlays go at the bottom by default. */
export function initialNewOverlay(hookDemo: boolean): OverlayDraft {
  return hookDemo ? { ...emptyDraft(), ...HOOK_DEMO_OVERLAY_DEFAULTS } : emptyDraft()
}

export function initialVideoDraft(hookDemo: boolean): VideoDraft {
  return {
    title: '',
    description: '',
    chosen: { video: null, demo: null },
    fit: 'blur',
    cropFocus: CROP_FOCUS_CENTRE,
    layout: 'sequence',
    overlays: [],
    newOverlay: initialNewOverlay(hookDemo),
    hookAccountId: '',
  }
}

export function initialVideoDraftState(hookDemo: boolean): VideoDraftState {
  return { draft: initialVideoDraft(hookDemo), errors: {}, submitError: null }
}

/** A change to `field`: its complaint goes, and so does the server's refusal (the person is acting on it). */
function touched(state: VideoDraftState, field: CreateFormField, draft: VideoDraft): VideoDraftState {
  return { draft, errors: { ...state.errors, [field]: undefined }, submitError: null }
}

function withChoice(draft: VideoDraft, slot: VideoSlot, choice: VideoChoice | null): VideoDraft {
  return { ...draft, chosen: { ...draft.chosen, [slot]: choice } }
}

function withOverlays(draft: VideoDraft, overlays: TextOverlay[]): VideoDraft {
  return { ...draft, overlays }
}

export function videoDraftReducer(state: VideoDraftState, action: VideoDraftAction): VideoDraftState {
  const { draft } = state
  switch (action.type) {
    case 'detailsChanged':
      return touched(state, action.field, { ...draft, [action.field]: action.value })
    case 'fileChosen':
    case 'videoRemoved':
      return touched(state, action.slot, withChoice(draft, action.slot, null))
    case 'uploadFinished':
      return touched(state, action.slot, withChoice(draft, action.slot, { media: action.media, item: null }))
    case 'libraryPicked':
      return touched(state, action.slot, withChoice(draft, action.slot, action.pick))
    case 'videoDropped':
      return draft.chosen[action.slot]?.media.id === action.mediaId
        ? { ...state, draft: withChoice(draft, action.slot, null) }
        : state
    case 'hookAccountChosen':
      return { ...state, draft: { ...draft, hookAccountId: action.accountId } }
    case 'fitChosen':
      return { ...state, draft: { ...draft, fit: action.fit } }
    case 'cropFocusChosen':
      return { ...state, draft: { ...draft, cropFocus: action.cropFocus } }
    case 'layoutChosen':
      return { ...state, draft: { ...draft, layout: action.layout } }
    case 'newOverlayChanged':
      return { ...state, draft: { ...draft, newOverlay: action.newOverlay } }
    case 'overlayAdded':
      return touched(state, 'overlays', {
        ...draft,
        overlays: [...draft.overlays, overlayFromDraft(draft.newOverlay, action.id)],
        // The style stays for the next one; the text, times and a dragged position start over.
        newOverlay: { ...draft.newOverlay, text: '', start: '', end: '', anchor: null },
      })
    case 'overlayApplied':
      return touched(state, 'overlays', withOverlays(draft, [...draft.overlays, action.overlay]))
    case 'overlayUpdated':
      return touched(
        state,
        'overlays',
        withOverlays(
          draft,
          draft.overlays.map((o) => (o.id === action.overlay.id ? action.overlay : o)),
        ),
      )
    case 'overlayMoved':
      return { ...state, draft: withOverlays(draft, moveOverlay(draft.overlays, action.from, action.to)) }
    case 'overlayRemoved':
      return touched(
        state,
        'overlays',
        withOverlays(
          draft,
          draft.overlays.filter((o) => o.id !== action.id),
        ),
      )
    case 'overlayPlaced':
      return {
        ...state,
        draft: withOverlays(
          draft,
          draft.overlays.map((o) => (o.id === action.id ? { ...o, anchor: action.anchor } : o)),
        ),
      }
    case 'submitted':
      return { ...state, errors: action.errors, submitError: null }
    case 'createFailed':
      return {
        ...state,
        errors: Object.keys(action.errors).length > 0 ? action.errors : state.errors,
        submitError: action.message,
      }
    case 'created':
      // The account stays chosen for the next video.
      return {
        ...state,
        draft: { ...initialVideoDraft(action.hookDemo), hookAccountId: draft.hookAccountId },
        errors: {},
      }
  }
}
