import type { Sandbox } from '../sandbox'
import type { Creator } from '../state/schema'
import { openId, unionId } from './ids'

export interface NewCreatorInput {
  displayName?: string | undefined
  username?: string | undefined
  isPrivate?: boolean | undefined
  commentDisabled?: boolean | undefined
  duetDisabled?: boolean | undefined
  stitchDisabled?: boolean | undefined
  maxVideoPostDurationSec?: number | undefined
  banned?: boolean | undefined
  bioDescription?: string | undefined
  isVerified?: boolean | undefined
}

export interface CreatorProblem {
  field: 'username' | 'display_name' | 'max_video_post_duration_sec'
  message: string
  /** The username is already used by another creator (409 in the admin API). */
  conflict?: boolean
}

/** TikTok usernames: letters, digits, underscores and periods, 2–24 characters; compared case-insensitively. */
export const USERNAME_PATTERN = /^[a-z0-9_.]{2,24}$/
export const DISPLAY_NAME_MAX = 30
/** tiktok-api.md §3.9: "all creators can post 3-minute videos, some 5 or 10 minutes". */
export const DEFAULT_MAX_DURATION_SEC = 600

export function normaliseUsername(raw: string): string {
  return raw.trim().replace(/^@/, '').toLowerCase()
}

export function newCreatorProblem(sandbox: Sandbox, input: NewCreatorInput): CreatorProblem | undefined {
  const username = normaliseUsername(input.username ?? '')
  if (!username) return { field: 'username', message: 'Enter a username for the new creator.' }
  if (!USERNAME_PATTERN.test(username)) {
    return {
      field: 'username',
      message: 'A username has 2 to 24 characters: letters, digits, underscores (_) and periods (.).',
    }
  }
  if (sandbox.creatorByUsername(username)) {
    return { field: 'username', message: `The username @${username} is already taken.`, conflict: true }
  }
  const displayName = (input.displayName ?? '').trim()
  if (displayName.length > DISPLAY_NAME_MAX) {
    return { field: 'display_name', message: `A display name has at most ${DISPLAY_NAME_MAX} characters.` }
  }
  const max = input.maxVideoPostDurationSec
  if (max !== undefined && !(Number.isInteger(max) && max >= 1 && max <= 3600)) {
    return { field: 'max_video_post_duration_sec', message: 'max_video_post_duration_sec is 1 to 3600 seconds.' }
  }
  return undefined
}

/** Creates the creator; call newCreatorProblem first. The caller saves the state. */
export function createCreator(sandbox: Sandbox, input: NewCreatorInput): Creator {
  const username = normaliseUsername(input.username ?? '')
  const displayName = (input.displayName ?? '').trim() || username
  const creator: Creator = {
    openId: openId(),
    unionId: unionId(),
    displayName,
    username,
    bioDescription: input.bioDescription ?? `Sandbox creator ${displayName}`,
    isVerified: input.isVerified ?? false,
    isPrivate: input.isPrivate ?? false,
    commentDisabled: input.commentDisabled ?? false,
    duetDisabled: input.duetDisabled ?? false,
    stitchDisabled: input.stitchDisabled ?? false,
    maxVideoPostDurationSec: input.maxVideoPostDurationSec ?? DEFAULT_MAX_DURATION_SEC,
    banned: input.banned ?? false,
    createdAt: sandbox.now(),
  }
  sandbox.state.creators[creator.openId] = creator
  return creator
}

/** The admin API's view of a creator (snake_case like TikTok's own objects). */
export function creatorJson(sandbox: Sandbox, creator: Creator) {
  return {
    open_id: creator.openId,
    union_id: creator.unionId,
    display_name: creator.displayName,
    username: creator.username,
    avatar_url: sandbox.avatarUrl(creator),
    bio_description: creator.bioDescription,
    is_verified: creator.isVerified,
    is_private: creator.isPrivate,
    comment_disabled: creator.commentDisabled,
    duet_disabled: creator.duetDisabled,
    stitch_disabled: creator.stitchDisabled,
    max_video_post_duration_sec: creator.maxVideoPostDurationSec,
    banned: creator.banned,
    created_at: new Date(creator.createdAt).toISOString(),
  }
}
