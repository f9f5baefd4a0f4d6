import { describe, expect, it } from 'vitest'
import { CONTENT_TONES, EMPTY_HOOK_CONTEXT, HOOK_CONCEPTS, HOOK_TEXT_MAX, type HookContext } from '@hookpost/shared'
import { generateContentIdeas, generateHooks } from '.'

const SPARSE: HookContext = { ...EMPTY_HOOK_CONTEXT }

const FULL: HookContext = {
  targetAudience: '  Busy   moms ',
  niche: 'Meal prep.',
  appGoals: 'Get more downloads of my recipe app',
  videoTitle: 'Sunday meal prep in 20 minutes',
  videoDescription: 'I prep five lunches with one sheet pan. Recipe in the app.',
  mustInclude: ['budget', 'Lunch Box'],
  mayInclude: ['sheet pan', 'high protein'],
  customConcept: 'behind the scenes',
  customTone: 'sarcastic',
  customText: 'Mention the free recipe pack',
  exampleHooks: ['POV: dinner is done before 6pm', 'Nobody tells you how cheap this is'],
}

const chars = (s: string) => Array.from(s).length
const key = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim()

/** The checks every batch of hooks must pass. */
function expectWellFormed(texts: string[], context: HookContext, count: number) {
  expect(texts).toHaveLength(count)
  expect(new Set(texts.map(key)).size).toBe(texts.length)
  for (const text of texts) {
    expect(text.trim()).not.toBe('')
    expect(text).toBe(text.trim())
    expect(text).not.toMatch(/[{}]/)
    expect(text).not.toMatch(/undefined|null|NaN/i)
    expect(text).not.toMatch(/ {2}|\s[,.:;!?]|\(\s*\)|\ba an\b|\bfor {2}/)
    expect(chars(text)).toBeLessThanOrEqual(HOOK_TEXT_MAX)
    expect(text.charAt(0)).toBe(text.charAt(0).toUpperCase())
    for (const k of context.mustInclude) expect(text.toLowerCase()).toContain(k.toLowerCase())
    for (const example of context.exampleHooks) expect(key(text)).not.toBe(key(example))
  }
}

const texts = (hooks: { text: string }[]) => hooks.map((h) => h.text)

describe('generateHooks for every concept × tone', () => {
  for (const [label, context] of [
    ['sparse', SPARSE],
    ['full', FULL],
  ] as const) {
    for (const concept of HOOK_CONCEPTS) {
      for (const tone of CONTENT_TONES) {
        it(`${concept} × ${tone} (${label})`, () => {
          const batches = [1, 2, 3, 4].map((seed) => texts(generateHooks({ context, concept, tone, seed })))
          for (const batch of batches) expectWellFormed(batch, context, 5)
          // Deterministic per seed; different seeds give different batches.
          expect(texts(generateHooks({ context, concept, tone, seed: 1 }))).toEqual(batches[0])
          expect(new Set(batches.map((b) => b.join('|'))).size).toBeGreaterThan(1)
        })
      }
    }
  }
})

describe('generateHooks without a concept or tone (the Create tab)', () => {
  it.each([
    ['sparse', SPARSE],
    ['full', FULL],
    [
      'account and title only',
      { ...SPARSE, targetAudience: 'first-time founders', niche: 'SaaS', videoTitle: 'My first 100 users' },
    ],
  ] as const)('mixes well-formed hooks (%s)', (_label, context) => {
    const batches = [7, 8, 9].map((seed) => texts(generateHooks({ context, seed })))
    for (const batch of batches) expectWellFormed(batch, context, 5)
    expect(texts(generateHooks({ context, seed: 7 }))).toEqual(batches[0])
    expect(new Set(batches.map((b) => b.join('|'))).size).toBeGreaterThan(1)
  })

  it('writes for the account and the video', () => {
    const context = { ...SPARSE, targetAudience: 'first-time founders', niche: 'SaaS marketing', videoTitle: 'Pricing' }
    const all = [1, 2, 3, 4, 5].flatMap((seed) => texts(generateHooks({ context, seed })))
    expect(all.some((t) => t.includes('SaaS marketing'))).toBe(true)
    expect(all.some((t) => /pricing/i.test(t))).toBe(true)
    // A three-word audience is the person's private text (caption-guard.ts): addressed by its head, never quoted.
    expect(all.some((t) => /\bfounders\b/i.test(t))).toBe(true)
    expect(all.some((t) => /first-time founders/i.test(t))).toBe(false)
  })

  it('respects the count, and returns at least one hook for a count of 0', () => {
    expect(generateHooks({ context: FULL, count: 12, seed: 1 })).toHaveLength(12)
    expect(generateHooks({ context: SPARSE, count: 1, seed: 1 })).toHaveLength(1)
    expect(generateHooks({ context: SPARSE, count: 0, seed: 1 })).toHaveLength(1)
  })

  it('returns only unique hooks when asked for more than it can write', () => {
    const hooks = texts(generateHooks({ context: SPARSE, concept: 'other', tone: 'other', count: 500, seed: 1 }))
    expect(hooks.length).toBeGreaterThan(0)
    expect(hooks.length).toBeLessThan(500)
    expect(new Set(hooks.map(key)).size).toBe(hooks.length)
  })
})

describe('user text', () => {
  it('stays literal: a value containing {niche} is not substituted', () => {
    const context = {
      ...SPARSE,
      niche: 'The {audience} club',
      targetAudience: '{niche} fans',
      mustInclude: ['{topic}'],
    }
    const all = [1, 2, 3].flatMap((seed) =>
      HOOK_CONCEPTS.flatMap((concept) => texts(generateHooks({ context, concept, tone: 'casual', seed }))),
    )
    for (const t of all) {
      expect(t).toContain('{topic}')
      // Nothing substituted inside the person's text, and no braces other than theirs.
      expect(t).not.toMatch(/fans club|club fans|\{topic\} fans|club club/i)
      expect(t.replace(/\{audience\} club|\{niche\} fans?|\{topic\}/gi, '')).not.toMatch(/[{}]/)
    }
    expect(all.some((t) => /\{audience\} club/i.test(t))).toBe(true)
    expect(all.some((t) => t.includes('{niche} fans'))).toBe(true)
  })

  it('counts emoji as one character each and stays within the limit', () => {
    const emoji = '🔥'.repeat(30)
    const context = { ...SPARSE, niche: `cooking ${emoji}`, mustInclude: [emoji] }
    for (const tone of CONTENT_TONES) {
      const hooks = texts(generateHooks({ context, concept: 'question', tone, seed: 3 }))
      expect(hooks.length).toBeGreaterThan(0)
      for (const h of hooks) {
        expect(h).toContain(emoji)
        expect(chars(h)).toBeLessThanOrEqual(HOOK_TEXT_MAX)
      }
    }
    // 50 emoji are 100 UTF-16 units: counting units instead would have dropped every hook with 21 more characters.
    const fifty = '🔥'.repeat(50)
    const long = [1, 2, 3, 4].flatMap((seed) =>
      texts(
        generateHooks({
          context: { ...context, mustInclude: [fifty] },
          concept: 'curiosity_gap',
          tone: 'informative',
          seed,
        }),
      ),
    )
    expect(long.some((h) => h.includes(fifty) && h.length > HOOK_TEXT_MAX)).toBe(true)
  })

  it('never cuts a word: long values only appear whole', () => {
    const niche = 'extraordinarily long-winded artisanal sourdough fermentation techniques for weekend home bakers'
    const context = { ...SPARSE, niche, mustInclude: ['sourdough'] }
    const hooks = [1, 2, 3].flatMap((seed) => texts(generateHooks({ context, seed })))
    for (const h of hooks) {
      expectWellFormed([h], context, 1)
      if (h.includes('extraordinarily')) expect(h).toContain(niche)
    }
  })

  it('adds every must-include keyword, case-insensitively, even when no template has it', () => {
    const context = { ...SPARSE, mustInclude: ['Crypto Wallet', 'seed phrase', 'LEDGER'] }
    for (const concept of HOOK_CONCEPTS) {
      expectWellFormed(texts(generateHooks({ context, concept, tone: 'professional', seed: 5 })), context, 5)
    }
  })

  it('uses the custom concept and tone words for "other"', () => {
    const context = { ...SPARSE, niche: 'gardening', customConcept: 'myth busting', customTone: 'deadpan' }
    const all = [1, 2, 3].flatMap((seed) =>
      texts(generateHooks({ context, concept: 'other', tone: 'other', seed })).join(' '),
    )
    expect(all.join(' ')).toMatch(/myth busting/i)
    expect(all.join(' ')).toMatch(/deadpan/i)
  })

  it('sometimes uses the may-include keywords and lets example hooks shape the style without copying them', () => {
    const context = {
      ...FULL,
      mustInclude: [],
      exampleHooks: ['POV: you finally meal prepped', 'POV: lunch is sorted'],
    }
    const all = [1, 2, 3, 4, 5, 6].flatMap((seed) =>
      texts(generateHooks({ context, concept: 'other', tone: 'casual', seed })),
    )
    expect(all.some((t) => /sheet pan|high protein/i.test(t))).toBe(true)
    expect(all.filter((t) => t.startsWith('POV')).length).toBeGreaterThan(1)
  })
})

describe('generateContentIdeas', () => {
  for (const [label, context] of [
    ['sparse', SPARSE],
    ['full', FULL],
  ] as const) {
    // 80 concept × tone pairs, twice each: seconds on a loaded two-core machine.
    it(`gives complete ideas for every concept and tone (${label})`, { timeout: 20_000 }, () => {
      for (const concept of HOOK_CONCEPTS) {
        for (const tone of CONTENT_TONES) {
          const ideas = generateContentIdeas({ context, concept, tone, seed: 11 })
          expect(ideas).toHaveLength(5)
          expect(generateContentIdeas({ context, concept, tone, seed: 11 })).toEqual(ideas)
          expectWellFormed(
            ideas.map((i) => i.hookText),
            context,
            5,
          )
          expect(new Set(ideas.map((i) => key(i.title))).size).toBe(5)
          for (const idea of ideas) {
            expect(idea.title.trim()).not.toBe('')
            expect(idea.description.trim()).not.toBe('')
            expect(chars(idea.title)).toBeLessThanOrEqual(100)
            expect(chars(idea.description)).toBeLessThanOrEqual(300)
            for (const field of [idea.title, idea.description]) {
              expect(field).not.toMatch(/[{}]|undefined|null| {2}|\s[,.:;!?]|\(\s*\)/)
            }
            // One or two sentences.
            expect(idea.description.split(/[.!?](?:\s|$)/).filter((s) => s.trim() !== '').length).toBeLessThanOrEqual(2)
          }
        }
      }
    })
  }

  it('defaults to five and respects a count', () => {
    expect(generateContentIdeas({ context: FULL, concept: 'story', tone: 'casual', count: 3, seed: 2 })).toHaveLength(3)
  })
})
