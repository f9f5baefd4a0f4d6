import {
  checkScheduledAt,
  MESSAGES,
  POST_LIMITS,
  resolveScheduledAt,
  SLIDESHOW_LIMITS,
  tiktokCaption,
  type CreatorInfo,
  type PostFormat,
  type PostMode,
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

/** What a post is (issue 29): a video or a photo post, posted directly or sent as a draft to the TikTok inbox. */
export interface PostKind {
  format: PostFormat
  postMode: PostMode
}
export const DIRECT_VIDEO: PostKind = { format: 'video', postMode: 'direct' }

/**
 * Whether TikTok takes a commercial content disclosure for this kind: a direct post does, a photo draft does
 * (MEDIA_UPLOAD has the brand toggles, tiktok-api.md §3.10), a video draft does not (inbox/video/init takes only the
 * file, §3.3: the creator discloses in TikTok).
 */
export function takesDisclosure(kind: PostKind): boolean {
  return kind.postMode === 'direct' || kind.format === 'photo'
}

/** Rules that need nothing but the form (checked before asking TikTok anything). */
export function checkPostChoices(choices: PostChoices, kind: PostKind = DIRECT_VIDEO): PostIssue | undefined {
  const { commercial } = choices
  // TikTok UX rule 3 (tiktok-api.md §6): disclosure on ⇒ at least one box; branded content cannot be private.
  if (takesDisclosure(kind) && commercial.enabled && !commercial.yourBrand && !commercial.brandedContent) {
    return { path: 'commercial', message: MESSAGES.commercialNeedsChoice }
  }
  const direct = kind.postMode === 'direct'
  if (direct && commercial.enabled && commercial.brandedContent && choices.privacyLevel === 'SELF_ONLY') {
    return { path: 'privacyLevel', message: MESSAGES.brandedNotPrivate }
  }
  if (kind.format === 'photo') {
    // A photo post's title and description go to TikTok separately (tiktok-api.md §3.10).
    if (choices.title.length > SLIDESHOW_LIMITS.title) return { path: 'title', message: MESSAGES.slideshowTitleTooLong }
    if (choices.description.length > SLIDESHOW_LIMITS.description) {
      return { path: 'description', message: MESSAGES.slideshowDescriptionTooLong }
    }
    return undefined
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
  kind: PostKind = DIRECT_VIDEO,
): PostIssue | undefined {
  // A draft takes no privacy or interaction settings (the creator chooses them in TikTok), and the daily cap of
  // direct posts does not apply to it; only a video's length does.
  if (kind.postMode === 'inbox') return kind.format === 'video' ? checkDuration(videoDurationMs, creator) : undefined
  if (creator.cannotPostReason) return { path: 'accountId', message: creator.cannotPostReason }
  if (!creator.privacyLevelOptions.includes(choices.privacyLevel)) {
    return { path: 'privacyLevel', message: MESSAGES.privacyNotAllowed }
  }
  if (choices.allowComment && creator.commentDisabled) {
    return { path: 'allowComment', message: MESSAGES.commentsDisabled }
  }
  // A photo post offers only "Allow comments" (tiktok-api.md §6).
  if (kind.format === 'photo') return undefined
  if (choices.allowDuet && creator.duetDisabled) return { path: 'allowDuet', message: MESSAGES.duetsDisabled }
  if (choices.allowStitch && creator.stitchDisabled) {
    return { path: 'allowStitch', message: MESSAGES.stitchesDisabled }
  }
  return checkDuration(videoDurationMs, creator)
}

function checkDuration(videoDurationMs: number, creator: CreatorInfo): PostIssue | undefined {
  if (videoDurationMs > creator.maxVideoPostDurationSec * 1000) {
    return {
      path: 'mediaId',
      message: `${MESSAGES.videoTooLongForAccount} (${creator.maxVideoPostDurationSec} seconds at most)`,
    }
  }
  return undefined
}

/**
 * What the post row stores for TikTok's post_info toggles. A photo post has no duet or stitch (stored disabled); a
 * draft takes no interaction settings (stored as nothing disabled: the creator decides in TikTok); a video draft takes
 * no disclosure (stored off).
 */
export function postSettings(choices: PostChoices, kind: PostKind = DIRECT_VIDEO) {
  const { commercial } = choices
  const disclosed = takesDisclosure(kind) && commercial.enabled
  const inbox = kind.postMode === 'inbox'
  const photo = kind.format === 'photo'
  return {
    disableComment: inbox ? false : !choices.allowComment,
    disableDuet: photo ? true : inbox ? false : !choices.allowDuet,
    disableStitch: photo ? true : inbox ? false : !choices.allowStitch,
    // brand_content_toggle = "Branded content" (paid partnership), brand_organic_toggle = "Your brand" (tiktok-api.md §3.2).
    brandContentToggle: disclosed && commercial.brandedContent,
    brandOrganicToggle: disclosed && commercial.yourBrand,
  }
}

/**
 * The privacy level stored for a draft: TikTok takes none for it (the creator chooses in TikTok) and the column is
 * NOT NULL. SELF_ONLY is the value that can never make anything more public than the creator meant; the engine never
 * sends it for a draft, and the API's `postMode` says it does not apply.
 */
export const DRAFT_PRIVACY_PLACEHOLDER: PrivacyLevel = 'SELF_ONLY'
