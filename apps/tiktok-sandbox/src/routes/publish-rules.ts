import type { z } from 'zod'
import {
  activeCreatorsOfClient,
  directPostsInLastDay,
  inboxSharesInLastDay,
  PENDING_SHARE_CAP,
  UNAUDITED_USER_CAP,
} from '../domain/publishing'
import type { Caller } from '../domain/tokens'
import { ApiError } from '../http/errors'
import type { Sandbox } from '../sandbox'
import { PRIVACY_LEVELS, type Creator, type PrivacyLevel, type Publish } from '../state/schema'

// The rules every init shares (video/init, inbox/video/init, content/init): body parsing, caps, audit, privacy.

export const SPAM_MESSAGES = {
  banned: 'The user is banned from making new posts.',
  tooMany: 'The daily post cap from the API has been reached for this user.',
  pendingShares: 'There are too many pending shares for this user.',
} as const

/** tiktok-api.md §3.1: options by account type; unaudited clients may only post SELF_ONLY (tiktok-api.md §4.4 "Private viewership"). */
export function privacyLevelOptions(sandbox: Sandbox, clientKey: string, creator: Creator): PrivacyLevel[] {
  if (!sandbox.isAudited(clientKey)) return ['SELF_ONLY']
  return creator.isPrivate
    ? ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY']
    : ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY']
}

/** A required part of the body (400 invalid_params naming the field when absent or wrong). */
export function parse<T>(schema: z.ZodType<T>, value: unknown, name: string): T {
  if (value === undefined) throw new ApiError(400, 'invalid_params', `${name} is required`)
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const where = issue?.path.length ? `${name}.${issue.path.join('.')}` : name
  throw new ApiError(400, 'invalid_params', `${where}: ${issue?.message ?? 'invalid'}`)
}

/**
 * Direct Post rules in TikTok's order (tiktok-api.md §3.2, §4.4): banned, unaudited (public account, 5 users a day),
 * daily cap, then privacy_level among the creator's options. Returns the privacy level.
 */
export function checkDirectPostRules(sandbox: Sandbox, caller: Caller, privacyLevel: string | undefined): PrivacyLevel {
  const { creator, grant } = caller
  if (creator.banned) throw new ApiError(403, 'spam_risk_user_banned_from_posting', SPAM_MESSAGES.banned)
  if (!sandbox.isAudited(grant.clientKey)) {
    if (!creator.isPrivate) {
      throw new ApiError(
        403,
        'unaudited_client_can_only_post_to_private_accounts',
        'Unaudited clients can only post to a private account.',
      )
    }
    const active = activeCreatorsOfClient(sandbox, grant.clientKey)
    if (!active.has(creator.openId) && active.size >= UNAUDITED_USER_CAP) {
      throw new ApiError(403, 'reached_active_user_cap', 'The daily quota of active publishing users was reached.')
    }
  }
  if (directPostsInLastDay(sandbox, creator.openId) >= sandbox.config.dailyPostCap) {
    throw new ApiError(403, 'spam_risk_too_many_posts', SPAM_MESSAGES.tooMany)
  }
  const options = privacyLevelOptions(sandbox, grant.clientKey, creator)
  const privacy = PRIVACY_LEVELS.find((p) => p === privacyLevel)
  if (!privacy || !options.includes(privacy)) {
    throw new ApiError(
      403,
      'privacy_level_option_mismatch',
      `privacy_level must be one of the creator's privacy_level_options: ${options.join(', ')}`,
    )
  }
  return privacy
}

/** Upload to the inbox (tiktok-api.md §3.3): banned, then at most 5 pending shares (videos and photos) per 24 h. */
export function checkInboxRules(sandbox: Sandbox, caller: Caller): void {
  if (caller.creator.banned) throw new ApiError(403, 'spam_risk_user_banned_from_posting', SPAM_MESSAGES.banned)
  if (inboxSharesInLastDay(sandbox, caller.creator.openId) >= PENDING_SHARE_CAP) {
    throw new ApiError(403, 'spam_risk_too_many_pending_share', SPAM_MESSAGES.pendingShares)
  }
}

export function ownedPublish(sandbox: Sandbox, caller: Caller, publishIdValue: unknown): Publish {
  const publish = typeof publishIdValue === 'string' ? sandbox.state.publishes[publishIdValue] : undefined
  if (!publish) throw new ApiError(400, 'invalid_publish_id', 'The publish_id is invalid.')
  if (publish.openId !== caller.grant.openId || publish.clientKey !== caller.grant.clientKey) {
    throw new ApiError(
      400,
      'token_not_authorized_for_specified_publish_id',
      'The access token is not authorized for the specified publish_id.',
    )
  }
  return publish
}
