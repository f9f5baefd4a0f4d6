import { z } from 'zod'
import { libraryItemSchema } from '../library'
import { mediaFileSchema, POST_LIMITS } from '../posts'
import { OVERLAYS_MAX, OVERLAY_TEXT_MAX, textOverlayFieldsSchema, textOverlaySchema } from './overlay-spec'
import { CROP_FOCUS_CENTRE, cropFocusSchema, sourceFitSchema } from './source-fit'

// The Create form's draft (issue 30 item 2, ADR 044): what the form holds, kept on the server for its person as they
// type, so a reload, another tab or another device opens it again. One per person; `revision` says which save it is.

/**
 * The most a draft may weigh, as JSON (UTF-8 bytes): a full form (a long description, ten overlays, two Library videos)
 * is well under a third of it, and it stays within what a browser lets a page send while it closes (64 KB, keepalive).
 */
export const VIDEO_DRAFT_MAX_BYTES = 48 * 1024

/**
 * What a draft keeps of the words, before Create checks them: more than a post allows (the form shows the count and
 * Create refuses it), so nothing typed is lost, yet bounded.
 */
export const VIDEO_DRAFT_TEXT_MAX = { title: 10 * POST_LIMITS.title, description: 4 * POST_LIMITS.description } as const

export const VIDEO_DRAFT_SLOTS = ['video', 'demo'] as const
export const videoDraftSlotSchema = z.enum(VIDEO_DRAFT_SLOTS)
export type VideoDraftSlot = z.infer<typeof videoDraftSlotSchema>

/** A video the draft uses: a media file of the person's, the name it is shown by, and the Library item it came from. */
export const videoDraftChoiceSchema = z.object({
  mediaId: z.string().min(1).max(64),
  name: z.string().max(300),
  /** Set when it was chosen from the Library (the form says "Using … from the Library"); null for an upload. */
  libraryItem: libraryItemSchema.nullable(),
})
export type VideoDraftChoice = z.infer<typeof videoDraftChoiceSchema>

/** The overlay being written in 'Add text overlay': its text and times as typed (seconds), and the style it gets. */
export const overlayInProgressSchema = textOverlayFieldsSchema
  .omit({ id: true, text: true, startMs: true, endMs: true })
  .extend({
    text: z.string().max(4 * OVERLAY_TEXT_MAX),
    start: z.string().max(20),
    end: z.string().max(20),
  })
export type OverlayInProgress = z.infer<typeof overlayInProgressSchema>

export const videoDraftContentSchema = z
  .object({
    title: z.string().max(VIDEO_DRAFT_TEXT_MAX.title, {
      message: `A draft keeps at most ${VIDEO_DRAFT_TEXT_MAX.title.toLocaleString('en-US')} characters of title`,
    }),
    description: z.string().max(VIDEO_DRAFT_TEXT_MAX.description, {
      message: `A draft keeps at most ${VIDEO_DRAFT_TEXT_MAX.description.toLocaleString('en-US')} characters of description`,
    }),
    /** The video (the hook, or the whole video) and the product demo; both make it hook + demo. */
    videos: z.object({ video: videoDraftChoiceSchema.nullable(), demo: videoDraftChoiceSchema.nullable() }),
    layout: z.enum(['sequence', 'split']),
    fit: sourceFitSchema,
    /** A draft kept before the crop focus existed has none: the centre. */
    cropFocus: cropFocusSchema.default(CROP_FOCUS_CENTRE),
    overlays: z.array(textOverlaySchema).max(OVERLAYS_MAX),
    newOverlay: overlayInProgressSchema,
    /** The TikTok account the AI hook generator writes for. */
    hookAccountId: z.string().max(64).nullable(),
  })
  .meta({ id: 'VideoDraftContent' })
export type VideoDraftContent = z.infer<typeof videoDraftContentSchema>

/**
 * PUT /api/video-draft. `revision` is the one the page last read or saved (0: none yet); the save is refused (409) when
 * the stored draft has moved on since, so an older tab never overwrites newer work. `content: null` clears it.
 */
export const saveVideoDraftInputSchema = z
  .object({
    revision: z.number().int().min(0),
    content: videoDraftContentSchema.nullable(),
  })
  .meta({ id: 'SaveVideoDraft' })
export type SaveVideoDraftInput = z.infer<typeof saveVideoDraftInputSchema>

/** A video the draft named that is no longer the person's (deleted since): taken out, and said so. */
export const droppedDraftVideoSchema = z.object({ slot: videoDraftSlotSchema, mediaId: z.string(), name: z.string() })
export type DroppedDraftVideo = z.infer<typeof droppedDraftVideoSchema>

export const videoDraftSchema = z
  .object({
    /** How many times it was saved (0: never); the next save sends it back. */
    revision: z.number().int().min(0),
    /** null: nothing is kept (never saved, cleared by Create Video or "Start over"). */
    content: videoDraftContentSchema.nullable(),
    /** The media files `content.videos` names, as they are now (their length and size, for the form). */
    media: z.object({ video: mediaFileSchema.nullable(), demo: mediaFileSchema.nullable() }),
    dropped: z.array(droppedDraftVideoSchema),
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'VideoDraft' })
export type VideoDraftView = z.infer<typeof videoDraftSchema>

export const videoDraftResponseSchema = z.object({ draft: videoDraftSchema }).meta({ id: 'VideoDraftResponse' })

export const VIDEO_DRAFT_MESSAGES = {
  saving: 'Saving…',
  saved: 'Draft saved',
  saveFailed: 'Your draft could not be saved',
  fetchFailed: 'Failed to load your draft',
  conflict:
    'This draft was changed in another tab or on another device after this page opened it, so this page did not save over it.',
  tooLarge: `This draft is larger than ${VIDEO_DRAFT_MAX_BYTES / 1024} KB and could not be saved. Shorten the description or remove an overlay.`,
  discardConfirm:
    'Everything in this draft (the videos chosen, the words and the overlays) will be cleared. This cannot be undone.',
  replaceConfirm: 'Your current draft (its videos, words and overlays) will be replaced.',
} as const

/** Said when a video the draft used has been deleted since. */
export function droppedVideoMessage(name: string): string {
  return `“${name}” is no longer among your videos, so it was taken out of this draft.`
}
