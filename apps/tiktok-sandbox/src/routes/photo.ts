import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { hex, photoPublishId } from '../domain/ids'
import { runPhotoPull } from '../domain/photo-pull'
import { uniquePostId } from '../domain/publishing'
import { requireScope, type Caller } from '../domain/tokens'
import { isUrlVerified } from '../domain/url-properties'
import { sendOk } from '../http/envelope'
import { ApiError } from '../http/errors'
import type { Sandbox } from '../sandbox'
import type { PhotoInfo, PostInfo, PrivacyLevel, Publish } from '../state/schema'
import { guard, objectBody, RATE_LIMITS } from './api-request'
import { checkDirectPostRules, checkInboxRules, parse } from './publish-rules'

/**
 * tiktok-api.md §3.10: title ≤ 90 and description ≤ 4000 "UTF-16 runes". A rune is a Unicode code point, so the
 * sandbox counts code points (`[...text].length`: an emoji outside the BMP counts once, not as two UTF-16 units).
 */
export const PHOTO_TITLE_MAX = 90
export const PHOTO_DESCRIPTION_MAX = 4000
/** tiktok-api.md §3.10: up to 35 images. */
export const MAX_PHOTOS = 35

const codePoints = (text: string) => [...text].length

const photoPostInfoBody = z.object({
  title: z
    .string()
    .refine((t) => codePoints(t) <= PHOTO_TITLE_MAX, `title is longer than ${PHOTO_TITLE_MAX} characters`)
    .optional(),
  description: z
    .string()
    .refine((t) => codePoints(t) <= PHOTO_DESCRIPTION_MAX, `longer than ${PHOTO_DESCRIPTION_MAX} characters`)
    .optional(),
  privacy_level: z.string().optional(),
  disable_comment: z.boolean().optional(),
  auto_add_music: z.boolean().optional(),
  brand_content_toggle: z.boolean().optional(),
  brand_organic_toggle: z.boolean().optional(),
})

const httpUrl = z.string().refine((value) => {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}, 'must be an https URL')

const photoSourceBody = z.object({
  source: z.literal('PULL_FROM_URL', { error: 'source must be PULL_FROM_URL (photos are only pulled)' }),
  photo_images: z
    .array(httpUrl, { error: 'photo_images must be a list of URLs' })
    .min(1, 'photo_images needs at least 1 image')
    .max(MAX_PHOTOS, `photo_images takes at most ${MAX_PHOTOS} images`),
  photo_cover_index: z.number({ error: 'photo_cover_index is required' }).int().min(0),
})

const POST_MODES = { DIRECT_POST: 'direct', MEDIA_UPLOAD: 'inbox' } as const

export function registerPhotoRoutes(scope: FastifyInstance, sandbox: Sandbox): void {
  // tiktok-api.md §3.10: DIRECT_POST (video.publish, like video/init) or MEDIA_UPLOAD (video.upload, like the inbox).
  scope.post('/v2/post/publish/content/init/', async (request, reply) => {
    const caller = guard(sandbox, request, { limit: RATE_LIMITS.init })
    const body = objectBody(request)
    if (body.media_type !== 'PHOTO') throw new ApiError(400, 'invalid_params', 'media_type must be PHOTO')
    const postMode = typeof body.post_mode === 'string' ? body.post_mode : ''
    const mode = Object.hasOwn(POST_MODES, postMode) ? POST_MODES[postMode as keyof typeof POST_MODES] : undefined
    if (!mode) throw new ApiError(400, 'invalid_params', 'post_mode must be DIRECT_POST or MEDIA_UPLOAD')
    requireScope(caller, mode === 'direct' ? 'video.publish' : 'video.upload')

    const info = parse(photoPostInfoBody, body.post_info, 'post_info')
    const source = parse(photoSourceBody, body.source_info, 'source_info')
    if (source.photo_cover_index >= source.photo_images.length) {
      throw new ApiError(400, 'invalid_params', 'source_info.photo_cover_index is outside photo_images')
    }
    // Required for a Direct Post like on video/init (tiktok-api.md §3.2); a draft's disclosure is made in TikTok.
    if (mode === 'direct' && info.brand_content_toggle === undefined) {
      throw new ApiError(400, 'invalid_params', 'post_info.brand_content_toggle is required')
    }

    let privacy: PrivacyLevel | null = null
    if (mode === 'direct') privacy = checkDirectPostRules(sandbox, caller, info.privacy_level)
    else checkInboxRules(sandbox, caller)
    if (source.photo_images.some((url) => !isUrlVerified(sandbox, caller.grant.clientKey, url))) {
      throw new ApiError(
        403,
        'url_ownership_unverified',
        'The domain or URL prefix of a photo_images URL is not verified for this app.',
      )
    }

    const photoInfo: PhotoInfo = {
      title: info.title ?? '',
      description: info.description ?? '',
      disableComment: info.disable_comment ?? false,
      autoAddMusic: info.auto_add_music ?? false,
      brandContentToggle: info.brand_content_toggle ?? false,
      brandOrganicToggle: info.brand_organic_toggle ?? false,
    }
    const publish = createPhotoPublish(sandbox, caller, mode, source, photoInfo, privacy)
    await sandbox.save()
    runPhotoPull(sandbox, publish).catch(() => undefined)
    return sendOk(reply, sandbox, { publish_id: publish.publishId })
  })
}

function createPhotoPublish(
  sandbox: Sandbox,
  caller: Caller,
  mode: 'direct' | 'inbox',
  source: z.infer<typeof photoSourceBody>,
  photoInfo: PhotoInfo,
  privacy: PrivacyLevel | null,
): Publish {
  // The video-shaped postInfo keeps privacy for the shared timeline code (public after moderation unless SELF_ONLY).
  const postInfo: PostInfo | null = privacy
    ? {
        title: photoInfo.title,
        privacyLevel: privacy,
        disableDuet: false,
        disableStitch: false,
        disableComment: photoInfo.disableComment,
        videoCoverTimestampMs: null,
        brandContentToggle: photoInfo.brandContentToggle,
        brandOrganicToggle: photoInfo.brandOrganicToggle,
        isAigc: false,
      }
    : null
  const publish: Publish = {
    publishId: photoPublishId(mode),
    mode,
    clientKey: caller.grant.clientKey,
    openId: caller.creator.openId,
    grantId: caller.grant.id,
    source: 'PULL_FROM_URL',
    postInfo,
    createdAt: sandbox.now(),
    postId: uniquePostId(sandbox),
    fileName: hex(16),
    mimeType: null,
    videoSize: 0,
    chunkSize: 0,
    totalChunkCount: 0,
    uploadId: null,
    uploadToken: null,
    uploadExpiresAt: null,
    receivedBytes: 0,
    videoUrl: null,
    pullState: 'downloading',
    failReason: sandbox.faults.takeFailNextPublish() ?? null,
    mediaReadyAt: null,
    processedAt: null,
    publicAt: null,
    failedAt: null,
    stuck: false,
    probe: null,
    mediaType: 'PHOTO',
    photos: source.photo_images.map((url) => ({
      url,
      fileName: hex(16),
      mimeType: null,
      width: null,
      height: null,
      bytes: 0,
    })),
    photoCoverIndex: source.photo_cover_index,
    photoInfo,
    inboxPostedAt: null,
    inboxDiscardedAt: null,
    webhookEvents: [],
  }
  sandbox.state.publishes[publish.publishId] = publish
  return publish
}
