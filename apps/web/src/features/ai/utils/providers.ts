import type { GenerateHooksResponse } from '@hookpost/shared/ai'

export type AiProvider = GenerateHooksResponse['provider']

/** Said under every AI result: who wrote it (the UI never passes the offline generator off as a model). */
export const WRITER_LABELS: Record<AiProvider, string> = {
  offline: 'Written by Hookpost’s built-in generator (offline).',
  'openai-compatible': 'Written by your AI model.',
}

export const IMAGE_MAKER_LABELS: Record<AiProvider, string> = {
  offline: 'Made by Hookpost’s built-in offline generator.',
  'openai-compatible': 'Made by your image model.',
}
