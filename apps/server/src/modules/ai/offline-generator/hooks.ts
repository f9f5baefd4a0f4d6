import {
  CONTENT_TONES,
  HOOK_CONCEPTS,
  HOOK_TEXT_MAX,
  type ContentTone,
  type HookConcept,
  type HookContext,
} from '@hookpost/shared'
import { mulberry32, pick } from '../../../lib/random'
import { acceptableHook as acceptable, charCount, dedupeKey } from '../hook-rules'
import { candidatesFor, type Candidate } from './hook-candidates'
import { keywordLabel, upperFirst } from './hook-text'
import { firstWord, prepare, type Prepared } from './prepared-context'

export interface GeneratedHook {
  text: string
}

const DEFAULT_COUNT = 5

/** Example hooks nudge the style: same opening word, similar length. They are never returned as they are. */
function styleWeight(c: Candidate, p: Prepared): number {
  if (p.examples.length === 0) return 1
  let w = 1
  if (p.exampleFirstWords.has(firstWord(c.text))) w *= 3
  const ratio = charCount(c.text) / Math.max(1, p.exampleLength)
  if (ratio > 0.6 && ratio < 1.5) w *= 1.5
  return w
}

/**
 * Picks `count` distinct hooks: weighted random order (Efraimidis–Spirakis keys), one per formula first, then any
 * distinct ones; never an example hook verbatim.
 */
function sample(candidates: Candidate[], count: number, p: Prepared, rng: () => number, spread = false): string[] {
  const exampleKeys = new Set(p.examples.map(dedupeKey))
  const seen = new Set<string>()
  const pool: (Candidate & { key: number })[] = []
  for (const c of candidates) {
    const k = dedupeKey(c.text)
    if (seen.has(k) || exampleKeys.has(k) || !acceptable(c.text, p.mustInclude)) continue
    seen.add(k)
    const w = c.weight * styleWeight(c, p)
    pool.push({ ...c, key: Math.pow(rng(), 1 / Math.max(w, 1e-6)) })
  }
  pool.sort((a, b) => b.key - a.key)

  const chosen: string[] = []
  const usedFamilies = new Set<string>()
  const usedConcepts = new Set<HookConcept>()
  const passes: ((c: Candidate) => boolean)[] = [
    (c) => !usedFamilies.has(c.family) && (!spread || !usedConcepts.has(c.concept)),
    (c) => !usedFamilies.has(c.family),
    () => true,
  ]
  for (const allowed of passes) {
    for (const c of pool) {
      if (chosen.length >= count) return chosen
      if (chosen.includes(c.text) || !allowed(c)) continue
      chosen.push(c.text)
      usedFamilies.add(c.family)
      usedConcepts.add(c.concept)
    }
  }
  return chosen
}

/** The last resort when nothing else fits: a plain hook carrying the keywords, within the length limit. */
function fallbackHook(p: Prepared): string {
  const label = keywordLabel(p.mustInclude)
  const options =
    label === '' ? ['Watch this before you scroll'] : [`${upperFirst(label)}: watch this`, upperFirst(label)]
  for (const o of options) if (charCount(o) <= HOOK_TEXT_MAX) return o
  // Must-include keywords that cannot fit together: keep as many whole keywords as fit.
  let text = ''
  for (const k of p.mustInclude) {
    const next = text === '' ? upperFirst(k) : `${text}, ${k}`
    if (charCount(next) > HOOK_TEXT_MAX) break
    text = next
  }
  return text === '' ? 'Watch this before you scroll' : text
}

export function normaliseCount(count: number | undefined): number {
  if (count === undefined || !Number.isFinite(count)) return DEFAULT_COUNT
  return Math.max(1, Math.floor(count))
}

/**
 * Hook suggestions. With a concept and tone: hooks in that style. Without (the Create tab): a mix of concepts and
 * tones, written for the account's audience and niche and the video's title and description.
 * `seed`: same seed + same input → same output (tests); production passes a random seed.
 */
export function generateHooks(input: {
  context: HookContext
  concept?: HookConcept
  tone?: ContentTone
  count?: number
  seed: number
}): GeneratedHook[] {
  const rng = mulberry32(input.seed)
  const p = prepare(input.context)
  const count = normaliseCount(input.count)
  const candidates: Candidate[] = []
  const mixing = input.concept === undefined && input.tone === undefined
  const concepts: readonly HookConcept[] = input.concept
    ? [input.concept]
    : HOOK_CONCEPTS.filter((c) => c !== 'other' || p.customConcept !== '')
  const tones: readonly ContentTone[] = CONTENT_TONES.filter((x) => x !== 'other' || p.customTone !== '')
  for (const concept of concepts) {
    if (input.tone) {
      candidates.push(...candidatesFor(concept, input.tone, p, rng))
    } else {
      // Mixed tones: each concept in two tones picked at random.
      const first = pick(rng, tones) ?? 'casual'
      const second = pick(
        rng,
        tones.filter((x) => x !== first),
      )
      candidates.push(...candidatesFor(concept, first, p, rng))
      if (second)
        candidates.push(...candidatesFor(concept, second, p, rng).map((c) => ({ ...c, weight: c.weight * 0.7 })))
    }
  }
  const texts = sample(candidates, count, p, rng, mixing || input.concept === undefined)
  if (texts.length === 0) texts.push(fallbackHook(p))
  return texts.map((text) => ({ text }))
}
