import {
  AUTOMATION_MESSAGES,
  EMPTY_HOOK_CONTEXT,
  SLIDESHOW_LIMITS,
  SLIDESHOW_MESSAGES,
  type ContentTone,
  type HookConcept,
  type LibraryItem,
  type TiktokAccount,
  type WrittenSlide,
} from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import { accountPrivateFields, PrivateTextError, quotedPrivateField, writePostCaption, type PostCaption } from '../ai'
import type { AutomationSettingsRow } from './automation.repository'
import type { AutomationDeps } from './automation-deps'
import { slideTexts } from './slideshow-planning'

/** Times the writer is asked for ideas before a slot whose every hook quotes the private description is given up. */
const HOOK_ROUNDS = 2

/** What the AI writes for one planned post: its hook, its caption and, for a slideshow, its slides. */
export interface SlotContent {
  hookText: string
  title: string
  description: string
  slides: WrittenSlide[]
  /** What the History calls it: the Library video's title, or the slideshow's. */
  sourceTitle: string
}

const sameHook = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase()

/**
 * Writes a planned post's content for the account's audience, niche and goals and the person's content settings
 * (planning, and Regenerate: ADR 050). The Account Description guides the writer but never reaches the hook or caption
 * (ADR 018). `avoidHooks`: hooks it must not give again (Regenerate's current one), so the result is a different
 * post. A `failed` message says, in the History's words, why nothing could be written.
 */
export async function writeSlotContent(
  deps: Pick<AutomationDeps, 'writer' | 'writeSlideshow' | 'log'>,
  input: {
    userId: string
    row: AutomationSettingsRow
    account: TiktokAccount
    /** The Library video of a video post; null for a slideshow. */
    item: LibraryItem | null
    format: 'video' | 'slideshow'
    concept: HookConcept
    tone: ContentTone
    /** For the log: the day it is planned for. */
    day: string
    avoidHooks?: readonly string[]
  },
): Promise<SlotContent | { failed: string }> {
  const { writer, log } = deps
  const { userId, row, account, item, format, concept, tone, day } = input
  const avoid = input.avoidHooks ?? []
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
  const privateFields = accountPrivateFields(account)
  let hookText: string | null = null
  let caption: PostCaption
  let slides: WrittenSlide[] = []
  let title = item?.title ?? 'Slideshow'
  try {
    // A few ideas, so one whose hook does not quote the private description can be taken; only the hook is used
    // (the idea's description is a filming brief for the creator, never a caption).
    for (let round = 0; round < HOOK_ROUNDS && hookText === null; round++) {
      const ideas = await writer.contentIdeas({ context, concept, tone, customPrompt: row.customPrompt, count: 3 })
      hookText =
        ideas.find(
          (idea) =>
            quotedPrivateField(idea.hookText, privateFields) === null &&
            !avoid.some((hook) => sameHook(hook, idea.hookText)),
        )?.hookText ?? null
    }
    if (hookText === null) return { failed: AUTOMATION_MESSAGES.privateTextInHook }
    if (format === 'slideshow') {
      // The writer explains the hook in points and ends with a call to action; the hook slide is the chosen hook.
      const written = await deps
        .writeSlideshow(userId, { topic: hookText.slice(0, 300), accountId: account.id, points: row.slidesPerPost })
        .catch((err: unknown) => {
          log.error(`[automation] writing the slideshow for ${userId} ${day} failed`, err)
          // The writer says why (busy, unreachable, …) in words fit for the History.
          return err instanceof AppError ? err.message : SLIDESHOW_MESSAGES.writerFailed
        })
      if (typeof written === 'string') return { failed: written }
      slides = slideTexts(written, hookText, row.slidesPerPost)
      if (slides.some((s) => quotedPrivateField(s.text, privateFields) !== null)) {
        return { failed: AUTOMATION_MESSAGES.privateTextInHook }
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
      return { failed: AUTOMATION_MESSAGES.privateTextInHook }
    }
    log.error(`[automation] writing the hook for ${userId} ${day} failed (${writer.provider})`, err)
    return { failed: 'Failed to generate hooks. Please try again later.' }
  }
  // TikTok's photo title is shorter than a video's (tiktok-api.md §3.10).
  const photoTitle = (text: string) => [...text].slice(0, SLIDESHOW_LIMITS.title).join('')
  return {
    hookText,
    slides,
    sourceTitle: format === 'slideshow' ? photoTitle(title) : (item?.title ?? title),
    title: format === 'slideshow' ? photoTitle(caption.title) : caption.title,
    description: caption.description,
  }
}
