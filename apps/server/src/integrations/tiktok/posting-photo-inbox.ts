import type { ChunkPlan } from './chunks'
import { planChunks } from './chunks'
import type { ClientCore } from './client-core'
import { compact } from './compact'
import { TiktokError } from './errors'
import type { TiktokDirectPostInit } from './posting'
import { UPLOAD_URL_VALID_MS, type TiktokPrivacyLevel } from './posting'
import { contentInitDataSchema, initDataSchema } from './responses'

/*
 * The two ways of posting besides a direct video (issue 29): a video sent as a draft to the creator's TikTok inbox
 * (tiktok-api.md §3.3, FILE_UPLOAD like a direct post) and a photo post, direct or as a draft (§3.10, PULL_FROM_URL:
 * TikTok downloads the images itself from URLs under a verified URL property, §3.6).
 */

/** tiktok-api.md §3.10: at most 35 images; the title at most 90 UTF-16 units, the description at most 4000. */
export const PHOTO_POST_LIMITS = { images: 35, title: 90, description: 4000 } as const

/** tiktok-api.md §3.10 `post_info` of a photo post. */
export interface TiktokPhotoPostInfo {
  title: string
  description: string
  /** Required for DIRECT_POST; not sent with MEDIA_UPLOAD (the creator chooses in TikTok). */
  privacyLevel?: TiktokPrivacyLevel
  disableComment: boolean
  autoAddMusic: boolean
  /** "Branded content" (paid partnership). */
  brandContentToggle: boolean
  /** "Your brand". */
  brandOrganicToggle: boolean
}

export interface TiktokPhotoPostInput {
  mode: 'DIRECT_POST' | 'MEDIA_UPLOAD'
  postInfo: TiktokPhotoPostInfo
  /** https URLs TikTok downloads, in slide order; they must not redirect and must stay up for the pull (§3.6). */
  photoUrls: string[]
  /** 0-based. */
  coverIndex: number
}

export interface TiktokPhotoAndInboxCalls {
  /** tiktok-api.md §3.3: a video to the creator's inbox; upload it with `uploadFile` exactly as a direct post. */
  initInboxVideo(accessToken: string, input: { source: { kind: 'file'; size: number } }): Promise<TiktokDirectPostInit>
  /** tiktok-api.md §3.10: a photo post; TikTok pulls the images, nothing is uploaded. */
  initPhotoPost(accessToken: string, input: TiktokPhotoPostInput): Promise<{ publishId: string }>
}

/**
 * `url_ownership_unverified` says which domain TikTok refused and how to fix it: the person (or the operator) can
 * only act on it knowing which address Hookpost gave TikTok.
 */
export function urlOwnershipMessage(origin: string): string {
  return (
    `TikTok refused the image links: ${origin} is not a verified URL property of Hookpost's TikTok app. ` +
    `Verify ${origin} as a URL property of your TikTok app, or set PUBLIC_URL / the S3 public endpoint to a verified domain, then Retry.`
  )
}

function originOf(url: string | undefined): string {
  try {
    return url ? new URL(url).origin : 'the image address'
  } catch {
    return 'the image address'
  }
}

export function photoAndInboxCalls({ now, api }: ClientCore): TiktokPhotoAndInboxCalls {
  return {
    async initInboxVideo(accessToken, { source }) {
      const plan: ChunkPlan = planChunks(source.size)
      const requestedAt = now()
      // tiktok-api.md §3.3 documents only source_info: no post_info, no privacy level (the creator sets them in TikTok).
      const data = await api({
        endpoint: 'inbox_init',
        accessToken,
        method: 'POST',
        path: '/v2/post/publish/inbox/video/init/',
        body: {
          source_info: {
            source: 'FILE_UPLOAD',
            video_size: plan.videoSize,
            chunk_size: plan.chunkSize,
            total_chunk_count: plan.totalChunkCount,
          },
        },
        schema: initDataSchema,
      })
      if (data.upload_url === undefined) throw new TiktokError({ code: 'invalid_response', httpStatus: 200 })
      return {
        publishId: data.publish_id,
        uploadUrl: data.upload_url,
        uploadUrlExpiresAt: new Date(requestedAt + UPLOAD_URL_VALID_MS),
        chunks: plan,
      }
    },

    async initPhotoPost(accessToken, { mode, postInfo, photoUrls, coverIndex }) {
      // Our own checks, before anything leaves (the state machine knows these codes were never sent).
      if (
        postInfo.title.length > PHOTO_POST_LIMITS.title ||
        postInfo.description.length > PHOTO_POST_LIMITS.description
      ) {
        throw new TiktokError({ code: 'photo_text_too_long' })
      }
      if (photoUrls.length === 0 || photoUrls.length > PHOTO_POST_LIMITS.images) {
        throw new TiktokError({ code: 'photo_count_invalid' })
      }
      if (mode === 'DIRECT_POST' && postInfo.privacyLevel === undefined) {
        throw new TiktokError({ code: 'photo_privacy_missing' })
      }
      const body = {
        media_type: 'PHOTO',
        post_mode: mode,
        post_info: compact({
          title: postInfo.title,
          description: postInfo.description,
          privacy_level: mode === 'DIRECT_POST' ? postInfo.privacyLevel : undefined,
          disable_comment: postInfo.disableComment,
          auto_add_music: postInfo.autoAddMusic,
          brand_content_toggle: postInfo.brandContentToggle,
          brand_organic_toggle: postInfo.brandOrganicToggle,
        }),
        source_info: {
          source: 'PULL_FROM_URL',
          photo_images: photoUrls,
          photo_cover_index: Math.min(Math.max(0, coverIndex), photoUrls.length - 1),
        },
      }
      try {
        const data = await api({
          endpoint: 'content_init',
          accessToken,
          method: 'POST',
          path: '/v2/post/publish/content/init/',
          body,
          schema: contentInitDataSchema,
        })
        return { publishId: data.publish_id }
      } catch (err) {
        if (err instanceof TiktokError && err.code === 'url_ownership_unverified') {
          throw new TiktokError({
            code: err.code,
            message: urlOwnershipMessage(originOf(photoUrls[0])),
            ...(err.httpStatus === undefined ? {} : { httpStatus: err.httpStatus }),
            ...(err.logId === undefined ? {} : { logId: err.logId }),
            ...(err.providerMessage === undefined ? {} : { providerMessage: err.providerMessage }),
          })
        }
        throw err
      }
    },
  }
}
