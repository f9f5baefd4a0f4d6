import type { FastifyInstance } from 'fastify'
import { creatorCounts, videoCounts } from '../domain/engagement'
import { publicSince } from '../domain/publish-status'
import { sendOk } from '../http/envelope'
import { ApiError } from '../http/errors'
import type { Sandbox } from '../sandbox'
import type { Creator, Scope } from '../state/schema'
import { guard, RATE_LIMITS, requestedFields } from './api-request'

/** The User Object and the scope each field needs (tiktok-api.md §2, S9/S9b). */
export const USER_FIELD_SCOPES = {
  open_id: 'user.info.basic',
  union_id: 'user.info.basic',
  avatar_url: 'user.info.basic',
  avatar_url_100: 'user.info.basic',
  avatar_large_url: 'user.info.basic',
  display_name: 'user.info.basic',
  bio_description: 'user.info.profile',
  profile_deep_link: 'user.info.profile',
  // Named by the Scopes Reference for user.info.profile, absent from S9's table (tiktok-api.md §2, UNCONFIRMED); served anyway.
  profile_web_link: 'user.info.profile',
  is_verified: 'user.info.profile',
  username: 'user.info.profile',
  follower_count: 'user.info.stats',
  following_count: 'user.info.stats',
  likes_count: 'user.info.stats',
  video_count: 'user.info.stats',
} as const satisfies Record<string, Scope>
export type UserField = keyof typeof USER_FIELD_SCOPES
const USER_FIELDS = Object.keys(USER_FIELD_SCOPES) as UserField[]

export function registerUserInfoRoutes(scope: FastifyInstance, sandbox: Sandbox): void {
  scope.get('/v2/user/info/', async (request, reply) => {
    const caller = guard(sandbox, request, { limit: RATE_LIMITS.default })
    const fields = requestedFields(request, USER_FIELDS)
    const missing = [...new Set(fields.map((f) => USER_FIELD_SCOPES[f]))].filter(
      (s) => !caller.grant.scopes.includes(s),
    )
    if (missing.length > 0) {
      throw new ApiError(400, 'scope_permission_missed', `Some fields need additional scopes: ${missing.join(',')}`)
    }
    const user: Record<string, unknown> = {}
    const values = userValues(sandbox, caller.creator)
    for (const field of fields) user[field] = values[field]()
    return sendOk(reply, sandbox, { user })
  })
}

function userValues(sandbox: Sandbox, creator: Creator): Record<UserField, () => unknown> {
  const now = sandbox.now()
  const stats = () => {
    const publicVideos = sandbox
      .publishesOf(creator.openId)
      .map((p) => ({ p, since: publicSince(p, now) }))
      .filter((v): v is { p: typeof v.p; since: number } => v.since !== null)
    const likes = publicVideos.reduce((sum, v) => sum + videoCounts(v.p.postId, now - v.since).like_count, 0)
    return {
      ...creatorCounts(creator.openId, now - creator.createdAt),
      likes_count: likes,
      video_count: publicVideos.length,
    }
  }
  return {
    open_id: () => creator.openId,
    union_id: () => creator.unionId,
    avatar_url: () => sandbox.avatarUrl(creator),
    avatar_url_100: () => sandbox.avatarUrl(creator, 100),
    avatar_large_url: () => sandbox.avatarUrl(creator, 720),
    display_name: () => creator.displayName,
    bio_description: () => creator.bioDescription,
    profile_deep_link: () => sandbox.profileUrl(creator),
    profile_web_link: () => sandbox.profileUrl(creator),
    is_verified: () => creator.isVerified,
    username: () => creator.username,
    follower_count: () => stats().follower_count,
    following_count: () => stats().following_count,
    likes_count: () => stats().likes_count,
    video_count: () => stats().video_count,
  }
}
