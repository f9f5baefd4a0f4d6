import { z } from 'zod'
import { renderStateSchema } from './studio/created-videos'
import { OVERLAYS_MAX, textOverlaySchema } from './studio/overlay-spec'

/*
 * Slideshows (issue 29): TikTok photo posts made in the studio. A slideshow is 1–35 slides, each a background image
 * (a gallery image — generated or uploaded — or a still from a video clip) with the same text overlays as a video,
 * rendered by the server to 1080×1920 JPEGs. Each render is an immutable photo set; a post keeps the photo set it was
 * scheduled with, so editing the slideshow later never changes what a scheduled post sends. Routes: /api/slideshows.
 */

/** tiktok-api.md §3.10: a photo post carries 1 to 35 images. */
export const SLIDESHOW_LIMITS = {
  minSlides: 1,
  maxSlides: 35,
  /** TikTok's photo `post_info.title`: at most 90 characters (tiktok-api.md §3.10). */
  title: 90,
  /** TikTok's photo `post_info.description`: at most 4000 characters. */
  description: 4000,
  /** Seconds each slide shows in the MP4 export. */
  secondsPerSlide: { min: 1, max: 10, default: 3 },
} as const

/** A slide's background: an image of the person's gallery, or one frame of one of their videos. */
export const slideSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('image'), imageId: z.string().min(1) }),
  z.object({ kind: z.literal('clip'), mediaId: z.string().min(1), atMs: z.number().int().min(0) }),
])
export type SlideSource = z.infer<typeof slideSourceSchema>

export const slideInputSchema = z.object({
  source: slideSourceSchema,
  overlays: z.array(textOverlaySchema).max(OVERLAYS_MAX).default([]),
})
export type SlideInput = z.input<typeof slideInputSchema>

export const slideshowInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, { message: 'Please enter a title for your slideshow' })
      .max(SLIDESHOW_LIMITS.title, { message: `Title can be at most ${SLIDESHOW_LIMITS.title} characters` }),
    slides: z
      .array(slideInputSchema)
      .min(SLIDESHOW_LIMITS.minSlides, { message: 'Please add at least one slide' })
      .max(SLIDESHOW_LIMITS.maxSlides, {
        message: `A slideshow can have at most ${SLIDESHOW_LIMITS.maxSlides} slides`,
      }),
    /** Which slide TikTok shows as the cover (0-based, tiktok-api.md §3.10 photo_cover_index). */
    coverIndex: z.number().int().min(0).default(0),
  })
  .refine((v) => v.coverIndex < v.slides.length, {
    path: ['coverIndex'],
    message: 'Please choose one of the slides as the cover',
  })
  .meta({ id: 'SlideshowBody' })
export type SlideshowInput = z.input<typeof slideshowInputSchema>

export const slideSchema = z.object({
  source: slideSourceSchema,
  overlays: z.array(textOverlaySchema),
  /** Same-origin URL of the background (cookie-authenticated), for the editor's preview. */
  sourceUrl: z.string(),
  /** Same-origin URL of the rendered 1080×1920 JPEG; null until the render finished. */
  imageUrl: z.string().nullable(),
})
export type Slide = z.infer<typeof slideSchema>

export const slideshowExportSchema = z.object({
  state: z.enum(['none', 'queued', 'rendering', 'processed', 'failed']),
  /** 0–100 while rendering (pushed as `slideshow.updated`); 100 once processed. */
  progress: z.number().min(0).max(100),
  secondsPerSlide: z.number(),
  errorMessage: z.string().nullable(),
  /** The MP4 as a media file of the person's (schedulable like any video); null until exported. */
  mediaId: z.string().nullable(),
  videoUrl: z.string().nullable(),
})

export const slideshowSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    slides: z.array(slideSchema),
    coverIndex: z.number().int(),
    /** queued → rendering → processed | failed, like a created video. */
    state: renderStateSchema,
    progress: z.number().min(0).max(100),
    errorMessage: z.string().nullable(),
    /** The latest render: what `POST /api/posts` sends for a photo post of this slideshow. */
    photoSetId: z.string().nullable(),
    export: slideshowExportSchema,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Slideshow' })
export type Slideshow = z.infer<typeof slideshowSchema>
export const slideshowResponseSchema = z.object({ slideshow: slideshowSchema }).meta({ id: 'SlideshowResponse' })
export const slideshowListSchema = z.object({ slideshows: z.array(slideshowSchema) }).meta({ id: 'SlideshowList' })

export const exportSlideshowInputSchema = z
  .object({
    secondsPerSlide: z
      .number()
      .min(SLIDESHOW_LIMITS.secondsPerSlide.min)
      .max(SLIDESHOW_LIMITS.secondsPerSlide.max)
      .default(SLIDESHOW_LIMITS.secondsPerSlide.default),
  })
  .meta({ id: 'ExportSlideshowBody' })

/** The AI slideshow writer: a hook slide, N point slides and a call to action. */
export const SLIDESHOW_WRITER_LIMITS = { points: { min: 1, max: 8, default: 3 }, topic: 300 } as const
export const writeSlideshowInputSchema = z
  .object({
    topic: z
      .string()
      .trim()
      .min(1, { message: 'Please describe what the slideshow is about' })
      .max(SLIDESHOW_WRITER_LIMITS.topic, {
        message: `Please keep the topic under ${SLIDESHOW_WRITER_LIMITS.topic} characters`,
      }),
    /** The account whose audience, niche and goals shape the text; omitted, the profile's. */
    accountId: z.string().min(1).optional(),
    points: z
      .number()
      .int()
      .min(SLIDESHOW_WRITER_LIMITS.points.min)
      .max(SLIDESHOW_WRITER_LIMITS.points.max)
      .default(SLIDESHOW_WRITER_LIMITS.points.default),
  })
  .meta({ id: 'WriteSlideshowBody' })
export type WriteSlideshowInput = z.input<typeof writeSlideshowInputSchema>
export const writtenSlideSchema = z.object({ role: z.enum(['hook', 'point', 'cta']), text: z.string() })
export type WrittenSlide = z.infer<typeof writtenSlideSchema>
export const writeSlideshowResponseSchema = z
  .object({
    title: z.string(),
    slides: z.array(writtenSlideSchema),
    /** Which generator wrote it: the offline one or the configured model. */
    provider: z.enum(['offline', 'openai-compatible']),
  })
  .meta({ id: 'WrittenSlideshow' })
export type WrittenSlideshow = z.infer<typeof writeSlideshowResponseSchema>

/** What the slideshow API says (issue 29), fit to show as they are. */
export const SLIDESHOW_MESSAGES = {
  notFound: 'Slideshow not found',
  imageNotFound: 'One of the slides uses an image that is not in your gallery.',
  clipNotFound: 'One of the slides uses a video that is not in your Library.',
  atMsPastEnd: 'Please pick a moment within the video',
  fetchFailed: 'Failed to load your slideshows',
  saveFailed: 'The slideshow could not be saved. Please try again.',
  deleteFailed: 'The slideshow could not be deleted. Please try again.',
  renderFailed: 'The slideshow could not be rendered. Please try again.',
  notRendered: 'This slideshow has not been rendered yet.',
  onlyFailedCanRetry: 'Only a slideshow whose render failed can be rendered again.',
  exportFailed: 'The slideshow could not be exported as a video. Please try again.',
  exportNeedsRender: 'The slideshow can be exported once its slides are rendered.',
  exportInProgress: 'This slideshow is already being exported.',
  sourceTooLarge: 'One of the slide images is too large (over 40 megapixels). Please use a smaller image.',
  sourceUnreadable: 'One of the slide images cannot be read. Please choose another image.',
  sourceMissing: 'One of the slide images or videos is no longer in your account. Please choose another.',
  writerFailed: 'The slideshow text could not be written. Please try again.',
} as const
