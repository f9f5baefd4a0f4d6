import { z } from 'zod'
import { AI_PROVIDERS } from './ai'
import { POST_LIMITS } from './posts'
import { HOOK_OVERLAY_DEFAULTS, OVERLAY_TEXT_MAX, type TextOverlay } from './studio/overlay-spec'

/**
 * The AI Generation tab (product.md §2, §3 saved image, §7 /api/generate?type=image, /api/save-image,
 * /api/get-saved-images, /api/transform-to-video): images from a prompt, a gallery of saved ones, and a 9:16 video made
 * from an image (slow zoom and pan) or from a demo video, rendered by the studio and listed with the person's videos.
 */

/** product.md §9: the only image style. */
export const IMAGE_STYLES = ['selfie'] as const
export type ImageStyle = (typeof IMAGE_STYLES)[number]

export const IMAGE_PROMPT_MAX = 1000
/** Largest image a person may upload to turn into a video. */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
/** How long the zoom-and-pan video made from an image lasts. */
export const IMAGE_VIDEO_SECONDS = 6

export const AI_IMAGE_MESSAGES = {
  promptRequired: 'Please enter a prompt for image generation',
  imageFileRequired: 'Please select an image file',
  titleRequired: 'Please enter a title for the video',
  imageRequired: 'Please select an image first',
  demoRequired: 'Please select a demo video first',
  videoRequired: 'Please select a video first',
  generateFailed: 'Failed to generate image',
  noImageUrl: 'Server returned success but no image URL was provided',
  invalidJson: 'Server returned invalid JSON response',
  loadSavedFailed: 'Failed to load saved images',
  saveFailed: 'Failed to save image',
  transformFailed: 'Failed to transform to video',
  noVideoUrl: 'No video URL returned from the API',
  imageNotFound: 'Image not found',
  imageTooLarge: `Images can be at most ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
  offlineFallback:
    'No image model is configured, so this is a text card made from your prompt by the built-in offline generator, not a picture.',
} as const

/** An id the person must have chosen: missing or blank gets the same message. */
const requiredId = (message: string) => z.string({ error: message }).min(1, { message }).max(64)

export const generateImageInputSchema = z
  .object({
    prompt: z
      .string({ error: AI_IMAGE_MESSAGES.promptRequired })
      .trim()
      .min(1, { message: AI_IMAGE_MESSAGES.promptRequired })
      .max(IMAGE_PROMPT_MAX, { message: `Prompts can be at most ${IMAGE_PROMPT_MAX} characters` }),
    style: z.enum(IMAGE_STYLES).default('selfie'),
  })
  .meta({ id: 'GenerateImageInput' })
export type GenerateImageInput = z.input<typeof generateImageInputSchema>

/** An image of the person's: generated (saved or not) or uploaded. URLs are same-origin and cookie-authenticated. */
export const aiImageSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    prompt: z.string(),
    style: z.enum(IMAGE_STYLES),
    /** True for the offline text card (no image model configured). */
    fallback: z.boolean(),
    width: z.number().int(),
    height: z.number().int(),
    saved: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AiImage' })
export type AiImage = z.infer<typeof aiImageSchema>

export const generateImageResponseSchema = z
  .object({
    success: z.boolean(),
    /** The image's URL (null when generation failed). */
    imageUrl: z.string().nullable(),
    image: aiImageSchema.nullable(),
    fallback: z.boolean(),
    message: z.string(),
    provider: z.enum(AI_PROVIDERS),
    /** With `success: false` from a configured image model: why (AI_FAILURE_REASONS). */
    reason: z.string().optional(),
  })
  .meta({ id: 'GenerateImageResponse' })
export type GenerateImageResponse = z.infer<typeof generateImageResponseSchema>

export const saveImageInputSchema = z
  .object({ imageId: requiredId(AI_IMAGE_MESSAGES.imageRequired) })
  .meta({ id: 'SaveImageInput' })
export type SaveImageInput = z.input<typeof saveImageInputSchema>

export const saveImageResponseSchema = z
  .object({ success: z.boolean(), savedImageUrl: z.string(), message: z.string(), image: aiImageSchema })
  .meta({ id: 'SaveImageResponse' })
export type SaveImageResponse = z.infer<typeof saveImageResponseSchema>

export const savedImagesResponseSchema = z
  .object({ success: z.boolean(), images: z.array(aiImageSchema) })
  .meta({ id: 'SavedImages' })
export type SavedImagesResponse = z.infer<typeof savedImagesResponseSchema>

export const uploadImageResponseSchema = z.object({ image: aiImageSchema }).meta({ id: 'UploadImageResponse' })

const transformTitle = z
  .string({ error: AI_IMAGE_MESSAGES.titleRequired })
  .trim()
  .min(1, { message: AI_IMAGE_MESSAGES.titleRequired })
  .max(POST_LIMITS.title, { message: `Title can be at most ${POST_LIMITS.title} characters` })
const transformDescription = z
  .string()
  .trim()
  .max(POST_LIMITS.description, { message: `Description can be at most ${POST_LIMITS.description} characters` })
  .default('')
/**
 * The hook burned in over the video (issue 30 item 8): optional, in the hook style (`hookOverlay`); '' makes the video
 * without one.
 */
const transformHookText = z
  .string()
  .trim()
  .max(OVERLAY_TEXT_MAX, { message: `The hook can be at most ${OVERLAY_TEXT_MAX} characters` })
  .default('')

/** product.md §7 /api/transform-to-video: from an image of the person's, or from a demo video (a media file of theirs). */
export const transformToVideoInputSchema = z
  .discriminatedUnion('videoSource', [
    z.object({
      videoSource: z.literal('image'),
      imageId: requiredId(AI_IMAGE_MESSAGES.imageRequired),
      title: transformTitle,
      description: transformDescription,
      hookText: transformHookText,
    }),
    z.object({
      videoSource: z.literal('demo'),
      demoMediaId: requiredId(AI_IMAGE_MESSAGES.demoRequired),
      title: transformTitle,
      description: transformDescription,
      hookText: transformHookText,
    }),
  ])
  .meta({ id: 'TransformToVideoInput' })
export type TransformToVideoInput = z.input<typeof transformToVideoInputSchema>

/**
 * The created video (queued for rendering; it joins the Create tab's list and renders there, with live progress).
 * `videoUrl` is where the rendered MP4 plays once it is ready (product.md §7 { videoUrl }).
 */
export const transformToVideoResponseSchema = z
  .object({ success: z.boolean(), message: z.string(), videoUrl: z.string(), videoId: z.string() })
  .meta({ id: 'TransformToVideoResponse' })
export type TransformToVideoResponse = z.infer<typeof transformToVideoResponseSchema>

/**
 * The overlays a transformed video is made with: its hook, if one was given, centred in the hook style (the same as an
 * AI suggestion applied on Create, product.md §9), for the whole video. `id` is the overlay's (the server makes it).
 */
export function transformHookOverlays(hookText: string, id: string): TextOverlay[] {
  const text = hookText.trim()
  return text === '' ? [] : [{ ...HOOK_OVERLAY_DEFAULTS, id, text }]
}
