import { z } from 'zod'
import {
  CONTENT_TONE_LABELS,
  HOOK_CONCEPT_LABELS,
  HOOK_TEXT_MAX,
  type ContentTone,
  type HookConcept,
  type HookContext,
} from '@hookpost/shared'
import { AiProviderError, type OpenAiCompatibleClient } from '../../integrations/ai'
import type { Log } from '../../lib/log'
import type { AiWriter, CaptionRequest, WrittenIdea } from './ai-writer'
import {
  CAPTION_TEXT_MAX,
  CAPTION_TITLE_MAX,
  HASHTAG_MAX,
  HASHTAGS_MAX,
  HASHTAGS_MIN,
  usableCaption,
} from './caption-rules'
import { acceptableHook, charCount, dedupeKey, IDEA_DESCRIPTION_MAX, IDEA_TITLE_MAX } from './hook-rules'
import { PROMPTS, renderPrompt, type Prompt } from './prompts'

/** How many times a model is asked for one answer: once, and once more when its answer was unusable. */
export const ANSWER_ATTEMPTS = 2

/** What the model must answer (checked again here: a model's "structured output" is a promise, not a guarantee). */
const hooksAnswerSchema = z.object({ hooks: z.array(z.string()) })
const ideasAnswerSchema = z.object({
  ideas: z.array(z.object({ title: z.string(), description: z.string(), hookText: z.string() })),
})

const captionAnswerSchema = z.object({ title: z.string(), caption: z.string(), hashtags: z.array(z.string()) })

/** The same shapes as JSON schemas for the request (strict structured output: every key required, no others). */
const HOOKS_JSON_SCHEMA = {
  type: 'object',
  properties: { hooks: { type: 'array', items: { type: 'string' } } },
  required: ['hooks'],
  additionalProperties: false,
}
const IDEAS_JSON_SCHEMA = {
  type: 'object',
  properties: {
    ideas: {
      type: 'array',
      items: {
        type: 'object',
        properties: { title: { type: 'string' }, description: { type: 'string' }, hookText: { type: 'string' } },
        required: ['title', 'description', 'hookText'],
        additionalProperties: false,
      },
    },
  },
  required: ['ideas'],
  additionalProperties: false,
}

const CAPTION_JSON_SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    caption: { type: 'string' },
    hashtags: { type: 'array', items: { type: 'string' } },
  },
  required: ['title', 'caption', 'hashtags'],
  additionalProperties: false,
}

/** A model's line as it should be shown: one line, no wrapping quotes, no list numbering or bullet. */
export function cleanLine(text: string): string {
  let s = text.replace(/\s+/g, ' ').trim()
  s = s.replace(/^(?:\d{1,2}[.)]|[-*•])\s+/, '')
  const quoted = /^(["“”'‘’«])(.*)(["“”'‘’»])$/.exec(s)
  if (quoted && quoted[2] && !/["“”]/.test(quoted[2])) s = quoted[2].trim()
  return s
}

/** A description cut to its last whole sentence within `max`; null when not even one sentence fits. */
export function fitSentences(text: string, max: number): string | null {
  if (charCount(text) <= max) return text
  const head = Array.from(text).slice(0, max).join('')
  const end = Math.max(head.lastIndexOf('. '), head.lastIndexOf('! '), head.lastIndexOf('? '))
  if (end > 0) return head.slice(0, end + 1)
  return /[.!?]$/.test(head) ? head : null
}

/** JSON from a model's answer; tolerates a Markdown code fence around it, nothing else. */
function parseJson(text: string): unknown {
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text.trim())
  return JSON.parse(fenced?.[1] ?? text)
}

/** The hooks fit to show, in the model's order: clean, within length, with every must-include keyword, no repeats. */
export function usableHooks(texts: readonly string[], mustInclude: readonly string[], count: number): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of texts) {
    const text = cleanLine(raw)
    const key = dedupeKey(text)
    if (!acceptableHook(text, mustInclude) || seen.has(key)) continue
    seen.add(key)
    out.push(text)
    if (out.length === count) break
  }
  return out
}

export function usableIdeas(
  ideas: readonly WrittenIdea[],
  mustInclude: readonly string[],
  count: number,
): WrittenIdea[] {
  const seenHooks = new Set<string>()
  const seenTitles = new Set<string>()
  const out: WrittenIdea[] = []
  for (const idea of ideas) {
    const title = cleanLine(idea.title)
    const hookText = cleanLine(idea.hookText)
    const description = fitSentences(idea.description.replace(/\s+/g, ' ').trim(), IDEA_DESCRIPTION_MAX)
    if (title === '' || charCount(title) > IDEA_TITLE_MAX || !description) continue
    if (!acceptableHook(hookText, mustInclude)) continue
    if (seenHooks.has(dedupeKey(hookText)) || seenTitles.has(dedupeKey(title))) continue
    seenHooks.add(dedupeKey(hookText))
    seenTitles.add(dedupeKey(title))
    out.push({ title, description, hookText })
    if (out.length === count) break
  }
  return out
}

/** Only what is known: blank fields and empty lists are left out, so the model is not told "niche: ''". */
function known(fields: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue
    if (Array.isArray(value) ? value.length > 0 : value.trim() !== '') out[key] = value
  }
  return out
}

export interface OpenAiWriterDeps {
  client: Pick<OpenAiCompatibleClient, 'chatJson' | 'model'>
  log: Log
  /** Sampling temperature: high enough that two requests give different hooks. */
  temperature?: number
}

/**
 * The AI writer backed by an OpenAI-compatible model (ADR 013, issue #6): versioned prompts, a JSON schema for the
 * answer, the answer checked with zod and by the same hook rules as the offline generator, and asked once more when
 * it was unusable. Failures are `AiProviderError`s; nothing is made up in their place.
 */
export function createOpenAiWriter(deps: OpenAiWriterDeps): AiWriter {
  const { client, log } = deps
  const temperature = deps.temperature ?? 0.9

  async function ask<T>(
    prompt: Prompt,
    request: { system: string; user: string; schemaName: string; jsonSchema: Record<string, unknown> },
    use: (json: unknown) => T[],
  ): Promise<T[]> {
    let problem = ''
    for (let attempt = 1; attempt <= ANSWER_ATTEMPTS; attempt++) {
      let text: string
      try {
        text = await client.chatJson({ ...request, temperature })
      } catch (err) {
        if (!(err instanceof AiProviderError) || err.kind !== 'invalid_output') throw err
        problem = err.message
        log.warn(`[ai] ${prompt.id} on ${client.model}, attempt ${attempt}: ${problem}`)
        continue
      }
      try {
        const items = use(parseJson(text))
        if (items.length > 0) return items
        problem = 'nothing in the answer met the rules (length, keywords, repeats)'
      } catch (err) {
        problem = err instanceof SyntaxError ? `not JSON: ${err.message}` : `wrong shape: ${String(err)}`
      }
      log.warn(`[ai] ${prompt.id} on ${client.model}, attempt ${attempt}: unusable answer (${problem})`)
    }
    throw new AiProviderError(
      'invalid_output',
      `${prompt.id}: no usable answer in ${ANSWER_ATTEMPTS} attempts: ${problem}`,
    )
  }

  return {
    provider: 'openai-compatible',

    async hooks({ context, count }) {
      const prompt = PROMPTS.hooks
      const user = JSON.stringify(
        {
          account: known({
            targetAudience: context.targetAudience,
            niche: context.niche,
            goals: context.appGoals,
          }),
          video: known({ title: context.videoTitle, description: context.videoDescription }),
          ...known({ mustInclude: context.mustInclude, mayInclude: context.mayInclude }),
        },
        null,
        2,
      )
      return ask(
        prompt,
        {
          system: renderPrompt(prompt, { count, maxChars: HOOK_TEXT_MAX }),
          user,
          schemaName: 'hook_suggestions',
          jsonSchema: HOOKS_JSON_SCHEMA,
        },
        (json) => usableHooks(hooksAnswerSchema.parse(json).hooks, context.mustInclude, count),
      )
    },

    async contentIdeas({ context, concept, tone, customPrompt, count }) {
      const prompt = PROMPTS.contentIdeas
      return ask(
        prompt,
        {
          system: renderPrompt(prompt, {
            count,
            titleMax: IDEA_TITLE_MAX,
            descriptionMax: IDEA_DESCRIPTION_MAX,
            hookMax: HOOK_TEXT_MAX,
          }),
          user: ideasRequest(context, concept, tone, customPrompt),
          schemaName: 'content_ideas',
          jsonSchema: IDEAS_JSON_SCHEMA,
        },
        (json) => usableIdeas(ideasAnswerSchema.parse(json).ideas, context.mustInclude, count),
      )
    },

    async caption(request) {
      const prompt = PROMPTS.caption
      const [caption] = await ask(
        prompt,
        {
          system: renderPrompt(prompt, {
            titleMax: CAPTION_TITLE_MAX,
            textMax: CAPTION_TEXT_MAX,
            hashtagsMin: HASHTAGS_MIN,
            hashtagsMax: HASHTAGS_MAX,
            hashtagMax: HASHTAG_MAX,
          }),
          user: captionRequest(request),
          schemaName: 'post_caption',
          jsonSchema: CAPTION_JSON_SCHEMA,
        },
        (json) => {
          const answer = captionAnswerSchema.parse(json)
          const usable = usableCaption({ title: answer.title, text: answer.caption, hashtags: answer.hashtags })
          return usable ? [usable] : []
        },
      )
      // `ask` returns at least one item or throws.
      return caption!
    },
  }
}

/** The caption request as the model reads it (JSON; only what is known). The account brief is marked private. */
export function captionRequest({ context, hookText, concept, tone, customPrompt }: CaptionRequest) {
  return JSON.stringify(
    {
      hook: hookText,
      video: known({ title: context.videoTitle, description: context.videoDescription }),
      hookConcept: concept,
      hookConceptName: HOOK_CONCEPT_LABELS[concept],
      tone,
      toneName: CONTENT_TONE_LABELS[tone],
      ...known({
        customConcept: concept === 'other' ? context.customConcept : undefined,
        customTone: tone === 'other' ? context.customTone : undefined,
        mustInclude: context.mustInclude,
        mayInclude: context.mayInclude,
        instructions: customPrompt,
      }),
      privateAccountBrief: known({
        targetAudience: context.targetAudience,
        niche: context.niche,
        goals: context.appGoals,
      }),
    },
    null,
    2,
  )
}

/** The content-ideas request as the model reads it (JSON; only what the person gave). */
export function ideasRequest(context: HookContext, concept: HookConcept, tone: ContentTone, customPrompt: string) {
  return JSON.stringify(
    {
      account: known({ targetAudience: context.targetAudience, niche: context.niche, goals: context.appGoals }),
      hookConcept: concept,
      hookConceptName: HOOK_CONCEPT_LABELS[concept],
      tone,
      toneName: CONTENT_TONE_LABELS[tone],
      ...known({
        customConcept: concept === 'other' ? context.customConcept : undefined,
        customTone: tone === 'other' ? context.customTone : undefined,
        mustInclude: context.mustInclude,
        mayInclude: context.mayInclude,
        customText: context.customText,
        instructions: customPrompt,
        exampleHooks: context.exampleHooks,
      }),
    },
    null,
    2,
  )
}
