import { MESSAGES } from '@hookpost/shared/messages'
import { PRIVACY_LABELS, type CreatorInfo, type Post, type PrivacyLevel } from '@hookpost/shared/posts'
import type { DuplicatePostInput, DuplicateTarget } from '@hookpost/shared/posts-changes'

/**
 * Duplicate to several accounts (issue 30 item 5): what each copy goes out with, what its creator cannot take, and
 * the request. A copy takes the original's TikTok settings; for an account whose creator does not allow one of them,
 * the person chooses another privacy level for that account, and an interaction the creator turned off goes off (its
 * toggle is greyed out, TikTok rule 2c). The server checks every copy again, all or none (ADR 043).
 */

export type TargetSettings = {
  privacyLevel: PrivacyLevel | ''
  allowComment: boolean
  allowDuet: boolean
  allowStitch: boolean
}
/** Where a copy's problem is shown: at one of its settings, or for the account as a whole. */
export type TargetField = keyof TargetSettings | 'account'
export type TargetErrors = Partial<Record<TargetField, string>>

type PostShape = Pick<Post, 'format' | 'postMode' | 'privacyLevel' | 'allowComment' | 'allowDuet' | 'allowStitch'> & {
  commercial: Post['commercial']
  media: Pick<NonNullable<Post['media']>, 'durationMs'> | null
}

/** The original's settings: what a copy goes out with unless they are changed for its account. */
export function copiedSettings(post: PostShape): TargetSettings {
  return {
    privacyLevel: post.privacyLevel,
    allowComment: post.allowComment,
    allowDuet: post.allowDuet,
    allowStitch: post.allowStitch,
  }
}

/** The settings as this creator takes them: a privacy level it does not offer is unset, a disabled interaction off. */
export function settingsFor(settings: TargetSettings, creator: CreatorInfo | undefined): TargetSettings {
  if (!creator) return settings
  return {
    privacyLevel:
      settings.privacyLevel && creator.privacyLevelOptions.includes(settings.privacyLevel) ? settings.privacyLevel : '',
    allowComment: settings.allowComment && !creator.commentDisabled,
    allowDuet: settings.allowDuet && !creator.duetDisabled,
    allowStitch: settings.allowStitch && !creator.stitchDisabled,
  }
}

/**
 * What keeps this creator from taking the copy as it would go out (the server's `checkAgainstCreator`, all of it at
 * once rather than the first): it cannot post now, the video is too long, or no privacy level it offers is chosen.
 */
export function targetProblems(post: PostShape, settings: TargetSettings, creator: CreatorInfo): TargetErrors {
  const problems: TargetErrors = {}
  const direct = post.postMode === 'direct'
  if (direct && creator.cannotPostReason) return { account: creator.cannotPostReason }
  const durationMs = post.format === 'video' ? (post.media?.durationMs ?? 0) : 0
  if (durationMs > creator.maxVideoPostDurationSec * 1000) {
    problems.account = `${MESSAGES.videoTooLongForAccount} (${creator.maxVideoPostDurationSec} seconds at most)`
  }
  if (!direct) return problems
  const chosen = settingsFor(settings, creator).privacyLevel
  const branded = post.commercial.enabled && post.commercial.brandedContent
  if (!chosen) {
    problems.privacyLevel = settings.privacyLevel
      ? `${creator.nickname} does not offer “${PRIVACY_LABELS[settings.privacyLevel]}”. Choose who can view this copy.`
      : 'Choose who can view this copy.'
  } else if (branded && chosen === 'SELF_ONLY') {
    problems.privacyLevel = MESSAGES.brandedNotPrivate
  }
  return problems
}

/** The interactions this creator turned off that the original allows: its copy goes without them. */
export function interactionsTurnedOff(post: PostShape, settings: TargetSettings, creator: CreatorInfo): string[] {
  if (post.postMode !== 'direct') return []
  const off: string[] = []
  if (settings.allowComment && creator.commentDisabled) off.push('comments')
  if (post.format === 'video' && settings.allowDuet && creator.duetDisabled) off.push('Duet')
  if (post.format === 'video' && settings.allowStitch && creator.stitchDisabled) off.push('Stitch')
  return off
}

/**
 * The request: the time, and each chosen account with only the settings that differ from the original's. Duplicating
 * to the post's own account alone, unchanged, sends no `accounts` (the request of a plain Duplicate).
 */
export function duplicateBody(
  time: { date: string; time: string; timeZone: string },
  post: PostShape & { accountId: string },
  targets: readonly { accountId: string; settings: TargetSettings }[],
): DuplicatePostInput {
  const copied = copiedSettings(post)
  const accounts = targets.map(({ accountId, settings }) => {
    const target: DuplicateTarget = { accountId }
    if (post.postMode !== 'direct') return target
    if (settings.privacyLevel && settings.privacyLevel !== copied.privacyLevel) {
      target.privacyLevel = settings.privacyLevel
    }
    for (const key of ['allowComment', 'allowDuet', 'allowStitch'] as const) {
      if (settings[key] !== copied[key]) target[key] = settings[key]
    }
    return target
  })
  const plain =
    accounts.length === 1 && accounts[0]?.accountId === post.accountId && Object.keys(accounts[0]).length === 1
  return plain ? { ...time } : { ...time, accounts }
}

const TARGET_FIELDS: readonly TargetField[] = ['privacyLevel', 'allowComment', 'allowDuet', 'allowStitch']

/** The server's refusals (`accounts.<index>.<field>`) by account id, in the order the accounts were sent. */
export function targetErrorsFrom(
  details: readonly { path: string; message: string }[],
  sentIds: readonly string[],
): Record<string, TargetErrors> {
  const out: Record<string, TargetErrors> = {}
  for (const detail of details) {
    const match = /^accounts\.(\d+)\.(\w+)$/.exec(detail.path)
    const accountId = match ? sentIds[Number(match[1])] : undefined
    if (!match || !accountId) continue
    const field = TARGET_FIELDS.find((f) => f === match[2]) ?? 'account'
    out[accountId] = { ...out[accountId], [field]: out[accountId]?.[field] ?? detail.message }
  }
  return out
}
