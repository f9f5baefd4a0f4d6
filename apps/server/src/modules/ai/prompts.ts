import { readFileSync } from 'node:fs'
import type { ImageStyle } from '@hookpost/shared'

/**
 * The prompts sent to an OpenAI-compatible model are versioned files beside this one (`prompts/<name>.v<N>.md`): a
 * change of wording is a new version, reviewed like code, and every log line about a model's answer names the version
 * that asked for it. Placeholders are `{{name}}`, filled in one pass (a value is never re-read as a placeholder).
 */
export interface Prompt {
  /** e.g. 'hooks.v1': what the logs name. */
  id: string
  text: string
}

function load(id: string): Prompt {
  return { id, text: readFileSync(new URL(`./prompts/${id}.md`, import.meta.url), 'utf8').trim() }
}

export const PROMPTS = {
  hooks: load('hooks.v1'),
  contentIdeas: load('content-ideas.v1'),
  caption: load('caption.v1'),
  slideshow: load('slideshow.v1'),
  image: { selfie: load('image-selfie.v1') } satisfies Record<ImageStyle, Prompt>,
} as const

/** The prompt with every `{{name}}` filled; a placeholder without a value (or a value without a place) throws. */
export function renderPrompt(prompt: Prompt, values: Record<string, string | number>): string {
  const used = new Set<string>()
  const text = prompt.text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`prompt ${prompt.id}: no value for {{${name}}}`)
    used.add(name)
    return String(value)
  })
  const unused = Object.keys(values).filter((name) => !used.has(name))
  if (unused.length > 0) throw new Error(`prompt ${prompt.id}: no place for ${unused.join(', ')}`)
  return text
}
