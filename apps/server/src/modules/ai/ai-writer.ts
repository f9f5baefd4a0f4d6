import { randomInt } from 'node:crypto'
import type { ContentTone, HookConcept, HookContext, ImageStyle } from '@hookpost/shared'
import type { WrittenCaption } from './caption-rules'
import { generateCaption } from './offline-caption'
import { generateContentIdeas, generateHooks } from './offline-generator'

export interface WrittenIdea {
  title: string
  description: string
  hookText: string
}

/**
 * The port every AI provider fills (issue #6): the built-in offline generator by default; an OpenAI-compatible model
 * when configured. A writer throws when it could not write anything; what it returns is shown as it is.
 */
export interface AiWriter {
  readonly provider: 'offline' | 'openai-compatible'
  hooks(request: { context: HookContext; count: number }): Promise<string[]>
  contentIdeas(request: {
    context: HookContext
    concept: HookConcept
    tone: ContentTone
    customPrompt: string
    count: number
  }): Promise<WrittenIdea[]>
  /**
   * A public caption for a post whose video shows `hookText` (issue 18): a title, a short caption text and hashtags,
   * already fit to post by the caption rules (caption-rules.ts). The account's description in `context` may guide it;
   * callers still pass the answer through the privacy guard (post-caption.ts), whoever wrote it.
   */
  caption(request: CaptionRequest): Promise<WrittenCaption>
}

export interface CaptionRequest {
  context: HookContext
  hookText: string
  concept: HookConcept
  tone: ContentTone
  /** The person's instructions for the writer (automation's custom prompt). */
  customPrompt: string
}

/** One image as bytes (PNG, JPEG or WebP), ready to store. */
export interface MadeImage {
  data: Buffer
  contentType: 'image/png' | 'image/jpeg' | 'image/webp'
  width: number
  height: number
}

/**
 * The image port (product.md §7 /api/generate?type=image, style 'selfie'): an OpenAI-compatible images endpoint when
 * AI_IMAGE_MODEL is set; otherwise the offline text card, which says on it what it is (`fallback`). Throws when no
 * image could be made.
 */
export interface ImageMaker {
  readonly provider: 'offline' | 'openai-compatible'
  /** True for the offline text card: not a picture of the prompt, and the UI says so. */
  readonly fallback: boolean
  image(request: { prompt: string; style: ImageStyle }): Promise<MadeImage>
}

/** The offline generator, with a fresh seed per request (or `seed()` for tests). */
export function createOfflineWriter(seed: () => number = () => randomInt(2 ** 31)): AiWriter {
  return {
    provider: 'offline',
    async hooks({ context, count }) {
      return generateHooks({ context, count, seed: seed() }).map((h) => h.text)
    },
    async contentIdeas({ context, concept, tone, count }) {
      return generateContentIdeas({ context, concept, tone, count, seed: seed() })
    },
    async caption({ context, hookText, concept, tone }) {
      return generateCaption({ context, hookText, concept, tone, seed: seed() })
    },
  }
}
