import { randomUUID } from 'node:crypto'
import {
  AI_FAILURE_REASONS,
  AI_MESSAGES,
  EMPTY_HOOK_CONTEXT,
  type GenerateContentInput,
  type GenerateContentResponse,
  type GenerateHooksInput,
  type GenerateHooksResponse,
  type HookContext,
  SLIDESHOW_MESSAGES,
  type TiktokAccount,
  type WriteSlideshowInput,
  type WrittenSlideshow,
} from '@hookpost/shared'
import { AiProviderError, type AiFailureKind } from '../../integrations/ai'
import { AppError } from '../../lib/errors'
import type { Log } from '../../lib/log'
import type { AiWriter } from './ai-writer'
import type { SlideshowWriter } from './slideshow-writer'

/** How many suggestions or ideas one request asks for. */
export const SUGGESTION_COUNT = 5

export interface AiServiceDeps {
  writer: AiWriter
  /** The slideshow writer (issue 29): offline, or the same configured model as `writer`. */
  slideshowWriter: SlideshowWriter
  /** The person's account (404 for someone else's). */
  account: (userId: string, accountId: string) => Promise<TiktokAccount>
  log: Log
}

/** Every failure kind of the AI integration has its words for people (a kind without them does not compile). */
const REASONS: Record<AiFailureKind, string> = AI_FAILURE_REASONS

/** Why a configured model gave nothing, in words for people; nothing for other failures (they are ours to fix). */
export function aiFailureReason(err: unknown): { reason: string } | Record<string, never> {
  return err instanceof AiProviderError ? { reason: REASONS[err.kind] } : {}
}

type ParsedHooksInput = Required<GenerateHooksInput>
type ParsedContentInput = Required<GenerateContentInput>

/** product.md §5: hooks need at least one of target audience, niche and app goals. */
function describedAccount(account: TiktokAccount): TiktokAccount {
  if (![account.targetAudience, account.niche, account.appGoals].some((v) => v.trim() !== '')) {
    throw new AppError('VALIDATION_FAILED', AI_MESSAGES.accountIncomplete, [
      { path: 'accountId', message: AI_MESSAGES.accountIncomplete },
    ])
  }
  return account
}

/**
 * /api/generate: hook suggestions for a video (the Create tab) and content ideas for a concept and tone (the Hooks
 * tab), written for the person's TikTok account. When the writer fails, the answer says so in the spec's words
 * (`success: false`) and nothing made up is returned as if it were a suggestion.
 */
export function createAiService(deps: AiServiceDeps) {
  const { writer, log } = deps

  return {
    async suggestHooks(userId: string, input: ParsedHooksInput): Promise<GenerateHooksResponse> {
      const account = describedAccount(await deps.account(userId, input.accountId))
      const context: HookContext = {
        ...EMPTY_HOOK_CONTEXT,
        targetAudience: account.targetAudience,
        niche: account.niche,
        appGoals: account.appGoals,
        videoTitle: input.videoTitle,
        videoDescription: input.videoDescription,
      }
      try {
        const texts = await writer.hooks({ context, count: SUGGESTION_COUNT })
        if (texts.length === 0) throw new Error('the writer returned no hooks')
        return {
          success: true,
          message: `${texts.length} hook suggestions`,
          provider: writer.provider,
          suggestions: texts.map((text) => ({ id: randomUUID(), text })),
        }
      } catch (err) {
        log.error(`[ai] hook suggestions failed (${writer.provider})`, err)
        return {
          success: false,
          message: AI_MESSAGES.hooksFailed,
          provider: writer.provider,
          ...aiFailureReason(err),
          suggestions: [],
        }
      }
    },

    async contentIdeas(userId: string, input: ParsedContentInput): Promise<GenerateContentResponse> {
      const account = await deps.account(userId, input.accountId)
      const context: HookContext = {
        ...EMPTY_HOOK_CONTEXT,
        targetAudience: account.targetAudience,
        niche: account.niche,
        appGoals: account.appGoals,
        mustInclude: input.mustInclude,
        mayInclude: input.mayInclude,
        customConcept: input.customConcept,
        customTone: input.customTone,
        customText: input.customText,
        exampleHooks: input.exampleHooks,
      }
      try {
        const ideas = await writer.contentIdeas({
          context,
          concept: input.hookConcept,
          tone: input.tone,
          customPrompt: input.customPrompt,
          count: SUGGESTION_COUNT,
        })
        if (ideas.length === 0) throw new Error('the writer returned no ideas')
        return {
          success: true,
          message: `${ideas.length} content ideas`,
          provider: writer.provider,
          contentIdeas: ideas.map((idea) => ({ id: randomUUID(), ...idea })),
        }
      } catch (err) {
        log.error(`[ai] content ideas failed (${writer.provider})`, err)
        return {
          success: false,
          message: AI_MESSAGES.contentFailed,
          provider: writer.provider,
          ...aiFailureReason(err),
          contentIdeas: [],
        }
      }
    },

    /**
     * POST /api/generate/slideshow (issue 29): a hook slide, N point slides and a call to action about `topic`, for
     * the account's audience, niche and goals (none without an account: the profile holds no such fields). A writer
     * that fails answers 503 with the reason; nothing made up is returned in its place.
     */
    async writeSlideshow(
      userId: string,
      input: Required<Omit<WriteSlideshowInput, 'accountId'>> & { accountId?: string | undefined },
    ): Promise<WrittenSlideshow> {
      const account = input.accountId ? await deps.account(userId, input.accountId) : null
      const context = {
        targetAudience: account?.targetAudience ?? '',
        niche: account?.niche ?? '',
        appGoals: account?.appGoals ?? '',
      }
      const writer = deps.slideshowWriter
      try {
        const draft = await writer.slideshow({ context, topic: input.topic, points: input.points })
        return { ...draft, provider: writer.provider }
      } catch (err) {
        log.error(`[ai] slideshow writing failed (${writer.provider})`, err)
        const reason = aiFailureReason(err)
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'reason' in reason ? `${SLIDESHOW_MESSAGES.writerFailed} ${reason.reason}` : SLIDESHOW_MESSAGES.writerFailed,
        )
      }
    },
  }
}
export type AiService = ReturnType<typeof createAiService>
