import type { AiProviderName } from '@hookpost/shared/ai'

export type AiProvider = AiProviderName

/** Said under every AI result: who wrote it (the UI never passes the offline generator off as a model). */
export const WRITER_LABELS: Record<AiProvider, string> = {
  offline: 'Written by Hookpost’s built-in generator (offline).',
  'openai-compatible': 'Written by your AI model.',
}

export const IMAGE_MAKER_LABELS: Record<AiProvider, string> = {
  offline: 'Made by Hookpost’s built-in offline generator.',
  'openai-compatible': 'Made by your image model.',
}

/** Said before anything is generated (app-info `ai`), so nobody expects a model's work from the offline generator. */
export const SOURCE_NOTES = {
  writer: {
    offline: 'No AI model is configured: Hookpost’s built-in offline generator writes these from proven hook formulas.',
    'openai-compatible': 'Your configured AI model writes these.',
  },
  images: {
    offline: 'No image model is configured: you get a text card made from your prompt, not a picture.',
    'openai-compatible': 'Your configured image model makes these.',
  },
} satisfies Record<'writer' | 'images', Record<AiProvider, string>>
