import { isLibraryVideo } from '@hookpost/shared/library'
import {
  CROP_FOCUS_CENTRE,
  HOOK_OVERLAY_DEFAULTS,
  type CreatedVideo,
  type SavedHook,
  type TextOverlay,
  type VideoDraftChoice,
  type VideoDraftContent,
  type VideoDraftView,
} from '@hookpost/shared/studio'
import { overlayFromHook, overlayFromText } from './overlays'
import { initialNewOverlay, initialVideoDraft, type VideoChoice, type VideoDraft } from './video-draft'

// The Create form's draft as the server keeps it (issue 30 item 2, ADR 044), and back.

/** Whether the person has put anything into the draft: an untouched form is not kept. */
export function draftHasWork(draft: VideoDraft): boolean {
  return (
    draft.title.trim() !== '' ||
    draft.description.trim() !== '' ||
    draft.chosen.video !== null ||
    draft.chosen.demo !== null ||
    draft.overlays.length > 0 ||
    draft.newOverlay.text.trim() !== ''
  )
}

function choiceContent(choice: VideoChoice | null): VideoDraftChoice | null {
  if (!choice) return null
  return { mediaId: choice.media.id, name: choice.item?.title ?? choice.media.originalName, libraryItem: choice.item }
}

/** What is saved of the form; null when it holds nothing of the person's (saving null clears the stored draft). */
export function draftContent(draft: VideoDraft): VideoDraftContent | null {
  if (!draftHasWork(draft)) return null
  return {
    title: draft.title,
    description: draft.description,
    videos: { video: choiceContent(draft.chosen.video), demo: choiceContent(draft.chosen.demo) },
    layout: draft.layout,
    fit: draft.fit,
    cropFocus: draft.cropFocus,
    overlays: draft.overlays,
    newOverlay: draft.newOverlay,
    hookAccountId: draft.hookAccountId === '' ? null : draft.hookAccountId,
  }
}

/**
 * A value as one string whatever the order of its keys: two drafts are the same save when their keys are equal (what
 * the server answers is parsed in the contract's key order, the form builds its own).
 */
export function draftKey(content: VideoDraftContent | null): string {
  return JSON.stringify(content, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  )
}

/** The form a saved draft opens with; an empty one (the hook-demo preset's defaults) when nothing is kept. */
export function draftFromSaved(view: Pick<VideoDraftView, 'content' | 'media'>, hookDemo: boolean): VideoDraft {
  const { content, media } = view
  if (!content) return initialVideoDraft(hookDemo)
  const choice = (saved: VideoDraftChoice | null, file: VideoDraftView['media']['video']): VideoChoice | null =>
    saved && file && file.id === saved.mediaId
      ? { media: file, item: saved.libraryItem && isLibraryVideo(saved.libraryItem) ? saved.libraryItem : null }
      : null
  return {
    title: content.title,
    description: content.description,
    chosen: { video: choice(content.videos.video, media.video), demo: choice(content.videos.demo, media.demo) },
    fit: content.fit,
    cropFocus: content.cropFocus,
    layout: content.layout,
    overlays: content.overlays,
    newOverlay: content.newOverlay,
    hookAccountId: content.hookAccountId ?? '',
  }
}

/** A draft that starts a video from words and a first overlay (an idea, a saved hook). */
function startedWith(title: string, description: string, overlay: TextOverlay): VideoDraftContent {
  return {
    title,
    description,
    videos: { video: null, demo: null },
    layout: 'sequence',
    fit: 'blur',
    cropFocus: CROP_FOCUS_CENTRE,
    overlays: [overlay],
    newOverlay: initialNewOverlay(false),
    hookAccountId: null,
  }
}

/** A content idea made a video: its title and what to film, its hook as the first overlay (product.md §9's hook style). */
export function contentFromIdea(idea: { title: string; description: string; hookText: string }): VideoDraftContent {
  return startedWith(idea.title, idea.description, overlayFromText(idea.hookText, HOOK_OVERLAY_DEFAULTS))
}

/** A saved hook made a video: the hook, with its own style, as the first overlay; the words are the person's to write. */
export function contentFromSavedHook(hook: SavedHook): VideoDraftContent {
  return startedWith('', '', overlayFromHook(hook))
}

/**
 * A created video's inputs as a new draft ("Edit as new"): its videos, layout, fit, words and overlays, to change the
 * hook and create a variant. The video itself is not touched; the media files are shared (a video's sources cannot be
 * deleted while it exists).
 */
export function contentFromVideo(video: CreatedVideo): VideoDraftContent {
  const choice = (file: { mediaId: string; originalName: string } | null): VideoDraftChoice | null =>
    file ? { mediaId: file.mediaId, name: file.originalName, libraryItem: null } : null
  return {
    title: video.title,
    description: video.description,
    videos: { video: choice(video.source), demo: choice(video.demo) },
    layout: video.layout === 'split' ? 'split' : 'sequence',
    fit: video.fit,
    cropFocus: video.cropFocus,
    overlays: video.textOverlays,
    newOverlay: initialNewOverlay(false),
    hookAccountId: null,
  }
}
