import {
  CONTENT_TONES,
  HOOK_CONCEPTS,
  HOOK_TEXT_MAX,
  type ContentTone,
  type HookConcept,
  type HookContext,
} from '@hookpost/shared'
import { mulberry32, pick, shuffled } from '../../../lib/random'
import { charCount } from '../hook-rules'
import type { Shape, Structure } from './formula-types'
import { candidatesFor, type Candidate } from './hook-candidates'
import { listOf, upperFirst } from './hook-text'
import { prepare, type Prepared } from './prepared-context'

export interface GeneratedHook {
  text: string
  /** The formula's structure (a question, a list, a story …). */
  structure: Structure
  /** What it is about, before a noun ("meal prep", "emergency fund") and in general ("emergency funds"). */
  topic: string
  about: string
}

const DEFAULT_COUNT = 5

/** The shapes the examples ask for (a batch may have several of them); none without examples. */
function favouredShapes(p: Prepared): Set<Shape> {
  const favoured = new Set<Shape>()
  if (p.style && p.style.questions >= 0.5) favoured.add('question')
  if (p.style && p.style.firstPerson >= 0.6) favoured.add('story')
  return favoured
}

/** Something a batch must have enough of: `target` hooks that pass `test`. */
interface Quota {
  test: (c: Candidate) => boolean
  target: number
}

const FIRST_PERSON = /\b(i|i’m|i’ve|i’d|my|me)\b/i

/**
 * What the batch owes the creator: at least one hook that speaks to their audience, and as many questions, first-
 * person hooks, numbers, POVs and short hooks as their examples have (issue 30 item 7: the examples shape the output).
 */
function quotasFor(p: Prepared, count: number): Quota[] {
  const quotas: Quota[] = []
  if (p.audience.label || p.audience.benefits.length > 0) quotas.push({ test: (c) => c.addressed, target: 1 })
  const style = p.style
  if (!style) return quotas
  const share = (value: number, threshold: number, of: number) =>
    value >= threshold ? Math.ceil(of * value * count) : 0
  const wanted: [number, (c: Candidate) => boolean][] = [
    [share(style.questions, 0.5, 0.7), (c) => c.shape === 'question'],
    [share(style.firstPerson, 0.6, 0.6), (c) => FIRST_PERSON.test(c.text)],
    [share(style.numbers, 0.6, 0.4), (c) => /\d/.test(c.text)],
    [share(style.pov, 0.6, 0.2), (c) => /^pov\b/i.test(c.text)],
    // Hooks near the examples' length: within 1.8 times the longest of them.
    [Math.ceil(count * 0.8), (c) => charCount(c.text) <= Math.max(24, style.longest * 1.8)],
  ]
  for (const [target, test] of wanted) if (target > 0) quotas.push({ test, target })
  return quotas
}

/** The options that meet the most quotas still open (all of them when none is open). */
function preferred(options: readonly Candidate[], quotas: readonly Quota[], chosen: readonly Candidate[]): Candidate[] {
  const open = quotas.filter((q) => chosen.filter(q.test).length < q.target)
  if (open.length === 0) return [...options]
  const scored = options.map((c) => ({ c, score: open.filter((q) => q.test(c)).length }))
  const best = Math.max(...scored.map((s) => s.score))
  return scored.filter((s) => s.score === best).map((s) => s.c)
}

function weightedPick<T>(rng: () => number, items: readonly T[], weights: readonly number[]): T | undefined {
  const total = weights.reduce((a, b) => a + b, 0)
  if (!(total > 0)) return items[0]
  let r = rng() * total
  for (let i = 0; i < items.length; i++) {
    r -= weights[i]!
    if (r <= 0) return items[i]
  }
  return items[items.length - 1]
}

/**
 * Picks `count` distinct hooks, one at a time at random by weight, among those that meet the most open quotas: first
 * of different structures, formulas and openings, spread over the shapes a viewer sees (unless the examples ask for
 * more of one) and over the subjects; then relaxing the structure, then anything distinct.
 */
function choose(pool: readonly Candidate[], count: number, p: Prepared, rng: () => number): Candidate[] {
  const favoured = favouredShapes(p)
  const quotas = quotasFor(p, count)
  const chosen: Candidate[] = []
  const texts = new Set<string>()
  const structures = new Set<Structure>()
  const families = new Set<string>()
  const openings = new Set<string>()
  const shapes = new Map<Shape, number>()
  const topics = new Map<string, number>()
  const concepts = new Map<HookConcept, number>()
  const passes: ((c: Candidate) => boolean)[] = [
    (c) => !structures.has(c.structure) && !families.has(c.family) && !openings.has(c.opening),
    (c) => !families.has(c.family) && !openings.has(c.opening),
    () => true,
  ]
  for (const allowed of passes) {
    while (chosen.length < count) {
      const allowedNow = pool.filter((c) => !texts.has(c.key) && allowed(c))
      if (allowedNow.length === 0) break
      const options = preferred(allowedNow, quotas, chosen)
      const weights = options.map((c) => {
        const shapeUses = shapes.get(c.shape) ?? 0
        const shapePenalty = shapeUses === 0 || favoured.has(c.shape) ? 1 : 0.05 ** shapeUses
        return c.weight * shapePenalty * 0.6 ** (topics.get(c.topic) ?? 0) * 0.5 ** (concepts.get(c.concept) ?? 0)
      })
      const c = weightedPick(rng, options, weights)!
      chosen.push(c)
      texts.add(c.key)
      structures.add(c.structure)
      families.add(c.family)
      openings.add(c.opening)
      shapes.set(c.shape, (shapes.get(c.shape) ?? 0) + 1)
      topics.set(c.topic, (topics.get(c.topic) ?? 0) + 1)
      concepts.set(c.concept, (concepts.get(c.concept) ?? 0) + 1)
    }
  }
  return chosen
}

/** The last resort when nothing else fits (keywords too long to share a hook): the keywords, as many as fit. */
function fallbackHook(p: Prepared): GeneratedHook {
  const whole = `Everything about ${listOf(p.mustInclude)}`
  if (p.mustInclude.length === 0)
    return { text: 'Watch this before you scroll', structure: 'warning', topic: '', about: '' }
  if (charCount(whole) <= HOOK_TEXT_MAX) return { text: whole, structure: 'howto', topic: '', about: '' }
  let text = ''
  for (const k of p.mustInclude) {
    const next = text === '' ? upperFirst(k) : `${text}, ${k}`
    if (charCount(next) > HOOK_TEXT_MAX) break
    text = next
  }
  return { text: text || 'Watch this before you scroll', structure: 'claim', topic: '', about: '' }
}

/** FNV-1a over the context: a stable number per input. */
function inputHash(context: HookContext): number {
  let h = 0x811c9dc5
  for (const ch of JSON.stringify(context)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193)
  return h >>> 0
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
  return hooksFor(prepare(input.context), input)
}

/** `generateHooks` for a context already prepared (content ideas prepare it once for hooks and briefs). */
export function hooksFor(
  p: Prepared,
  input: { context: HookContext; concept?: HookConcept; tone?: ContentTone; count?: number; seed: number },
): GeneratedHook[] {
  // The input is mixed into the seed: the same seed gives different choices for different accounts and videos.
  const rng = mulberry32(input.seed ^ inputHash(input.context))
  const count = normaliseCount(input.count)
  const candidates: Candidate[] = []
  const concepts: readonly HookConcept[] = input.concept
    ? [input.concept]
    : HOOK_CONCEPTS.filter((c) => c !== 'other' || p.customConcept !== '')
  const tones: readonly ContentTone[] = CONTENT_TONES.filter((x) => x !== 'other' || p.customTone.manner !== '')
  for (const concept of concepts) {
    if (input.tone) {
      candidates.push(...candidatesFor(concept, input.tone, p, rng))
      continue
    }
    // Mixed tones: each concept in a tone picked at random.
    candidates.push(...candidatesFor(concept, pick(rng, tones) ?? 'casual', p, rng))
  }
  // Picked in the order the quotas ask for (the audience first); shown in a random one.
  const chosen = shuffled(choose(candidates, count, p, rng), rng)
  if (chosen.length === 0) return [fallbackHook(p)]
  return chosen.map((c) => ({ text: c.text, structure: c.structure, topic: c.topic, about: c.about }))
}
