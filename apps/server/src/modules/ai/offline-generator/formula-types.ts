import type { ContentTone } from '@hookpost/shared'

/**
 * The offline writer's hook formulas (issue 30 item 7): for every concept, formulas of different structures, each
 * written so that its slots fit the kind of phrase they take. Slots, filled in one pass (hook-text.ts `fill`):
 *
 * - `{np}` the subject in general ("emergency funds", "making sourdough", "Notion"); `{your}` / `{my}` owned
 *   ("your emergency fund"); `{mod}` before a noun ("the {mod} mistake"), `{a_mod}` the same after "a"/"an";
 *   `{doing}` / `{my_doing}` as an action ("doing your meal prep", "using Notion"); `{is}` `{was}` `{has}` `{does}`
 *   `{it}` `{them}` `{this}` `{s}` agree with `{np}`.
 * - `{n}` a count (the title's own, "3 ways to …", or 3); `{audience}` the audience's label ("busy moms"),
 *   `{member}` one of them ("a busy mom"), `{one}` ("busy mom"); `{benefit}` what their situation asks for ("in 10
 *   minutes a day").
 * - `{concept}` / `{tone}` / `{manner}` the person's own words for concept and tone "other".
 *
 * A formula whose slot has no value for this account and video is skipped, never left with a hole.
 */

/** The structure of a formula: the writer puts five different ones in a batch of five. */
export type Structure =
  | 'question'
  | 'claim'
  | 'list'
  | 'pov'
  | 'story'
  | 'warning'
  | 'challenge'
  | 'before_after'
  | 'secret'
  | 'proof'
  | 'experiment'
  | 'howto'

export interface Formula {
  structure: Structure
  text: string
  /** Only in these tones (written in that voice); otherwise any tone, shaped by the tone's touches. */
  tones?: readonly ContentTone[]
  /**
   * What the subject must be: 'thing' a product or brand ("how X actually works"), 'doable' something one does or
   * uses ("7 days of X"), 'action' an -ing phrase or a product ("I tried making sourdough / using Notion", not
   * "doing my skincare"), 'noun' anything but an -ing phrase ("X is overrated").
   */
  needs?: 'thing' | 'doable' | 'action' | 'noun'
}

export const f = (structure: Structure, text: string, extra: Omit<Formula, 'structure' | 'text'> = {}): Formula => ({
  structure,
  text,
  ...extra,
})

/** A formula written in one tone's voice. */
export const voiced = (tone: ContentTone, structure: Structure, text: string, needs?: Formula['needs']): Formula =>
  needs ? { structure, text, tones: [tone], needs } : { structure, text, tones: [tone] }

/**
 * How a hook looks to a viewer, read from its words: fewer kinds than the structures (a question is a question
 * whatever it asks; a secret, a proof or a how-to reads as a claim). The writer spreads a batch over these.
 */
export type Shape = 'question' | 'claim' | 'list' | 'pov' | 'story' | 'warning' | 'challenge' | 'before_after'

export function shapeOf(text: string): Shape {
  const t = text.toLowerCase()
  if (/\?[^\p{L}\p{N}]*$/u.test(t)) return 'question'
  if (/^pov\b/.test(t)) return 'pov'
  if (/^\d/.test(t)) return 'list'
  if (/\bvs\b|\bbefore\b.*\bafter\b|\bfrom .+ to\b/.test(t)) return 'before_after'
  if (/^(stop|don’t|never|quit|avoid|please don’t)\b|\bmistakes?\b|\bwrong\b|\bquit\b/.test(t)) return 'warning'
  if (/^(i|i’m|i’ve|i’d|my|me|story time|a year ago|so this|the day)\b/.test(t)) return 'story'
  if (/challenge|\bday \d|\b\d+ days of\b|who’s in|\bfor (a|one) week\b/.test(t)) return 'challenge'
  return 'claim'
}
