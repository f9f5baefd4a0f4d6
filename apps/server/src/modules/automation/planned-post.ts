import {
  AUTOMATION_MESSAGES,
  EMPTY_HOOK_CONTEXT,
  SLIDESHOW_LIMITS,
  SLIDESHOW_MESSAGES,
  type LibraryItem,
  type PrivacyLevel,
  type TiktokAccount,
  type WrittenSlide,
} from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import { accountPrivateFields, PrivateTextError, quotedPrivateField, writePostCaption, type PostCaption } from '../ai'
import type { AutomationSettingsRow, NewAutomationSlotRow } from './automation.repository'
import type { AutomationContext } from './automation-deps'
import { chooseConceptAndTone } from './hook-and-time-choice'
import type { HookResult } from './hook-bandit'
import { pickImages, slideTexts } from './slideshow-planning'

/** What a slideshow slot is called before its slideshow has a title (the History's "source"). */
const SLIDESHOW_SOURCE = 'slideshow'

/** Times the writer is asked for ideas before a slot whose every hook quotes the private description is given up. */
const HOOK_ROUNDS = 2

/** Writes the planned posts of a planning run, one at a time. */
export function createPlannedPostWriter({ deps, tuning }: AutomationContext) {
  const { repo, writer, clock, log } = deps

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
    const context = {
      ...EMPTY_HOOK_CONTEXT,
      targetAudience: account.targetAudience,
      niche: account.niche,
      appGoals: account.appGoals,
      videoTitle: item?.title ?? '',
      videoDescription: item?.description ?? '',
      mustInclude: row.mustIncludeKeywords,
      mayInclude: row.mayIncludeKeywords,
      customConcept: row.customConcept,
      customTone: row.customTone,
      exampleHooks: row.exampleHooks,
    }
    // The Account Description guides the writer; it never reaches the public hook or caption (ADR 018).
    const privateFields = accountPrivateFields(account)
    let hookText: string | null = null
    let caption: PostCaption
    let slides: WrittenSlide[] = []
    let title = sourceTitle
    try {
      // A few ideas, so one whose hook does not quote the private description can be taken; only the hook is used
      // (the idea's description is a filming brief for the creator, never a caption).
      for (let round = 0; round < HOOK_ROUNDS && hookText === null; round++) {
        const ideas = await writer.contentIdeas({ context, concept, tone, customPrompt: row.customPrompt, count: 3 })
        hookText = ideas.find((idea) => quotedPrivateField(idea.hookText, privateFields) === null)?.hookText ?? null
      }
      if (hookText === null) return failed(AUTOMATION_MESSAGES.privateTextInHook)
      if (format === 'slideshow') {
        // The writer explains the hook in points and ends with a call to action; the hook slide is the chosen hook.
        const written = await deps
          .writeSlideshow(userId, { topic: hookText.slice(0, 300), accountId: account.id, points: row.slidesPerPost })
          .catch((err: unknown) => {
            log.error(`[automation] writing the slideshow for ${userId} ${day} failed`, err)
            // The writer says why (busy, unreachable, …) in words fit for the History.
            return err instanceof AppError ? err.message : SLIDESHOW_MESSAGES.writerFailed
          })
        if (typeof written === 'string') return failed(written)
        slides = slideTexts(written, hookText, row.slidesPerPost)
        if (slides.some((s) => quotedPrivateField(s.text, privateFields) !== null)) {
          return failed(AUTOMATION_MESSAGES.privateTextInHook)
        }
        title = written.title.trim() || hookText
      }
      caption = await writePostCaption({
        writer,
        request: { context, hookText, concept, tone, customPrompt: row.customPrompt },
        privateFields,
        videoTitle: title,
      })
    } catch (err) {
      if (err instanceof PrivateTextError) {
        log.warn(`[automation] ${userId} ${day}: the caption quoted the account's ${err.field}; not planned`)
        return failed(AUTOMATION_MESSAGES.privateTextInHook)
      }
      log.error(`[automation] writing the hook for ${userId} ${day} failed (${writer.provider})`, err)
      return failed('Failed to generate hooks. Please try again later.')
    }
    return {
      ...base,
      sourceTitle: format === 'slideshow' ? [...title].slice(0, SLIDESHOW_LIMITS.title).join('') : sourceTitle,
      slides,
      hookText,
      // TikTok's photo title is shorter than a video's (tiktok-api.md §3.10).
      title: format === 'slideshow' ? [...caption.title].slice(0, SLIDESHOW_LIMITS.title).join('') : caption.title,
      description: caption.description,
      state: 'preparing',
      errorMessage: null,
    }
  }
}
