import { describe, expect, it } from 'vitest'
import { CONTENT_TONES, HOOK_CONCEPTS, type ContentTone, type HookConcept } from '@hookpost/shared'
import { mulberry32 } from '../../lib/random'
import { chooseHook, EXPLORE_SHARE, type BanditChoice, type HookResult } from './hook-bandit'

const CONCEPTS = HOOK_CONCEPTS.filter((c) => c !== 'other')
const TONES = CONTENT_TONES.filter((t) => t !== 'other')

/** Every concept and tone tried: `posts` posts each, about 0.9× typical (a little noise), story × casual 2.5×. */
function history(posts = 3): HookResult[] {
  const rng = mulberry32(7)
  const results: HookResult[] = []
  for (const concept of CONCEPTS) {
    for (const tone of TONES) {
      for (let i = 0; i < posts; i++) {
        const winner = concept === 'story' && tone === 'casual'
        results.push({ concept, tone, relativeViews: (winner ? 2.5 : 0.9) * Math.exp((rng() - 0.5) * 0.4) })
      }
    }
  }
  // The winner has been used more, as a bandit would have.
  for (let i = 0; i < 12; i++) results.push({ concept: 'story', tone: 'casual', relativeViews: 2.4 })
  return results
}

function run(n: number, seed: number, results: HookResult[], concepts = CONCEPTS, tones = TONES): BanditChoice[] {
  const rng = mulberry32(seed)
  return Array.from({ length: n }, () => chooseHook({ concepts, tones, results, rng }))
}

const share = (choices: BanditChoice[], ok: (c: BanditChoice) => boolean) => choices.filter(ok).length / choices.length

describe('the hook bandit', () => {
  it('with no results picks at random and says so', () => {
    const choices = run(400, 1, [])
    expect(choices.every((c) => c.mode === 'no_data')).toBe(true)
    expect(choices[0]!.reason).toMatch(/^No results yet: random pick \(.+ × .+\)$/)
    // Uniform over the 56 arms: every concept and every tone comes up.
    expect(new Set(choices.map((c) => c.concept)).size).toBe(CONCEPTS.length)
    expect(new Set(choices.map((c) => c.tone)).size).toBe(TONES.length)
    // Results for other hooks (a manual post with no concept, or a concept not offered) are no data either.
    const unrelated: HookResult[] = [{ concept: null, tone: null, relativeViews: 3 }]
    expect(run(5, 2, unrelated).every((c) => c.mode === 'no_data')).toBe(true)
  })

  it('converges to the better arm and says why', () => {
    const choices = run(1000, 3, history())
    const winner = share(choices, (c) => c.concept === 'story' && c.tone === 'casual')
    // Everything but the explore share (and the explore share's own 1 in 56) goes to the winner, give or take.
    expect(winner).toBeGreaterThan(0.75)
    const best = choices.find((c) => c.mode === 'best')!
    expect(best).toMatchObject({ concept: 'story', tone: 'casual' })
    expect(best.reason).toBe('Best so far: story × casual, 2.5× typical over 15 posts')
  })

  it(`explores ${EXPLORE_SHARE * 100}% of the time, uniformly, with a reason`, () => {
    const choices = run(2000, 4, history())
    const explored = choices.filter((c) => c.mode === 'explore')
    expect(explored.length / choices.length).toBeGreaterThan(EXPLORE_SHARE - 0.03)
    expect(explored.length / choices.length).toBeLessThan(EXPLORE_SHARE + 0.03)
    expect(new Set(explored.map((c) => c.concept)).size).toBe(CONCEPTS.length)
    expect(explored[0]!.reason).toMatch(
      /^Exploring \(1 in 5 picks try something less proven\): .+ × .+, \d\.\d× typical over \d+ posts?$/,
    )
  })

  it('tries hooks it knows nothing about before settling, and says they are less proven', () => {
    // Only question × casual has been tried, and it did well; eight concepts and six tones have no posts yet.
    const results: HookResult[] = Array.from({ length: 4 }, () => ({
      concept: 'question' as HookConcept,
      tone: 'casual' as ContentTone,
      relativeViews: 1.5,
    }))
    const choices = run(500, 5, results)
    const promising = choices.filter((c) => c.mode === 'promising')
    expect(promising.length).toBeGreaterThan(100)
    expect(promising[0]!.reason).toContain('no posts yet')
    expect(promising[0]!.reason).toContain('best so far is question × casual, 1.5× typical over 4 posts')
  })

  it('chooses only what is left open: a fixed concept keeps its concept and learns the tone', () => {
    const choices = run(300, 6, history(), ['story'], TONES)
    expect(choices.every((c) => c.concept === 'story')).toBe(true)
    expect(share(choices, (c) => c.tone === 'casual')).toBeGreaterThan(0.75)
    // With the tone fixed, it learns the concept.
    const concepts = run(300, 6, history(), CONCEPTS, ['casual'])
    expect(concepts.every((c) => c.tone === 'casual')).toBe(true)
    expect(share(concepts, (c) => c.concept === 'story')).toBeGreaterThan(0.75)
  })

  it('is deterministic for a seed', () => {
    expect(run(50, 9, history())).toEqual(run(50, 9, history()))
    expect(run(50, 9, history())).not.toEqual(run(50, 10, history()))
  })
})
