import { randomInt } from 'node:crypto'
import { z } from 'zod'
import { SLIDESHOW_LIMITS, type HookContext, type WrittenSlide } from '@hookpost/shared'
import { AiProviderError, type OpenAiCompatibleClient } from '../../integrations/ai'
import type { Log } from '../../lib/log'
import { generateSlideshow, type SlideshowDraft } from './offline-generator/slideshow'
import { ANSWER_ATTEMPTS, cleanLine } from './openai-writer'
import { charCount } from './hook-rules'
import { PROMPTS, renderPrompt } from './prompts'

/** How long each kind of slide may be: read on a phone in a few seconds. */
export const SLIDE_TEXT_MAX = { hook: 100, point: 160, cta: 80 } as const

export interface SlideshowRequest {
  context: Pick<HookContext, 'targetAudience' | 'niche' | 'appGoals'>
  topic: string
  points: number
}

/**
 * The slideshow writer port (issue 29): like the AI writer (ai-writer.ts), the built-in offline generator by default,
 * the configured OpenAI-compatible model otherwise. It throws when it could not write anything; what it returns is
 * shown as it is.
 */
export interface SlideshowWriter {
  readonly provider: 'offline' | 'openai-compatible'
  slideshow(request: SlideshowRequest): Promise<SlideshowDraft>
}

export function createOfflineSlideshowWriter(seed: () => number = () => randomInt(2 ** 31)): SlideshowWriter {
  return {
    provider: 'offline',
    async slideshow({ context, topic, points }) {
      return generateSlideshow({ context, topic, points, seed: seed() })
    },
  }
}

const answerSchema = z.object({
  title: z.string(),
  hook: z.string(),
  points: z.array(z.string()),
  cta: z.string(),
})
const ANSWER_JSON_SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    hook: { type: 'string' },
    points: { type: 'array', items: { type: 'string' } },
    cta: { type: 'string' },
  },
  required: ['title', 'hook', 'points', 'cta'],
  additionalProperties: false,
}

/** The model's answer fit to show, or null: every slide present and within length, exactly `points` points. */
export function usableSlideshow(answer: z.infer<typeof answerSchema>, points: number): SlideshowDraft | null {
  const within = (text: string, max: number) => text !== '' && charCount(text) <= max
  const hook = cleanLine(answer.hook)
  const cta = cleanLine(answer.cta)
  const title = cleanLine(answer.title)
  const body = answer.points.map(cleanLine).filter((p) => within(p, SLIDE_TEXT_MAX.point))
  if (!within(hook, SLIDE_TEXT_MAX.hook) || !within(cta, SLIDE_TEXT_MAX.cta) || body.length < points) return null
  const slides: WrittenSlide[] = [
    { role: 'hook', text: hook },
    ...body.slice(0, points).map((text, i) => ({ role: 'point' as const, text: `${i + 1}. ${text}` })),
    { role: 'cta', text: cta },
  ]
  return { title: within(title, SLIDESHOW_LIMITS.title) ? title : hook.slice(0, SLIDESHOW_LIMITS.title), slides }
}

/**
 * The OpenAI-compatible slideshow writer: a versioned prompt (prompts/slideshow.v1.md), a JSON schema for the answer,
 * checked with zod and the length rules, asked once more when unusable. Failures are `AiProviderError`s; nothing is
 * made up in their place (no offline fallback, as for hooks and ideas).
 */
export function createOpenAiSlideshowWriter(deps: {
  client: Pick<OpenAiCompatibleClient, 'chatJson' | 'model'>
  log: Log
  temperature?: number
}): SlideshowWriter {
  const { client, log } = deps
  const prompt = PROMPTS.slideshow
  return {
    provider: 'openai-compatible',
    async slideshow({ context, topic, points }) {
      const system = renderPrompt(prompt, {
        points,
        hookMax: SLIDE_TEXT_MAX.hook,
        pointMax: SLIDE_TEXT_MAX.point,
        ctaMax: SLIDE_TEXT_MAX.cta,
        titleMax: SLIDESHOW_LIMITS.title,
      })
      const account = Object.fromEntries(
        Object.entries({
          targetAudience: context.targetAudience,
          niche: context.niche,
          goals: context.appGoals,
        }).filter(([, v]) => v.trim() !== ''),
      )
      const user = JSON.stringify({ topic, ...(Object.keys(account).length > 0 ? { account } : {}) }, null, 2)
      let problem = ''
      for (let attempt = 1; attempt <= ANSWER_ATTEMPTS; attempt++) {
        let text: string
        try {
          text = await client.chatJson({
            system,
            user,
            schemaName: 'slideshow',
            jsonSchema: ANSWER_JSON_SCHEMA,
            temperature: deps.temperature ?? 0.9,
          })
        } catch (err) {
          if (!(err instanceof AiProviderError) || err.kind !== 'invalid_output') throw err
          problem = err.message
          continue
        }
        try {
          const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text.trim())
          const usable = usableSlideshow(answerSchema.parse(JSON.parse(fenced?.[1] ?? text)), points)
          if (usable) return usable
          problem = 'the answer did not meet the rules (slide count or length)'
        } catch (err) {
          problem = err instanceof SyntaxError ? `not JSON: ${err.message}` : `wrong shape: ${String(err)}`
        }
        log.warn(`[ai] ${prompt.id} on ${client.model}, attempt ${attempt}: unusable answer (${problem})`)
      }
      throw new AiProviderError(
        'invalid_output',
        `${prompt.id}: no usable answer in ${ANSWER_ATTEMPTS} attempts: ${problem}`,
      )
    },
  }
}
