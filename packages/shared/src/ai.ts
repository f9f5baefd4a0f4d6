import { z } from 'zod'

/**
 * AI hooks and content ideas (product.md §3 content idea / hook suggestion, §7 /api/generate, §9 concepts and tones). The
 * offline generator (the default) and an OpenAI-compatible model answer the same shapes.
 */

export const HOOK_CONCEPTS = [
  'curiosity_gap',
  'social_proof',
  'scarcity',
  'urgency',
  'controversy',
  'surprise',
  'question',
  'challenge',
  'story',
  'other',
] as const
export type HookConcept = (typeof HOOK_CONCEPTS)[number]

export const CONTENT_TONES = [
  'informative',
  'humorous',
  'inspirational',
  'provocative',
  'casual',
  'professional',
  'emotional',
  'other',
] as const
export type ContentTone = (typeof CONTENT_TONES)[number]

/** What a hook or idea is written for: the account's description and the video. Every field may be blank. */
export interface HookContext {
  targetAudience: string
  niche: string
  appGoals: string
  videoTitle: string
  videoDescription: string
  mustInclude: string[]
  mayInclude: string[]
  /** With concept 'other' / tone 'other': the person's own words for them. */
  customConcept: string
  customTone: string
  /** The person's own note for the ideas (what to mention, a call to action): used in idea descriptions. */
  customText: string
  exampleHooks: string[]
}

/** A context with nothing known: every field blank. */
export const EMPTY_HOOK_CONTEXT: Readonly<HookContext> = Object.freeze({
  targetAudience: '',
  niche: '',
  appGoals: '',
  videoTitle: '',
  videoDescription: '',
  mustInclude: [],
  mayInclude: [],
  customConcept: '',
  customTone: '',
  customText: '',
  exampleHooks: [],
})

/** TikTok-sensible hook length (characters, as people count them). */
export const HOOK_TEXT_MAX = 120

/**
 * Requests to the AI writer and image maker (POST /api/generate and /api/generate/slideshow together) one person may
 * make in a minute (issue 31 item 6, ADR 055): a model call costs money and a worker's time; a person clicking
 * Regenerate by hand stays far below it.
 */
export const AI_GENERATE_PER_MINUTE = 20

/**
 * Fair AI calls (ADR 059): beyond the calls one person may have running at once (AI_CALLS_PER_PERSON), the next ones
 * wait their turn, at most this many per person; one more is refused. A caller waits at most AI_WAIT_MAX_SECONDS.
 */
export const AI_WAITING_PER_PERSON = 4
export const AI_WAIT_MAX_SECONDS = 30
/** Retry-After when a person's waiting line is full or the wait ran out: about one model answer. */
export const AI_BUSY_RETRY_SECONDS = 5

const seconds = (n: number) => `${n} ${n === 1 ? 'second' : 'seconds'}`

export const AI_MESSAGES = {
  tooManyGenerations: (wait: number) =>
    `You have asked the AI for ${AI_GENERATE_PER_MINUTE} results in the last minute, the most at once. ` +
    `Wait ${seconds(wait)} and try again.`,
  tooManyWaiting:
    `You already have ${AI_WAITING_PER_PERSON} AI requests waiting for their turn, the most at once. ` +
    `Wait for them to finish, then try again.`,
  aiBusy: `The AI is busy with other requests right now. Try again in ${seconds(AI_BUSY_RETRY_SECONDS)}.`,
  accountRequired: 'Please select a TikTok account first',
  titleRequired: 'Please enter a video title first',
  accountIncomplete: 'Account information is incomplete. Please add target audience, niche, and app goals.',
  hooksFailed: 'Failed to generate hooks. Please try again later.',
  suggestionsFailed: 'Failed to generate hook suggestions',
  contentFailed: 'Failed to generate video content',
  ideasFailed: 'Failed to generate content ideas',
  copyFailed: 'Failed to copy text to clipboard',
  customConceptRequired: 'Please describe your hook concept',
  customToneRequired: 'Please describe your tone',
} as const

/**
 * Why a configured AI model gave nothing (said under the spec's failure message, so a person knows whether trying again
 * can help). Keyed by the failure kinds of the server's AI integration.
 */
export const AI_FAILURE_REASONS = {
  rate_limited: 'The AI service is busy right now (rate limited). Wait a minute, then try again.',
  unavailable: 'The AI service could not be reached. Try again in a few minutes.',
  timeout: 'The AI service took too long to answer. Try again.',
  misconfigured:
    'The AI service refused Hookpost’s key or does not know its model. Ask whoever runs Hookpost to check AI_API_KEY and AI_MODEL.',
  rejected: 'The AI service declined this request. Try different words.',
  invalid_output: 'The AI model’s answer could not be used, even after a second try. Try again.',
} as const

/** Which generator answers: the built-in offline one, or the configured OpenAI-compatible model. */
export const AI_PROVIDERS = ['offline', 'openai-compatible'] as const
export type AiProviderName = (typeof AI_PROVIDERS)[number]

export const HOOK_CONCEPT_LABELS: Record<HookConcept, string> = {
  curiosity_gap: 'Curiosity gap',
  social_proof: 'Social proof',
  scarcity: 'Scarcity',
  urgency: 'Urgency',
  controversy: 'Controversy',
  surprise: 'Surprise',
  question: 'Question',
  challenge: 'Challenge',
  story: 'Story',
  other: 'Other',
}
export const CONTENT_TONE_LABELS: Record<ContentTone, string> = {
  informative: 'Informative',
  humorous: 'Humorous',
  inspirational: 'Inspirational',
  provocative: 'Provocative',
  casual: 'Casual',
  professional: 'Professional',
  emotional: 'Emotional',
  other: 'Other',
}
export const EXAMPLE_HOOKS_MAX = 5

export const hookConceptSchema = z.enum(HOOK_CONCEPTS)
export const contentToneSchema = z.enum(CONTENT_TONES)

/** POST /api/generate?type=hooks (product.md §7): hook suggestions for a video, written for the account. */
export const generateHooksInputSchema = z
  .object({
    accountId: z
      .string({ error: AI_MESSAGES.accountRequired })
      .min(1, { message: AI_MESSAGES.accountRequired })
      .max(64),
    videoTitle: z
      .string({ error: AI_MESSAGES.titleRequired })
      .trim()
      .min(1, { message: AI_MESSAGES.titleRequired })
      .max(100),
    videoDescription: z.string().trim().max(2200).default(''),
  })
  .meta({ id: 'GenerateHooksInput' })
export type GenerateHooksInput = z.input<typeof generateHooksInputSchema>

export const hookSuggestionSchema = z.object({ id: z.string(), text: z.string() }).meta({ id: 'HookSuggestion' })
export type HookSuggestion = z.infer<typeof hookSuggestionSchema>

export const generateHooksResponseSchema = z
  .object({
    success: z.boolean(),
    message: z.string(),
    /** Which generator wrote them: the built-in offline one, or the configured model. */
    provider: z.enum(AI_PROVIDERS),
    /** With `success: false` from a configured model: why (AI_FAILURE_REASONS), so a person knows what to do. */
    reason: z.string().optional(),
    suggestions: z.array(hookSuggestionSchema),
  })
  .meta({ id: 'GenerateHooksResponse' })
export type GenerateHooksResponse = z.infer<typeof generateHooksResponseSchema>

/** Must-include keywords together, so that every hook (≤ HOOK_TEXT_MAX) can hold them all. */
export const MUST_INCLUDE_MAX = 80

const keywordList = z.array(z.string().trim().min(1).max(50)).max(10).default([])

/** POST /api/generate?type=video-content (product.md §7): content ideas for a concept and tone. */
export const generateContentInputSchema = z
  .object({
    accountId: z
      .string({ error: AI_MESSAGES.accountRequired })
      .min(1, { message: AI_MESSAGES.accountRequired })
      .max(64),
    hookConcept: hookConceptSchema,
    tone: contentToneSchema,
    /** Every hook carries each of these: together they must leave room for the rest of a hook. */
    mustInclude: keywordList.refine((words) => words.join(' ').length <= MUST_INCLUDE_MAX, {
      message: `Must-include keywords can be at most ${MUST_INCLUDE_MAX} characters together`,
    }),
    mayInclude: keywordList,
    customConcept: z.string().trim().max(200).default(''),
    customTone: z.string().trim().max(200).default(''),
    customText: z.string().trim().max(500).default(''),
    customPrompt: z.string().trim().max(1000).default(''),
    exampleHooks: z
      .array(z.string().trim().min(1, { message: 'Example hooks cannot be blank' }).max(150))
      .max(EXAMPLE_HOOKS_MAX, {
        message: `Add at most ${EXAMPLE_HOOKS_MAX} example hooks`,
      }),
  })
  .superRefine((v, ctx) => {
    if (v.hookConcept === 'other' && v.customConcept === '') {
      ctx.addIssue({ code: 'custom', path: ['customConcept'], message: AI_MESSAGES.customConceptRequired })
    }
    if (v.tone === 'other' && v.customTone === '') {
      ctx.addIssue({ code: 'custom', path: ['customTone'], message: AI_MESSAGES.customToneRequired })
    }
  })
  .meta({ id: 'GenerateContentInput' })
export type GenerateContentInput = z.input<typeof generateContentInputSchema>

export const contentIdeaSchema = z
  .object({ id: z.string(), title: z.string(), description: z.string(), hookText: z.string() })
  .meta({ id: 'ContentIdea' })
export type ContentIdea = z.infer<typeof contentIdeaSchema>

export const generateContentResponseSchema = z
  .object({
    success: z.boolean(),
    message: z.string(),
    provider: z.enum(AI_PROVIDERS),
    reason: z.string().optional(),
    contentIdeas: z.array(contentIdeaSchema),
  })
  .meta({ id: 'GenerateContentResponse' })
export type GenerateContentResponse = z.infer<typeof generateContentResponseSchema>
