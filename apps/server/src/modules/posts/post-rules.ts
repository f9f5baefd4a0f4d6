import {
  checkScheduledAt,
  MESSAGES,
  POST_LIMITS,
  resolveScheduledAt,
  tiktokCaption,
  type CreatorInfo,
  type PrivacyLevel,
} from '@hookpost/shared'

/** A rule a post breaks: which form field, and the spec's words for it. */
export interface PostIssue {
  path: string
  message: string
}

export type ScheduleTime = { ok: true; scheduledAt: Date } | { ok: false; issue: PostIssue }

/**
 * The date and time a person picked, in the zone they picked, as an instant: the one rule for it
 * (`resolveScheduledAt` in packages/shared schedule-time.ts — product.md §5, ADR 021, DST gaps and overlaps) with its problem
 * as a post issue. Every way a post gets or changes its time goes through here (or `checkScheduledInstant` for an
 * exact instant).
 */
export function resolveScheduleTime(input: { date: string; time: string; timeZone: string }, now: Date): ScheduleTime {
  const resolved = resolveScheduledAt(input, now)
  return resolved.ok
    ? { ok: true, scheduledAt: resolved.instant }
    : { ok: false, issue: { path: resolved.field, message: resolved.message } }
}

/**
 * An exact instant a post is to go out at (automation plans them): in the future and within the scheduling horizon
 * of its zone (`checkScheduledAt`, packages/shared schedule-time.ts).
 */
export function checkScheduledInstant(at: Date, timeZone: string, now: Date): PostIssue | undefined {
  const problem = checkScheduledAt(at, timeZone, now)
  return problem ? { path: problem.field, message: problem.message } : undefined
}

export interface PostChoices {
  title: string
  description: string
  privacyLevel: PrivacyLevel
  allowComment: boolean
  allowDuet: boolean
  allowStitch: boolean
  commercial: { enabled: boolean; yourBrand: boolean; brandedContent: boolean }
}

/** Rules that need nothing but the form (checked before asking TikTok anything). */
export function checkPostChoices(choices: PostChoices): PostIssue | undefined {
  const { commercial } = choices
  // TikTok UX rule 3 (tiktok-api.md §6): disclosure on ⇒ at least one box; branded content cannot be private.
  if (commercial.enabled && !commercial.yourBrand && !commercial.brandedContent) {
    return { path: 'commercial', message: MESSAGES.commercialNeedsChoice }
  }
  if (commercial.enabled && commercial.brandedContent && choices.privacyLevel === 'SELF_ONLY') {
    return { path: 'privacyLevel', message: MESSAGES.brandedNotPrivate }
  }
  if (tiktokCaption(choices.title, choices.description).length > POST_LIMITS.caption) {
    return { path: 'description', message: MESSAGES.captionTooLong }
  }
  return undefined
}

/** Rules from the creator's fresh creator_info (tiktok-api.md §3.1, §6 rules 1–2): what TikTok will accept. */
export function checkAgainstCreator(
  choices: PostChoices,
  videoDurationMs: number,
  creator: CreatorInfo,
): PostIssue | undefined {
  if (creator.cannotPostReason) return { path: 'accountId', message: creator.cannotPostReason }
  if (!creator.privacyLevelOptions.includes(choices.privacyLevel)) {
    return { path: 'privacyLevel', message: MESSAGES.privacyNotAllowed }
  }
  if (choices.allowComment && creator.commentDisabled) {
    return { path: 'allowComment', message: MESSAGES.commentsDisabled }
  }
  if (choices.allowDuet && creator.duetDisabled) return { path: 'allowDuet', message: MESSAGES.duetsDisabled }
  if (choices.allowStitch && creator.stitchDisabled) {
    return { path: 'allowStitch', message: MESSAGES.stitchesDisabled }
  }
  if (videoDurationMs > creator.maxVideoPostDurationSec * 1000) {
    return {
      path: 'mediaId',
      message: `${MESSAGES.videoTooLongForAccount} (${creator.maxVideoPostDurationSec} seconds at most)`,
    }
  }
  return undefined
}

/** What the post row stores for TikTok's post_info toggles. */
export function postSettings(choices: PostChoices) {
  const { commercial } = choices
  return {
    disableComment: !choices.allowComment,
    disableDuet: !choices.allowDuet,
    disableStitch: !choices.allowStitch,
    // brand_content_toggle = "Branded content" (paid partnership), brand_organic_toggle = "Your brand" (tiktok-api.md §3.2).
    brandContentToggle: commercial.enabled && commercial.brandedContent,
    brandOrganicToggle: commercial.enabled && commercial.yourBrand,
  }
}
