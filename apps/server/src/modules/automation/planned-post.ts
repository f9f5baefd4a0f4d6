import type { LibraryItem, PrivacyLevel, TiktokAccount } from '@hookpost/shared'
import type { AutomationSettingsRow, NewAutomationSlotRow } from './automation.repository'
import type { AutomationContext } from './automation-deps'
import { chooseConceptAndTone } from './hook-and-time-choice'
import type { HookResult } from './hook-bandit'
import { writeSlotContent } from './slot-content'
import { pickImages } from './slideshow-planning'

/** What a slideshow slot is called before its slideshow has a title (the History's "source"). */
const SLIDESHOW_SOURCE = 'slideshow'

/** Writes the planned posts of a planning run, one at a time. */
export function createPlannedPostWriter({ deps, tuning }: AutomationContext) {
  const { repo, clock } = deps

  /**
   * One planned post: a video (its Library video least recently used first) or a slideshow (its backgrounds drawn
   * from the chosen images, its points and call to action from the slideshow writer), its hook and title, or why it
   * could not be planned.
   */
  return async function prepareSlot(input: {
    userId: string
    row: AutomationSettingsRow
    account: TiktokAccount
    zone: string
    day: string
    at: Date
    timeReason: string
    hookResults: () => Promise<HookResult[]>
    items: Map<string, LibraryItem>
    selection: string[]
    lastUsed: Map<string, Date>
    rng: () => number
    /** Null for a draft sent to the inbox (the creator chooses in TikTok). */
    privacyLevel: PrivacyLevel | null
    /** What this slot is (slotFormat): a video, or a slideshow drawn from `images`. */
    format: 'video' | 'slideshow'
    images: { selection: string[]; lastUsed: Map<string, Date> }
  }): Promise<Omit<NewAutomationSlotRow, 'runId'>> {
    const { userId, row, account, zone, day, at, items, selection, lastUsed, rng, format } = input
    let item: LibraryItem | null = null
    let imageIds: string[] = []
    if (format === 'video') {
      // Never used first (in the order chosen), then the one used longest ago.
      const itemId = [...selection].sort(
        (a, b) => (lastUsed.get(a)?.getTime() ?? -1) - (lastUsed.get(b)?.getTime() ?? -1),
      )[0]!
      // Now the most recently used: later than every other use, so the next slot takes another video first.
      const latest = Math.max(clock().getTime(), ...[...lastUsed.values()].map((d) => d.getTime()))
      lastUsed.set(itemId, new Date(latest + 1))
      item = items.get(itemId)!
    } else {
      // The hook slide, the points, the call to action: one background each.
      imageIds = pickImages(input.images.selection, input.images.lastUsed, row.slidesPerPost + 2, clock())
    }
    const sourceTitle = item?.title ?? 'Slideshow'
    const { concept, tone, hookReason } = await chooseConceptAndTone(row, rng, input.hookResults)
    const base = {
      userId,
      accountId: account.id,
      day,
      scheduledAt: at,
      timeZone: zone,
      sourceItemId: item?.id ?? SLIDESHOW_SOURCE,
      sourceTitle,
      format,
      postMode: row.sendAsDrafts ? ('inbox' as const) : ('direct' as const),
      imageIds,
      concept,
      tone,
      hookReason,
      timeReason: input.timeReason,
      privacyLevel: input.privacyLevel,
      allowComment: row.allowComment,
      allowDuet: row.allowDuet,
      allowStitch: row.allowStitch,
      needsApproval: row.reviewBeforePosting,
    }
    const failed = (message: string) => ({
      ...base,
      hookText: '',
      title: sourceTitle.slice(0, 100),
      description: '',
      state: 'failed' as const,
      errorMessage: message,
    })

    const recent = await repo.postsInSpan(account.id, new Date(at.getTime() - 86_400_000), at)
    if (recent >= tuning.dailyPostCap) {
      return failed(
        `TikTok allows about ${tuning.dailyPostCap} posts a day per account; this account already has ${recent} in the 24 hours before this time`,
      )
    }
    const content = await writeSlotContent(deps, { userId, row, account, item, format, concept, tone, day })
    if ('failed' in content) return failed(content.failed)
    return { ...base, ...content, state: 'preparing', errorMessage: null }
  }
}
