import { CONTENT_TONE_LABELS, HOOK_CONCEPT_LABELS, type ContentTone, type HookConcept } from '@hookpost/shared'

/**
 * The hook bandit (issue 19, ADR 022): which hook concept × tone the automation writes next, learning from the
 * account's own results. Pure and deterministic for a given random source.
 *
 * Score of a post: ln(relative views), where relative views = views ÷ the account's median views at the same age
 * (post_stats.relative_views; 1 = a typical post of this account, so ln = 0).
 *
 * Model: Thompson sampling over the concept × tone arms with Normal beliefs in ln space, in two levels so a few dozen
 * posts already say something about 56 arms:
 * - each concept and each tone has an effect θ with a prior Normal(0, σ²/PRIOR_POSTS) — "typical", worth PRIOR_POSTS
 *   imaginary posts — updated by the posts that used it: Normal(S / (n + PRIOR_POSTS), σ² / (n + PRIOR_POSTS));
 * - an arm's value starts from θ_concept + θ_tone (worth PRIOR_POSTS posts) and is updated by the pair's own posts:
 *   Normal((S_pair + PRIOR_POSTS·(θ_concept + θ_tone)) / (n_pair + PRIOR_POSTS), σ² / (n_pair + PRIOR_POSTS)).
 * σ, the spread of one post around its arm, is the account's own pooled spread within arms, shrunk toward 1 (a factor
 * of e either way) with SPREAD_PRIOR_POSTS imaginary posts. A pick draws θs and every arm's value, and takes the
 * highest (Thompson sampling); on top of it EXPLORE_SHARE of the picks take a uniformly random arm, so a hook that
 * had bad luck early is tried again now and then even after the beliefs have settled.
 */

/** Share of picks that try a uniformly random arm (1 in 5). */
export const EXPLORE_SHARE = 0.2
/** Imaginary typical (1×) posts each effect starts with. */
export const PRIOR_POSTS = 2
/** The spread (sd of ln relative views) assumed before the account's own posts say otherwise: a factor of e. */
export const PRIOR_SPREAD = 1
/** Imaginary posts at PRIOR_SPREAD the account's spread estimate starts with. */
export const SPREAD_PRIOR_POSTS = 5

export interface HookResult {
  concept: HookConcept | null
  tone: ContentTone | null
  /** > 0; views ÷ the account's median at the same age. */
  relativeViews: number
}

export interface BanditRequest {
  /** Concepts it may choose from (one when the person fixed it). */
  concepts: readonly HookConcept[]
  /** Tones it may choose from (one when the person fixed it). */
  tones: readonly ContentTone[]
  /** The account's scored posts with the hook each carried. */
  results: readonly HookResult[]
  rng: () => number
  exploreShare?: number
}

export type BanditMode = 'best' | 'promising' | 'explore' | 'no_data'

export interface BanditChoice {
  concept: HookConcept
  tone: ContentTone
  mode: BanditMode
  /** Why, in a sentence the History shows. */
  reason: string
}

interface Stats {
  posts: number
  sumLn: number
}

/** Posterior mean of an effect (prior: PRIOR_POSTS posts at 0). */
const mean = (s: Stats) => s.sumLn / (s.posts + PRIOR_POSTS)

/** A standard Normal draw from two uniform ones (Box–Muller). */
function normal(rng: () => number): number {
  const u = Math.max(rng(), Number.MIN_VALUE)
  const v = rng()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
}

/** The key with the highest value; the first listed wins ties. */
function argmax<K extends object | string>(keys: readonly K[], value: (k: K) => number): K {
  let best = keys[0]!
  let bestValue = value(best)
  for (const k of keys.slice(1)) {
    const v = value(k)
    if (v > bestValue) {
      best = k
      bestValue = v
    }
  }
  return best
}

const times = (x: number) => `${(Math.round(x * 10) / 10).toFixed(1)}× typical`
const postsWord = (n: number) => `${n} post${n === 1 ? '' : 's'}`
/** "2.1× typical over 6 posts" (geometric mean of what happened, unshrunk), or "no posts yet". */
const figures = (s: Stats) =>
  s.posts === 0 ? 'no posts yet' : `${times(Math.exp(s.sumLn / s.posts))} over ${postsWord(s.posts)}`
const armLabel = (concept: HookConcept, tone: ContentTone) =>
  `${HOOK_CONCEPT_LABELS[concept].toLowerCase()} × ${CONTENT_TONE_LABELS[tone].toLowerCase()}`

export function chooseHook(request: BanditRequest): BanditChoice {
  const { concepts, tones, rng } = request
  if (concepts.length === 0 || tones.length === 0) throw new Error('the bandit needs at least one concept and tone')
  const exploreShare = request.exploreShare ?? EXPLORE_SHARE
  const scored = request.results
    .filter((r) => Number.isFinite(r.relativeViews) && r.relativeViews > 0)
    .map((r) => ({ concept: r.concept, tone: r.tone, ln: Math.log(r.relativeViews) }))

  const empty = (): Stats & { sumSq: number } => ({ posts: 0, sumLn: 0, sumSq: 0 })
  const byConcept = new Map<HookConcept, Stats>(concepts.map((c) => [c, empty()]))
  const byTone = new Map<ContentTone, Stats>(tones.map((t) => [t, empty()]))
  const byPair = new Map<string, Stats & { sumSq: number }>()
  for (const r of scored) {
    for (const s of [r.concept && byConcept.get(r.concept), r.tone && byTone.get(r.tone)]) {
      if (!s) continue
      s.posts++
      s.sumLn += r.ln
    }
    const key = `${r.concept}|${r.tone}`
    const p = byPair.get(key) ?? empty()
    p.posts++
    p.sumLn += r.ln
    p.sumSq += r.ln * r.ln
    byPair.set(key, p)
  }
  const pair = (concept: HookConcept, tone: ContentTone): Stats => byPair.get(`${concept}|${tone}`) ?? empty()
  // The account's spread within arms (every hook it has, not only the candidates), shrunk toward PRIOR_SPREAD.
  let squares = SPREAD_PRIOR_POSTS * PRIOR_SPREAD ** 2
  let df = SPREAD_PRIOR_POSTS
  for (const p of byPair.values()) {
    squares += Math.max(0, p.sumSq - (p.sumLn * p.sumLn) / p.posts)
    df += p.posts - 1
  }
  const sd = Math.sqrt(squares / df)

  const arms = concepts.flatMap((concept) => tones.map((tone) => ({ concept, tone })))
  const randomArm = () => arms[Math.floor(rng() * arms.length)]!
  // Only the dimensions being chosen need data ("best" concept with a fixed tone learns from concepts alone).
  const open = [...(concepts.length > 1 ? byConcept.values() : []), ...(tones.length > 1 ? byTone.values() : [])]
  const fixedArmPosts = arms.length === 1 ? pair(arms[0]!.concept, arms[0]!.tone).posts : 0
  if (open.every((s) => s.posts === 0) && fixedArmPosts === 0) {
    const { concept, tone } = randomArm()
    return { concept, tone, mode: 'no_data', reason: `No results yet: random pick (${armLabel(concept, tone)})` }
  }

  /** An arm's value from the effects θ (means, or draws) and its own posts. */
  const armValue = (concept: HookConcept, tone: ContentTone, prior: number) => {
    const p = pair(concept, tone)
    return (p.sumLn + PRIOR_POSTS * prior) / (p.posts + PRIOR_POSTS)
  }
  const greedy = argmax(arms, (a) =>
    armValue(a.concept, a.tone, mean(byConcept.get(a.concept)!) + mean(byTone.get(a.tone)!)),
  )
  const describe = (concept: HookConcept, tone: ContentTone) => {
    const p = pair(concept, tone)
    if (p.posts > 0) return `${armLabel(concept, tone)}, ${figures(p)}`
    // The pair itself is new: what its concept and tone did apart.
    const parts = [
      concepts.length > 1 ? `${HOOK_CONCEPT_LABELS[concept]} ${figures(byConcept.get(concept)!)}` : null,
      tones.length > 1 ? `${CONTENT_TONE_LABELS[tone]} ${figures(byTone.get(tone)!)}` : null,
    ].filter((x) => x !== null)
    return parts.length > 0
      ? `${armLabel(concept, tone)} (${parts.join('; ')})`
      : `${armLabel(concept, tone)}, no posts yet`
  }

  if (rng() < exploreShare) {
    const { concept, tone } = randomArm()
    return {
      concept,
      tone,
      mode: 'explore',
      reason: `Exploring (1 in ${Math.round(1 / exploreShare)} picks try something less proven): ${describe(concept, tone)}`,
    }
  }

  // Thompson sampling: one draw of every effect, then of every arm given them; the highest draw wins.
  const draw = (s: Stats) => mean(s) + (sd / Math.sqrt(s.posts + PRIOR_POSTS)) * normal(rng)
  const thetaConcept = new Map(concepts.map((c) => [c, draw(byConcept.get(c)!)]))
  const thetaTone = new Map(tones.map((t) => [t, draw(byTone.get(t)!)]))
  const chosen = argmax(arms, (a) => {
    const n = pair(a.concept, a.tone).posts
    const prior = thetaConcept.get(a.concept)! + thetaTone.get(a.tone)!
    return armValue(a.concept, a.tone, prior) + (sd / Math.sqrt(n + PRIOR_POSTS)) * normal(rng)
  })
  const { concept, tone } = chosen
  if (chosen === greedy) return { concept, tone, mode: 'best', reason: `Best so far: ${describe(concept, tone)}` }
  return {
    concept,
    tone,
    mode: 'promising',
    reason:
      `Less proven but may be better: ${describe(concept, tone)}; ` +
      `best so far is ${describe(greedy.concept, greedy.tone)}`,
  }
}
