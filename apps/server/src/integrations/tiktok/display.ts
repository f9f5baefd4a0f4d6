import type { z } from 'zod'
import type { ClientCore } from './client-core'
import { compact } from './compact'
import { TiktokError } from './errors'
import { userInfoDataSchema, videoListDataSchema, videoQueryDataSchema, type videoSchema } from './responses'

/** tiktok-api.md §2: each field is present only when it was asked for (the granted scopes decide which are). */
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
  /** Pass back as `cursor` for the next page (a millisecond timestamp, tiktok-api.md §5.1). */
  cursor?: number
  hasMore: boolean
}

/** Display API (tiktok-api.md §2, §5): the creator's profile and their videos. */
export interface TiktokDisplayCalls {
  userInfo(accessToken: string, scopes: readonly string[]): Promise<TiktokUser>
  listVideos(accessToken: string, input?: { cursor?: number; maxCount?: number }): Promise<TiktokVideoPage>
  /** Any number of ids: sent 20 at a time (tiktok-api.md §5.2), results in TikTok's order per batch. */
  queryVideos(accessToken: string, ids: readonly string[]): Promise<TiktokVideo[]>
}

/** tiktok-api.md §2: which User Object fields each scope unlocks (after the S9b migration). */
export const USER_FIELDS_BY_SCOPE = {
  'user.info.basic': ['open_id', 'union_id', 'avatar_url', 'avatar_url_100', 'avatar_large_url', 'display_name'],
  'user.info.profile': ['bio_description', 'profile_deep_link', 'is_verified', 'username'],
  'user.info.stats': ['follower_count', 'following_count', 'likes_count', 'video_count'],
} as const satisfies Record<string, readonly string[]>

/** tiktok-api.md §5.3 fields asked for on video/list and video/query (`embed_html` is left out: large and unused). */
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

const VIDEO_PAGE_MAX = 20

export function displayCalls({ api }: ClientCore): TiktokDisplayCalls {
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
        // Literal commas: `%2C` is reported rejected as "Fields is required" (tiktok-api.md §2).
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
