import {
  AUTOMATION_MESSAGES,
  EMPTY_HOOK_CONTEXT,
  type LibraryItem,
  type PrivacyLevel,
  type TiktokAccount,
} from '@hookpost/shared'
import { accountPrivateFields, PrivateTextError, quotedPrivateField, writePostCaption, type PostCaption } from '../ai'
import type { AutomationSettingsRow, NewAutomationSlotRow } from './automation.repository'
import type { AutomationContext } from './automation-deps'
import { chooseConceptAndTone } from './hook-and-time-choice'
import type { HookResult } from './hook-bandit'

/** Times the writer is asked for ideas before a slot whose every hook quotes the private description is given up. */
const HOOK_ROUNDS = 2

/** Writes the planned posts of a planning run, one at a time. */
export function createPlannedPostWriter({ deps, tuning }: AutomationContext) {
  const { repo, writer, clock, log } = deps

  /** One planned post: its video (least recently used first), its hook and title, or why it could not be planned. */
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
    privacyLevel: PrivacyLevel
  }): Promise<Omit<NewAutomationSlotRow, 'runId'>> {
    const { userId, row, account, zone, day, at, items, selection, lastUsed, rng } = input
    // Never used first (in the order chosen), then the one used longest ago.
    const itemId = [...selection].sort(
      (a, b) => (lastUsed.get(a)?.getTime() ?? -1) - (lastUsed.get(b)?.getTime() ?? -1),
    )[0]!
    // Now the most recently used: later than every other use, so the next slot takes another video first.
    const latest = Math.max(clock().getTime(), ...[...lastUsed.values()].map((d) => d.getTime()))
    lastUsed.set(itemId, new Date(latest + 1))
    const item = items.get(itemId)!
    const { concept, tone, hookReason } = await chooseConceptAndTone(row, rng, input.hookResults)
    const base = {
      userId,
      accountId: account.id,
      day,
      scheduledAt: at,
      timeZone: zone,
      sourceItemId: itemId,
      sourceTitle: item.title,
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
      title: item.title.slice(0, 100),
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
      videoTitle: item.title,
      videoDescription: item.description,
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
    try {
      // A few ideas, so one whose hook does not quote the private description can be taken; only the hook is used
      // (the idea's description is a filming brief for the creator, never a caption).
      for (let round = 0; round < HOOK_ROUNDS && hookText === null; round++) {
        const ideas = await writer.contentIdeas({ context, concept, tone, customPrompt: row.customPrompt, count: 3 })
        hookText = ideas.find((idea) => quotedPrivateField(idea.hookText, privateFields) === null)?.hookText ?? null
      }
      if (hookText === null) return failed(AUTOMATION_MESSAGES.privateTextInHook)
      caption = await writePostCaption({
        writer,
        request: { context, hookText, concept, tone, customPrompt: row.customPrompt },
        privateFields,
        videoTitle: item.title,
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
      hookText,
      title: caption.title,
      description: caption.description,
      state: 'preparing',
      errorMessage: null,
    }
  }
}
