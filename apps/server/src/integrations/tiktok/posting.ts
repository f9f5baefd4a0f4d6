import type { z } from 'zod'
import { planChunks, type ChunkPlan } from './chunks'
import type { ClientCore } from './client-core'
import { compact } from './compact'
import { TiktokError } from './errors'
import { creatorInfoDataSchema, initDataSchema, statusDataSchema, type publishStatusSchema } from './responses'
import { uploadFile, type UploadFileInput } from './upload'

export const TIKTOK_PRIVACY_LEVELS = [
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
] as const
export type TiktokPrivacyLevel = (typeof TIKTOK_PRIVACY_LEVELS)[number]

/** tiktok-api.md §3.1 creator_info, to render the composer (tiktok-api.md §6). */
export interface TiktokCreatorInfo {
  avatarUrl: string
  username: string
  nickname: string
  /** Only the levels this client knows how to send; TikTok's list order is kept. */
  privacyLevelOptions: TiktokPrivacyLevel[]
  commentDisabled: boolean
  duetDisabled: boolean
  stitchDisabled: boolean
  maxVideoPostDurationSec: number
}

/** tiktok-api.md §3.2 `post_info`. */
export interface TiktokPostInfo {
  /** The caption, at most 2200 UTF-16 code units. */
  title?: string
  privacyLevel: TiktokPrivacyLevel
  disableDuet?: boolean
  disableStitch?: boolean
  disableComment?: boolean
  videoCoverTimestampMs?: number
  /** "Branded content" (paid partnership). Marked required by TikTok: sent as false when not set. */
  brandContentToggle?: boolean
  /** "Your brand". */
  brandOrganicToggle?: boolean
  isAigc?: boolean
}

export type TiktokVideoSource = { kind: 'file'; size: number } | { kind: 'url'; url: string }

export interface TiktokDirectPostInit {
  /** Opaque (tiktok-api.md §3.2): store it, never parse it. */
  publishId: string
  /** FILE_UPLOAD only: valid for one hour. */
  uploadUrl?: string
  /** FILE_UPLOAD only: when the upload_url stops working, counted from before the request left (tiktok-api.md §3.2). */
  uploadUrlExpiresAt?: Date
  /** FILE_UPLOAD only: the plan TikTok was told about; pass it to `uploadFile`. */
  chunks?: ChunkPlan
}

export type TiktokPublishStatusValue = z.infer<typeof publishStatusSchema>

export interface TiktokPublishStatus {
  status: TiktokPublishStatusValue
  /** When FAILED: TikTok's `fail_reason` (see `describeTiktokCode` for its kind and message). */
  failReason?: string
  /** Exact digits of the public post ids (never rounded through a JS number). */
  publicPostIds: string[]
  uploadedBytes?: number
  downloadedBytes?: number
}

/** Content Posting API (tiktok-api.md §3): the creator's options, a direct post, its upload and its status. */
export interface TiktokPostingCalls {
  creatorInfo(accessToken: string): Promise<TiktokCreatorInfo>
  initDirectPost(
    accessToken: string,
    input: { postInfo: TiktokPostInfo; source: TiktokVideoSource },
  ): Promise<TiktokDirectPostInit>
  uploadFile(input: UploadFileInput): Promise<void>
  fetchStatus(accessToken: string, publishId: string): Promise<TiktokPublishStatus>
}

const TITLE_MAX_UTF16 = 2200
/** tiktok-api.md §3.2: "The upload_url is valid for one hour after issuance. The upload must be completed in this time range." */
export const UPLOAD_URL_VALID_MS = 3_600_000
/**
 * creator_info is asked while a person waits for the schedule form (tiktok-api.md §3.1, §6 rule 1). Our pacer keeps us below its
 * 20 a minute, so a 429 means the token's budget was used elsewhere (another process, a burst from before a restart):
 * one more try after this pause, then the person is told to try again in a minute. The pacer itself never holds the
 * form longer than CREATOR_INFO_MAX_WAIT_MS.
 */
export const CREATOR_INFO_RETRY_DELAY_MS = 2_000
export const CREATOR_INFO_MAX_WAIT_MS = 5_000

export function postingCalls({ now, sleep, timeoutMs, api }: ClientCore): TiktokPostingCalls {
  return {
    async creatorInfo(accessToken) {
      const ask = () =>
        api({
          endpoint: 'creator_info',
          accessToken,
          method: 'POST',
          path: '/v2/post/publish/creator_info/query/',
          body: {},
          schema: creatorInfoDataSchema,
          maxWaitMs: CREATOR_INFO_MAX_WAIT_MS,
        })
      const data = await ask().catch(async (err: unknown) => {
        // Only TikTok's own 429 is tried again; our pacer's refusal would only be refused again.
        if (!(err instanceof TiktokError) || err.kind !== 'rate_limited' || err.httpStatus === undefined) throw err
        await sleep(CREATOR_INFO_RETRY_DELAY_MS)
        return ask()
      })
      return {
        avatarUrl: data.creator_avatar_url,
        username: data.creator_username,
        nickname: data.creator_nickname,
        privacyLevelOptions: data.privacy_level_options.filter(isPrivacyLevel),
        commentDisabled: data.comment_disabled,
        duetDisabled: data.duet_disabled,
        stitchDisabled: data.stitch_disabled,
        maxVideoPostDurationSec: data.max_video_post_duration_sec,
      }
    },

    async initDirectPost(accessToken, { postInfo, source }) {
      if (postInfo.title !== undefined && postInfo.title.length > TITLE_MAX_UTF16) {
        throw new TiktokError({ code: 'title_too_long' })
      }
      let plan: ChunkPlan | undefined
      let sourceInfo: Record<string, string | number>
      if (source.kind === 'file') {
        plan = planChunks(source.size)
        sourceInfo = {
          source: 'FILE_UPLOAD',
          video_size: plan.videoSize,
          chunk_size: plan.chunkSize,
          total_chunk_count: plan.totalChunkCount,
        }
      } else {
        sourceInfo = { source: 'PULL_FROM_URL', video_url: source.url }
      }
      // Issued at the earliest when the request leaves: an expiry counted from here is never later than TikTok's.
      const requestedAt = now()
      const data = await api({
        endpoint: 'video_init',
        accessToken,
        method: 'POST',
        path: '/v2/post/publish/video/init/',
        body: { post_info: toPostInfoBody(postInfo), source_info: sourceInfo },
        schema: initDataSchema,
      })
      if (!plan) return { publishId: data.publish_id }
      // FILE_UPLOAD without an upload_url would leave nothing to upload to: an answer we cannot use.
      if (data.upload_url === undefined) throw new TiktokError({ code: 'invalid_response', httpStatus: 200 })
      return {
        publishId: data.publish_id,
        uploadUrl: data.upload_url,
        uploadUrlExpiresAt: new Date(requestedAt + UPLOAD_URL_VALID_MS),
        chunks: plan,
      }
    },

    uploadFile(input) {
      return uploadFile({ sleep, timeoutMs }, input)
    },

    async fetchStatus(accessToken, publishId) {
      const data = await api({
        endpoint: 'status_fetch',
        accessToken,
        method: 'POST',
        path: '/v2/post/publish/status/fetch/',
        body: { publish_id: publishId },
        schema: statusDataSchema,
      })
      return compact({
        status: data.status,
        failReason: data.fail_reason === '' ? undefined : data.fail_reason,
        publicPostIds: data.publicaly_available_post_id ?? [],
        uploadedBytes: data.uploaded_bytes,
        downloadedBytes: data.downloaded_bytes,
      })
    },
  }
}

function isPrivacyLevel(value: string): value is TiktokPrivacyLevel {
  return (TIKTOK_PRIVACY_LEVELS as readonly string[]).includes(value)
}

function toPostInfoBody(info: TiktokPostInfo) {
  return compact({
    title: info.title,
    privacy_level: info.privacyLevel,
    disable_duet: info.disableDuet,
    disable_stitch: info.disableStitch,
    disable_comment: info.disableComment,
    video_cover_timestamp_ms: info.videoCoverTimestampMs,
    brand_content_toggle: info.brandContentToggle ?? false,
    brand_organic_toggle: info.brandOrganicToggle,
    is_aigc: info.isAigc,
  })
}
