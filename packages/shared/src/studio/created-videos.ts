import { z } from 'zod'
import { POST_LIMITS } from '../posts'
import { OVERLAYS_MAX, textOverlaySchema } from './overlay-spec'
import { CROP_FOCUS_CENTRE, cropFocusSchema, sourceFitSchema } from './source-fit'

// Created videos (product.md §3 created_videos) and /api/videos.

/**
 * single: one video with overlays. sequence: the hook clip, then the demo (default for hook + demo). split: both side
 * by side, each half the width (the spec's combined mode), as long as the longer of the two.
 */
export const videoLayoutSchema = z.enum(['single', 'sequence', 'split'])
export type VideoLayout = z.infer<typeof videoLayoutSchema>

/** queued → rendering → processed | failed. A failed render keeps the sources; Retry queues it again. */
export const renderStateSchema = z.enum(['queued', 'rendering', 'processed', 'failed'])
export type RenderState = z.infer<typeof renderStateSchema>

export const createVideoInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, { message: 'Please enter a title for your video' })
      .max(POST_LIMITS.title, { message: `Title can be at most ${POST_LIMITS.title} characters` }),
    description: z
      .string()
      .trim()
      .max(POST_LIMITS.description, { message: `Description can be at most ${POST_LIMITS.description} characters` })
      .default(''),
    /** The primary (hook) video: a media file of the user's from /api/media (an upload or a library clip's copy). */
    sourceMediaId: z.string().min(1, {
      message: 'Please upload a video, select one from your library, or choose a demo video',
    }),
    /** The product demo; with it the video is hook + demo. */
    demoMediaId: z.string().min(1).nullable().default(null),
    /** Only with a demo; default sequence. */
    layout: z.enum(['sequence', 'split']).default('sequence'),
    textOverlays: z.array(textOverlaySchema).max(OVERLAYS_MAX).default([]),
    /** How a video that is not portrait 9:16 fills the frame (ADR 032); a 9:16 one is unaffected. */
    fit: sourceFitSchema.default('blur'),
    /** With `crop`: where the picture is kept along the cut axis, 0–100 (50, the centre, by default). */
    cropFocus: cropFocusSchema.default(CROP_FOCUS_CENTRE),
  })
  .meta({ id: 'CreateVideoInput' })
export type CreateVideoInput = z.input<typeof createVideoInputSchema>

export const createdVideoSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    layout: videoLayoutSchema,
    fit: sourceFitSchema,
    cropFocus: cropFocusSchema,
    textOverlays: z.array(textOverlaySchema),
    state: renderStateSchema,
    /** 0–100, frames done / total while rendering. */
    progress: z.number().min(0).max(100),
    /** Why the render failed, in words for the person (null unless failed). */
    errorMessage: z.string().nullable(),
    /** product.md §3: processed, processed_at. `processed` is true only when the rendered file exists. */
    processed: z.boolean(),
    processedAt: z.iso.datetime().nullable(),
    source: z.object({ mediaId: z.string(), originalName: z.string() }),
    demo: z.object({ mediaId: z.string(), originalName: z.string() }).nullable(),
    /** The rendered MP4 as a media file of the user's: what `POST /api/posts` takes as `mediaId`. */
    outputMediaId: z.string().nullable(),
    /** Same-origin URLs (cookie-authenticated): the rendered file (Range-capable), its download, the thumbnail. */
    processedVideoUrl: z.string().nullable(),
    downloadUrl: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    durationMs: z.number().int().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'CreatedVideo' })
export type CreatedVideo = z.infer<typeof createdVideoSchema>

export const createdVideoResponseSchema = z.object({ video: createdVideoSchema }).meta({ id: 'CreatedVideoResponse' })
export const createdVideoListSchema = z.object({ videos: z.array(createdVideoSchema) }).meta({ id: 'CreatedVideoList' })
