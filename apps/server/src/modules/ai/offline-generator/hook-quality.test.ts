import { describe, expect, it } from 'vitest'
import {
  EMPTY_HOOK_CONTEXT,
  HOOK_TEXT_MAX,
  type ContentTone,
  type HookConcept,
  type HookContext,
} from '@hookpost/shared'
import { quotedPrivateField } from '../caption-guard'
import { accountPrivateFields } from '../post-caption'
import { generateContentIdeas, generateHooks } from '.'

/**
 * Issue 30 item 7: the offline writer's output must read as written by a person for that audience. Twenty accounts and
 * titles of every kind (noun phrases, questions, how-tos, lists, brand names, very short and very long, with and
 * without keywords and example hooks), checked against rules, never against exact strings.
 */

interface Case {
  name: string
  context: Partial<HookContext>
  concept: HookConcept
  tone: ContentTone
  /** The title reads as a clean noun phrase, so it may appear in a hook as it is. */
  cleanNoun: boolean
  /** Phrases that would show a template at work for this title. */
  forbidden?: RegExp[]
  /** What the example hooks ask of the style. */
  style?: 'questions' | 'lowercase-emoji' | 'first-person-numbers' | 'short'
}

const CASES: Case[] = [
  {
    name: 'product-speak title (the issue’s case)',
    context: {
      targetAudience: 'Busy moms',
      niche: 'Meal prep',
      appGoals: 'Get more downloads of my recipe app',
      videoTitle: 'Meal prep app demo',
    },
    concept: 'question',
    tone: 'informative',
    cleanNoun: false,
    forbidden: [/app demo/i, /how meal prep\b.*\bworks/i],
  },
  {
    name: 'noun title with a must-include keyword',
    context: {
      targetAudience: 'Busy parents',
      niche: 'Quick dinners',
      videoTitle: 'Weeknight salmon',
      mustInclude: ['air fryer'],
    },
    concept: 'curiosity_gap',
    tone: 'casual',
    cleanNoun: true,
  },
  {
    name: 'how-to title',
    context: {
      targetAudience: 'home bakers',
      niche: 'Sourdough for beginners',
      videoTitle: 'How to make sourdough without a mixer',
    },
    concept: 'surprise',
    tone: 'informative',
    cleanNoun: false,
    forbidden: [/about how to/i, /the how to/i, /\bhow to make sourdough without a mixer\b.*\bhow\b/i],
  },
  {
    name: 'question title',
    context: { targetAudience: 'beginner bakers', niche: 'Baking', videoTitle: 'Why is my sourdough so flat?' },
    concept: 'story',
    tone: 'emotional',
    cleanNoun: false,
    forbidden: [/about why/i, /\?\s*\S+.*\?/],
  },
  {
    name: 'list title with a keyword',
    context: {
      targetAudience: 'college students',
      niche: 'budget cooking',
      videoTitle: '3 ways to cut your grocery bill',
      mustInclude: ['budget'],
    },
    concept: 'social_proof',
    tone: 'casual',
    cleanNoun: false,
    forbidden: [/about 3 ways/i, /the 3 ways to/i],
  },
  {
    name: 'list title of mistakes',
    context: {
      targetAudience: 'beginner lifters',
      niche: 'strength training',
      appGoals: 'Sell my 12-week program',
      videoTitle: '5 mistakes beginners make at the gym',
    },
    concept: 'controversy',
    tone: 'provocative',
    cleanNoun: false,
  },
  {
    name: 'brand name title',
    context: {
      targetAudience: 'students',
      niche: 'productivity',
      appGoals: 'grow my template shop',
      videoTitle: 'Notion',
    },
    concept: 'scarcity',
    tone: 'professional',
    cleanNoun: true,
    forbidden: [/\b(about|using|with|of|try|tried) the notion\b/i, /\bnotion\b/],
  },
  {
    name: 'brand with product-speak',
    context: { targetAudience: 'small business owners', niche: 'video editing', videoTitle: 'CapCut tutorial' },
    concept: 'urgency',
    tone: 'humorous',
    cleanNoun: false,
    forbidden: [/tutorial/i, /\bcapcut\b/],
  },
  {
    name: 'one-word title',
    context: { targetAudience: 'first-time founders', niche: 'SaaS marketing', videoTitle: 'Pricing' },
    concept: 'challenge',
    tone: 'inspirational',
    cleanNoun: true,
  },
  {
    name: 'very long first-person title',
    context: {
      targetAudience: 'Busy parents',
      niche: 'kitchen gadgets',
      videoTitle:
        'I spent a whole weekend testing every budget air fryer on Amazon so you don’t have to, here is what I found',
    },
    concept: 'surprise',
    tone: 'casual',
    cleanNoun: false,
  },
  {
    name: 'hook-like stock title with a keyword',
    context: { targetAudience: 'skincare lovers', niche: 'skincare', videoTitle: 'Wait for it…', mustInclude: ['SPF'] },
    concept: 'surprise',
    tone: 'humorous',
    cleanNoun: false,
  },
  {
    name: 'examples that are all questions',
    context: {
      targetAudience: 'people in their 20s',
      niche: 'Personal finance',
      videoTitle: 'Emergency fund',
      exampleHooks: [
        'Do you actually need an emergency fund?',
        'Why is saving so hard?',
        'What would you do with $1,000?',
      ],
    },
    concept: 'social_proof',
    tone: 'informative',
    cleanNoun: true,
    style: 'questions',
  },
  {
    name: 'examples in lower case with emoji',
    context: {
      targetAudience: 'teens with acne',
      niche: 'skincare',
      videoTitle: 'Night routine',
      exampleHooks: [
        'my skin after 30 days of this 😳',
        'pov: you finally found a moisturizer that works ✨',
        'this changed my skin fr 🧴',
      ],
    },
    concept: 'story',
    tone: 'casual',
    cleanNoun: true,
    style: 'lowercase-emoji',
  },
  {
    name: 'first-person examples with numbers',
    context: {
      targetAudience: 'busy professionals',
      niche: 'Fitness',
      videoTitle: 'Home workout',
      exampleHooks: [
        'I lost 10 pounds doing this one thing',
        'I tried 3 workout apps so you don’t have to',
        'My 20-minute routine that actually works',
      ],
    },
    concept: 'surprise',
    tone: 'inspirational',
    cleanNoun: true,
    style: 'first-person-numbers',
  },
  {
    name: 'three must-include keywords',
    context: {
      targetAudience: 'crypto beginners',
      niche: 'crypto security',
      videoTitle: 'Hardware wallet setup',
      mustInclude: ['Crypto Wallet', 'seed phrase', 'LEDGER'],
    },
    concept: 'urgency',
    tone: 'professional',
    cleanNoun: true,
  },
  {
    name: 'a long private description',
    context: {
      targetAudience: 'Night-shift nurses in Tallinn who collect vintage typewriters',
      niche: 'Typewriter repair',
      appGoals: 'Sell 40 restoration kits before the Zephyr launch',
      videoTitle: 'Ribbon swap',
      videoDescription: 'Changing the ribbon of a 1962 Olivetti',
      mustInclude: ['olivetti'],
    },
    concept: 'curiosity_gap',
    tone: 'professional',
    cleanNoun: true,
  },
  {
    name: 'sparse account, custom concept and tone',
    context: {
      niche: 'Gardening',
      videoTitle: 'Healthy lunch ideas for work',
      customConcept: 'myth busting',
      customTone: 'deadpan',
    },
    concept: 'other',
    tone: 'other',
    cleanNoun: true,
  },
  {
    name: 'title with emoji and hashtags',
    context: {
      targetAudience: 'remote workers',
      niche: 'productivity',
      videoTitle: 'Morning routine 🌅 #productivity #fyp',
    },
    concept: 'question',
    tone: 'casual',
    cleanNoun: false,
    forbidden: [/#fyp/i, /🌅/],
  },
  {
    name: 'possessive statement title with a may-include keyword',
    context: {
      targetAudience: 'first-time founders',
      niche: 'SaaS',
      videoTitle: 'My first 100 users',
      mayInclude: ['cold email'],
    },
    concept: 'story',
    tone: 'emotional',
    cleanNoun: false,
    forbidden: [/about my first 100 users/i, /you.{0,20}my first 100 users/i],
  },
  {
    name: 'guide title with a series tag and short examples',
    context: {
      targetAudience: 'home cooks',
      niche: 'cooking',
      videoTitle: 'The ultimate guide to Japanese knives | Episode 2',
      mustInclude: ['sharpening'],
      exampleHooks: ['Stop dulling your knives', 'Your knife is lying to you'],
    },
    concept: 'challenge',
    tone: 'humorous',
    cleanNoun: false,
    forbidden: [/ultimate guide/i, /episode/i, /\|/],
    style: 'short',
  },
]

const SEEDS = [1, 2, 3]
const chars = (s: string) => Array.from(s).length
const EMOJI = /\p{Extended_Pictographic}/u
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A hook's shape, read from its words alone (not from the generator's own labels). */
export function shapeOf(text: string): string {
  const t = text.toLowerCase().replace(/[’]/g, "'")
  if (/^pov\b/.test(t)) return 'pov'
  if (/\?[^\p{L}\p{N}]*$/u.test(t)) return 'question'
  if (/^\d/.test(t)) return 'list'
  if (/\bbefore\b.*\bafter\b|\bafter\b.*\bbefore\b|→|\bvs\.? |\bfrom .+ to .+/.test(t)) return 'before_after'
  if (/^(stop|don't|never|quit|avoid|please don't)\b|\bmistakes?\b|\bwrong\b|\bquit\b/.test(t)) return 'warning'
  if (/^(i|i'm|i've|my|story time|a year ago|last|so this|the day|this is how i)\b/.test(t)) return 'story'
  if (/challenge|\bday \d|\b\d+ days of\b|who's in|\bfor (a|one) week\b/.test(t)) return 'challenge'
  return 'claim'
}

/** Sanity every hook must have: one line, one terminal mark at most, nothing left of a template. */
function expectReadable(text: string, lowercaseAllowed: boolean) {
  expect(text, text).toBe(text.trim())
  expect(text, text).not.toMatch(/[{}]|undefined|\bnull\b|NaN/)
  expect(text, text).not.toMatch(/ {2}|\s[,.:;!?]|\(\s*\)|[.!?…,;:]{2,}|\.\.\./)
  expect(text, text).not.toMatch(/\b(\w+) \1\b/i)
  expect(text, text).not.toMatch(/\b(a|an) (a|an|the)\b/i)
  expect(chars(text), text).toBeLessThanOrEqual(HOOK_TEXT_MAX)
  const first = Array.from(text)[0] ?? ''
  if (!lowercaseAllowed) expect(first, text).toBe(first.toUpperCase())
}

function expectKeywordsWoven(text: string, keywords: readonly string[]) {
  for (const k of keywords) {
    expect(text.toLowerCase(), text).toContain(k.toLowerCase())
    const label = escape(k)
    expect(text, text).not.toMatch(new RegExp(`^${label}\\s*[:—–-]`, 'i'))
    expect(text, text).not.toMatch(new RegExp(`\\(${label}\\)|\\+ ${label}|${label} \\+`, 'i'))
  }
}

function expectStyle(texts: string[], c: Case) {
  const count = (test: (t: string) => boolean) => texts.filter(test).length
  switch (c.style) {
    case undefined:
      return
    case 'questions':
      expect(
        count((t) => /\?[^\p{L}\p{N}]*$/u.test(t)),
        texts.join('\n'),
      ).toBeGreaterThanOrEqual(3)
      return
    case 'lowercase-emoji':
      expect(
        count((t) => /^[^A-Z]/.test(t)),
        texts.join('\n'),
      ).toBeGreaterThanOrEqual(4)
      expect(
        count((t) => EMOJI.test(t)),
        texts.join('\n'),
      ).toBeGreaterThanOrEqual(4)
      return
    case 'first-person-numbers':
      expect(
        count((t) => /\b(i|i’m|i’ve|my|me)\b/i.test(t)),
        texts.join('\n'),
      ).toBeGreaterThanOrEqual(3)
      expect(
        count((t) => /\d/.test(t)),
        texts.join('\n'),
      ).toBeGreaterThanOrEqual(2)
      return
    case 'short': {
      const longest = Math.max(...(c.context.exampleHooks ?? []).map(chars))
      expect(
        count((t) => chars(t) <= longest * 1.8),
        texts.join('\n'),
      ).toBeGreaterThanOrEqual(4)
      return
    }
  }
}

const contextOf = (c: Case): HookContext => ({ ...EMPTY_HOOK_CONTEXT, ...c.context })

/** The checks of one batch of five hooks for a case. */
function expectWrittenByAPerson(texts: string[], c: Case, checkShapes: boolean) {
  const context = contextOf(c)
  expect(texts).toHaveLength(5)
  expect(new Set(texts.map((t) => t.toLowerCase())).size).toBe(5)
  const rawTitle = context.videoTitle
    .trim()
    .replace(/[.!?…]+$/, '')
    .toLowerCase()
  for (const text of texts) {
    expectReadable(text, c.style === 'lowercase-emoji')
    expectKeywordsWoven(text, context.mustInclude)
    if (!c.cleanNoun && rawTitle !== '') expect(text.toLowerCase(), text).not.toContain(rawTitle)
    for (const pattern of c.forbidden ?? []) expect(text, text).not.toMatch(pattern)
    for (const example of context.exampleHooks) expect(text.toLowerCase()).not.toBe(example.toLowerCase())
    expect(quotedPrivateField(text, accountPrivateFields(context)), text).toBeNull()
  }
  if (checkShapes) expect(new Set(texts.map(shapeOf)).size, texts.join('\n')).toBeGreaterThanOrEqual(4)
  // Two hooks never open the same way.
  const openings = texts.map((t) => t.toLowerCase().split(/\s+/).slice(0, 2).join(' '))
  expect(new Set(openings).size, texts.join('\n')).toBe(5)
  expectStyle(texts, c)
}

describe('the offline writer reads as written by a person (20 accounts and titles)', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('Create tab hooks: %s', (_name, c) => {
    for (const seed of SEEDS) {
      const texts = generateHooks({ context: contextOf(c), seed }).map((h) => h.text)
      expectWrittenByAPerson(texts, c, c.style !== 'questions')
    }
  })

  it.each(CASES.map((c) => [c.name, c] as const))('content ideas: %s', (_name, c) => {
    for (const seed of SEEDS) {
      const ideas = generateContentIdeas({ context: contextOf(c), concept: c.concept, tone: c.tone, seed })
      expectWrittenByAPerson(
        ideas.map((i) => i.hookText),
        c,
        c.style !== 'questions' && c.concept !== 'question',
      )
      expect(new Set(ideas.map((i) => i.title.toLowerCase())).size).toBe(5)
      // Every idea has its own filming brief: no two share their first sentence.
      const briefs = ideas.map((i) => i.description.split(/(?<=[.!?])\s/)[0]!.toLowerCase())
      expect(new Set(briefs).size, briefs.join('\n')).toBe(5)
      for (const idea of ideas) {
        expect(chars(idea.title)).toBeLessThanOrEqual(100)
        expect(chars(idea.description)).toBeLessThanOrEqual(300)
        for (const field of [idea.title, idea.description]) {
          expect(field, field).not.toMatch(/[{}]|undefined|\bnull\b| {2}|\s[,.:;!?]|\(\s*\)|[.!?,;:]{2,}/)
          expect(quotedPrivateField(field, accountPrivateFields(contextOf(c))), field).toBeNull()
        }
        if (!c.cleanNoun) expect(idea.title.toLowerCase()).not.toContain(contextOf(c).videoTitle.toLowerCase())
      }
    }
  })

  it('speaks to the account’s audience', () => {
    for (const [audience, pattern] of [
      ['Busy moms', /busy mom/i],
      ['beginner lifters', /beginner lifter|beginner|first/i],
      ['first-time founders', /founder/i],
    ] as const) {
      const context = { ...EMPTY_HOOK_CONTEXT, targetAudience: audience, niche: 'Meal prep', videoTitle: 'Meal prep' }
      const all = SEEDS.flatMap((seed) => generateHooks({ context, seed }).map((h) => h.text))
      expect(
        all.some((t) => pattern.test(t)),
        all.join('\n'),
      ).toBe(true)
    }
  })

  it('is the same for the same input and seed, and differs across inputs', () => {
    const batches = CASES.map((c) => generateHooks({ context: contextOf(c), seed: 5 }).map((h) => h.text))
    for (const [i, c] of CASES.slice(0, 3).entries()) {
      expect(generateHooks({ context: contextOf(c), seed: 5 }).map((h) => h.text)).toEqual(batches[i])
    }
    expect(new Set(batches.map((b) => b.join('|'))).size).toBe(CASES.length)
    const first = contextOf(CASES[0]!)
    const seeds = new Set(
      [1, 2, 3, 4].map((seed) =>
        generateHooks({ context: first, seed })
          .map((h) => h.text)
          .join('|'),
      ),
    )
    expect(seeds.size).toBe(4)
  })
})
