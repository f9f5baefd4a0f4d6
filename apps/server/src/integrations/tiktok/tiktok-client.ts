import type { z } from 'zod'
import { planChunks, type ChunkPlan } from './chunks'
import { TiktokError } from './errors'
import { createPacer, type RateLimitedEndpoint } from './pacer'
import { readApiResponse, readEmptyOAuthResponse, readOAuthResponse, sendRequest, type RawResponse } from './request'
import {
  creatorInfoDataSchema,
  initDataSchema,
  oauthTokenSchema,
  statusDataSchema,
  userInfoDataSchema,
  videoListDataSchema,
  videoQueryDataSchema,
  type publishStatusSchema,
  type videoSchema,
} from './responses'
import { uploadFile, type UploadFileInput } from './upload'

export interface TiktokClientOptions {
  /** `https://open.tiktokapis.com`, or the sandbox's URL. */
  apiBase: string
  /** `https://www.tiktok.com`, or the sandbox's URL. */
  authBase: string
  clientKey: string
  clientSecret: string
  redirectUri: string
  /** For the API and OAuth calls. Uploads stream over node:http(s) directly (see upload.ts). */
  fetch?: typeof fetch
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  /** Per request; for uploads, per chunk without progress. Default 30 s. */
  timeoutMs?: number
}

export interface TiktokTokenSet {
  openId: string
  scopes: string[]
  accessToken: string
  accessTokenExpiresAt: Date
  refreshToken: string
  refreshTokenExpiresAt: Date
}

/** §2: each field is present only when it was asked for (the granted scopes decide which are). */
export interface TiktokUser {
  openId: string
  unionId?: string
  avatarUrl?: string
  avatarUrl100?: string
  avatarLargeUrl?: string
  displayName?: string
  bioDescription?: string
  profileDeepLink?: string
  isVerified?: boolean
  username?: string
  followerCount?: number
  followingCount?: number
  likesCount?: number
  videoCount?: number
}

export const TIKTOK_PRIVACY_LEVELS = [
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
] as const
export type TiktokPrivacyLevel = (typeof TIKTOK_PRIVACY_LEVELS)[number]

/** §3.1 creator_info, to render the composer (§6). */
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

/** §3.2 `post_info`. */
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
  /** Opaque (§3.2): store it, never parse it. */
  publishId: string
  /** FILE_UPLOAD only: valid for one hour. */
  uploadUrl?: string
  /** FILE_UPLOAD only: when the upload_url stops working, counted from before the request left (§3.2). */
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

export interface TiktokVideo {
  id: string
  /** Seconds since the epoch. */
  createTime?: number
  coverImageUrl?: string
  shareUrl?: string
  videoDescription?: string
  durationSec?: number
  height?: number
  width?: number
  title?: string
  embedLink?: string
  likeCount?: number
  commentCount?: number
  shareCount?: number
  viewCount?: number
}

export interface TiktokVideoPage {
  videos: TiktokVideo[]
  /** Pass back as `cursor` for the next page (a millisecond timestamp, §5.1). */
  cursor?: number
  hasMore: boolean
}

export interface TiktokClient {
  authorizeUrl(input: { state: string; scopes: readonly string[] }): string
  exchangeCode(code: string): Promise<TiktokTokenSet>
  /** Always store the returned refresh token: TikTok rotates them (§1.5). */
  refreshTokens(refreshToken: string): Promise<TiktokTokenSet>
  revoke(accessToken: string): Promise<void>
  userInfo(accessToken: string, scopes: readonly string[]): Promise<TiktokUser>
  creatorInfo(accessToken: string): Promise<TiktokCreatorInfo>
  initDirectPost(
    accessToken: string,
    input: { postInfo: TiktokPostInfo; source: TiktokVideoSource },
  ): Promise<TiktokDirectPostInit>
  uploadFile(input: UploadFileInput): Promise<void>
  fetchStatus(accessToken: string, publishId: string): Promise<TiktokPublishStatus>
  listVideos(accessToken: string, input?: { cursor?: number; maxCount?: number }): Promise<TiktokVideoPage>
  /** Any number of ids: sent 20 at a time (§5.2), results in TikTok's order per batch. */
  queryVideos(accessToken: string, ids: readonly string[]): Promise<TiktokVideo[]>
}

/** §2: which User Object fields each scope unlocks (after the S9b migration). */
export const USER_FIELDS_BY_SCOPE = {
  'user.info.basic': ['open_id', 'union_id', 'avatar_url', 'avatar_url_100', 'avatar_large_url', 'display_name'],
  'user.info.profile': ['bio_description', 'profile_deep_link', 'is_verified', 'username'],
  'user.info.stats': ['follower_count', 'following_count', 'likes_count', 'video_count'],
} as const satisfies Record<string, readonly string[]>

/** §5.3 fields asked for on video/list and video/query (`embed_html` is left out: large and unused). */
export const VIDEO_FIELDS = [
  'id',
  'create_time',
  'cover_image_url',
  'share_url',
  'video_description',
  'duration',
  'height',
  'width',
  'title',
  'embed_link',
  'like_count',
  'comment_count',
  'share_count',
  'view_count',
] as const

const TITLE_MAX_UTF16 = 2200
/** §3.2: "The upload_url is valid for one hour after issuance. The upload must be completed in this time range." */
export const UPLOAD_URL_VALID_MS = 3_600_000
/**
 * creator_info is asked while a person waits for the schedule form (§3.1, §6 rule 1). Our pacer keeps us below its
 * 20 a minute, so a 429 means the token's budget was used elsewhere (another process, a burst from before a restart):
 * one more try after this pause, then the person is told to try again in a minute. The pacer itself never holds the
 * form longer than CREATOR_INFO_MAX_WAIT_MS.
 */
export const CREATOR_INFO_RETRY_DELAY_MS = 2_000
export const CREATOR_INFO_MAX_WAIT_MS = 5_000
const VIDEO_PAGE_MAX = 20
const DEFAULT_TIMEOUT_MS = 30_000
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const trimSlash = (url: string) => url.replace(/\/+$/, '')

export function createTiktokClient(options: TiktokClientOptions): TiktokClient {
  const fetchImpl = options.fetch ?? globalThis.fetch
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? defaultSleep
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const apiBase = trimSlash(options.apiBase)
  const authBase = trimSlash(options.authBase)
  const pacer = createPacer({ now, sleep })
  const noRateLimit = { retryAfterMs: () => 60_000 }

  /** §1.4: the bare media type (the `; charset=UTF-8` variant is reported rejected) and no-cache, as in the examples. */
  async function oauthPost(path: string, fields: Record<string, string>): Promise<RawResponse> {
    return sendRequest(
      fetchImpl,
      `${apiBase}${path}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Cache-Control': 'no-cache' },
        body: new URLSearchParams(fields).toString(),
      },
      timeoutMs,
    )
  }

  async function tokenRequest(fields: Record<string, string>): Promise<TiktokTokenSet> {
    const requestedAt = now()
    const raw = await oauthPost('/v2/oauth/token/', {
      client_key: options.clientKey,
      client_secret: options.clientSecret,
      ...fields,
    })
    const token = readOAuthResponse(raw, oauthTokenSchema, noRateLimit)
    // Lifetimes come from the answer (§1.5: 24 h / 365 d in the classic docs, 2 h / 180 d in the 2026 ones).
    return {
      openId: token.open_id,
      scopes: splitScopes(token.scope),
      accessToken: token.access_token,
      accessTokenExpiresAt: new Date(requestedAt + token.expires_in * 1000),
      refreshToken: token.refresh_token,
      refreshTokenExpiresAt: new Date(requestedAt + token.refresh_expires_in * 1000),
    }
  }

  /** A v2 API call, paced per access token (§4.3) and read through the `{data, error}` envelope. */
  async function api<T extends z.ZodType>(call: {
    endpoint: RateLimitedEndpoint
    accessToken: string
    method: 'GET' | 'POST'
    path: string
    body?: unknown
    schema: T
    /** Someone waits for this answer: refuse rather than pace longer than this (see Pacer.acquire). */
    maxWaitMs?: number
  }): Promise<z.output<T>> {
    await pacer.acquire(call.endpoint, call.accessToken, { maxWaitMs: call.maxWaitMs })
    const raw = await sendRequest(
      fetchImpl,
      `${apiBase}${call.path}`,
      {
        method: call.method,
        headers: {
          Authorization: `Bearer ${call.accessToken}`,
          ...(call.body === undefined ? {} : { 'Content-Type': 'application/json; charset=UTF-8' }),
        },
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      },
      timeoutMs,
    )
    return readApiResponse(raw, call.schema, {
      retryAfterMs: () => pacer.retryAfterMs(call.endpoint, call.accessToken),
    })
  }

  async function queryBatch(accessToken: string, ids: readonly string[]): Promise<TiktokVideo[]> {
    const data = await api({
      endpoint: 'video_query',
      accessToken,
      method: 'POST',
      path: `/v2/video/query/?fields=${VIDEO_FIELDS.join(',')}`,
      body: { filters: { video_ids: ids } },
      schema: videoQueryDataSchema,
    })
    return data.videos.map(toVideo)
  }

  return {
    authorizeUrl({ state, scopes }) {
      // §1.2; scopes are comma-separated and the commas stay literal, like TikTok's own examples.
      const query = [
        `client_key=${encodeURIComponent(options.clientKey)}`,
        'response_type=code',
        `scope=${scopes.map(encodeURIComponent).join(',')}`,
        `redirect_uri=${encodeURIComponent(options.redirectUri)}`,
        `state=${encodeURIComponent(state)}`,
      ].join('&')
      return `${authBase}/v2/auth/authorize/?${query}`
    },

    exchangeCode(code) {
      return tokenRequest({ code, grant_type: 'authorization_code', redirect_uri: options.redirectUri })
    },

    refreshTokens(refreshToken) {
      return tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken })
    },

    async revoke(accessToken) {
      const raw = await oauthPost('/v2/oauth/revoke/', {
        client_key: options.clientKey,
        client_secret: options.clientSecret,
        token: accessToken,
      })
      readEmptyOAuthResponse(raw, noRateLimit)
    },

    async userInfo(accessToken, scopes) {
      // open_id needs user.info.basic; without it there is nothing we may ask for.
      if (!scopes.includes('user.info.basic')) throw new TiktokError({ code: 'scope_not_authorized' })
      const fields = Object.entries(USER_FIELDS_BY_SCOPE).flatMap(([scope, names]) =>
        scopes.includes(scope) ? names : [],
      )
      const data = await api({
        endpoint: 'user_info',
        accessToken,
        method: 'GET',
        // Literal commas: `%2C` is reported rejected as "Fields is required" (§2).
        path: `/v2/user/info/?fields=${fields.join(',')}`,
        schema: userInfoDataSchema,
      })
      const user = data.user
      return compact({
        openId: user.open_id,
        unionId: user.union_id,
        avatarUrl: user.avatar_url,
        avatarUrl100: user.avatar_url_100,
        avatarLargeUrl: user.avatar_large_url,
        displayName: user.display_name,
        bioDescription: user.bio_description,
        profileDeepLink: user.profile_deep_link,
        isVerified: user.is_verified,
        username: user.username,
        followerCount: user.follower_count,
        followingCount: user.following_count,
        likesCount: user.likes_count,
        videoCount: user.video_count,
      })
    },

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

    async listVideos(accessToken, input = {}) {
      const maxCount = input.maxCount ?? VIDEO_PAGE_MAX
      if (!Number.isInteger(maxCount) || maxCount < 1 || maxCount > VIDEO_PAGE_MAX) {
        throw new RangeError(`maxCount must be 1–${VIDEO_PAGE_MAX}: ${maxCount}`)
      }
      const data = await api({
        endpoint: 'video_list',
        accessToken,
        method: 'POST',
        path: `/v2/video/list/?fields=${VIDEO_FIELDS.join(',')}`,
        body: { max_count: maxCount, ...(input.cursor === undefined ? {} : { cursor: input.cursor }) },
        schema: videoListDataSchema,
      })
      return compact({ videos: data.videos.map(toVideo), cursor: data.cursor, hasMore: data.has_more })
    },

    async queryVideos(accessToken, ids) {
      const videos: TiktokVideo[] = []
      for (let offset = 0; offset < ids.length; offset += VIDEO_PAGE_MAX) {
        videos.push(...(await queryBatch(accessToken, ids.slice(offset, offset + VIDEO_PAGE_MAX))))
      }
      return videos
    },
  }
}

function splitScopes(scope: string): string[] {
  return scope
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
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

function toVideo(video: z.infer<typeof videoSchema>): TiktokVideo {
  return compact({
    id: video.id,
    createTime: video.create_time,
    coverImageUrl: video.cover_image_url,
    shareUrl: video.share_url,
    videoDescription: video.video_description,
    durationSec: video.duration,
    height: video.height,
    width: video.width,
    title: video.title,
    embedLink: video.embed_link,
    likeCount: video.like_count,
    commentCount: video.comment_count,
    shareCount: video.share_count,
    viewCount: video.view_count,
  })
}

type Compact<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>
}

/** Drops `undefined` members, so optional fields are absent rather than present-and-undefined. */
function compact<T extends Record<string, unknown>>(value: T): Compact<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Compact<T>
}
