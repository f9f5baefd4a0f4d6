import { SLIDESHOW_LIMITS, type HookContext, type WrittenSlide } from '@hookpost/shared'
import { mulberry32, pick, shuffled } from '../../../lib/random'
import { audienceVoice } from './audience'
import { callsToAction } from './goal-cta'
import { cleanValue, lowerFirstIfPlain, tidy, upperFirst } from './hook-text'
import { nounSubject, readTitle } from './topic-phrase'

/**
 * The offline slideshow writer (issue 29): a hook slide, N point slides and a call to action for a photo carousel
 * (ReelFarm's shape: hook on slide 1, points after, CTA last), from a curated set of frames. Pure and deterministic
 * per seed. The topic is named on the hook and the title; the points use its key words only now and then, so the
 * carousel does not read like the topic pasted into every line. The topic is read like a video title (topic-phrase.ts):
 * the automation passes its hook ("Nobody tells you this about your morning routine"), which names "morning routine".
 * The account's audience colours the hook (by a label short enough not to quote the private description), its niche
 * and goals the call to action.
 */
export interface SlideshowDraft {
  title: string
  slides: WrittenSlide[]
}

type Values = { topic: string; key: string; audience: string; member: string; niche: string; n: string }

const STOP_WORDS = new Set(
  (
    'a an the and or but of for to in on at by with from into about how what why when my your our their ' +
    'is are be being do does this that these those it its i we you they more most best better really just ' +
    'without while'
  ).split(' '),
)

/** The topic's key words: the first two content words in the topic's order ("meal prep on a budget" → "meal prep"). */
export function topicKeywords(topic: string): string {
  const words = topic.split(/\s+/).filter((w) => w !== '')
  const content = words.filter((w) => !STOP_WORDS.has(w.toLowerCase().replace(/[^\p{L}\p{N}'’-]/gu, '')))
  const first = content[0]
  if (!first) return topic
  const at = words.indexOf(first)
  const next = words[at + 1]
  const two = next && content.includes(next) ? `${first} ${next}` : first
  return two.replace(/[^\p{L}\p{N}'’ -]/gu, '')
}

const HOOKS_FOR_AUDIENCE = [
  '{n} {key} mistakes {audience} make (and what to do instead)',
  'If you’re {member}, read this before you start {topic}',
  'What I’d tell {audience} about {topic}, in {n} slides',
  'The {key} guide {audience} actually need',
]
const HOOKS = [
  '{n} things about {topic} nobody tells you',
  'I tried {topic} for 30 days. Here’s what worked',
  'Stop overcomplicating {topic}. Do this instead',
  '{n} {key} tips that changed everything for me',
  'Everything I’d tell a friend about {topic}',
  'Save this before you try {topic}',
]

/** Point frames: most stand on their own; a few use the topic's key words, so it comes back now and then. */
const POINTS_PLAIN = [
  'Start smaller than you think. Five minutes a day beats a perfect plan you never start',
  'Write down what you did each day. You’ll spot what works in a week',
  'Copy what works for someone one step ahead of you, not ten',
  'Pick one thing to improve this week and ignore the rest',
  'Set it up the night before, so the morning is one decision lighter',
  'Most progress comes from the boring basics done every day',
  'When it feels hard, make it smaller, not faster',
  'Check your results every Sunday and change one thing',
  'Ask for feedback early. Fixing it later costs ten times more',
  'Consistency beats intensity. Show up on the bad days too',
]
const POINTS_WITH_KEY = [
  'Make {key} easy to start: keep everything you need in one place',
  'Give {key} a fixed time in your calendar, like any meeting',
  'The best {key} routine is the one you can repeat on your busiest day',
  'Track one number for {key}, not ten',
  'Skip the fancy tools. {Key} works with what you already have',
]

function fillIn(template: string, v: Values): string | null {
  let missing = false
  const out = template.replace(/\{(topic|key|Key|audience|member|niche|n)\}/g, (_m, slot: string) => {
    const value = slot === 'Key' ? upperFirst(v.key) : v[slot as keyof Values]
    if (!value) missing = true
    return value
  })
  return missing ? null : tidy(out)
}

/** The title: at most TikTok's 90 characters for a photo post, cut at a word. */
function fitTitle(text: string): string {
  if (Array.from(text).length <= SLIDESHOW_LIMITS.title) return text
  const cut = Array.from(text)
    .slice(0, SLIDESHOW_LIMITS.title - 1)
    .join('')
  return `${cut.slice(0, cut.lastIndexOf(' ')).trim()}…`
}

export function generateSlideshow(input: {
  context: Pick<HookContext, 'targetAudience' | 'niche' | 'appGoals'>
  topic: string
  points: number
  seed: number
}): SlideshowDraft {
  const rng = mulberry32(input.seed ^ 0x5bd1e995)
  const written = lowerFirstIfPlain(cleanValue(input.topic))
  const reading = readTitle(written)
  // A sentence that names nothing ("What I thought it was vs what it is") is about the niche; a topic the reading
  // cannot place otherwise is used as it was typed.
  const sentence = reading.kind === 'question' || reading.kind === 'statement'
  const subject = reading.subject ?? (sentence ? nounSubject(cleanValue(input.context.niche)) : null)
  const topic = subject?.np ?? written
  const key = subject?.mod || lowerFirstIfPlain(topicKeywords(written))
  const audience = audienceVoice({ ...input.context })
  const values: Values = {
    topic,
    key,
    audience: audience.label,
    member: audience.member,
    niche: lowerFirstIfPlain(cleanValue(input.context.niche)) || key,
    n: String(input.points),
  }
  const hookFrames = values.audience && rng() < 0.6 ? HOOKS_FOR_AUDIENCE : HOOKS
  const hook = upperFirst(fillIn(pick(rng, hookFrames)!, values) ?? `${upperFirst(topic)}: what actually works`)

  // At most a third of the points (at least one when there are three or more) carry the topic's words.
  const keyed = Math.min(POINTS_WITH_KEY.length, input.points >= 3 ? Math.max(1, Math.floor(input.points / 3)) : 0)
  const chosen = [
    ...shuffled(POINTS_WITH_KEY, rng).slice(0, keyed),
    ...shuffled(POINTS_PLAIN, rng).slice(0, input.points - keyed),
  ]
  const points = shuffled(chosen, rng).map((frame, i) => `${i + 1}. ${upperFirst(fillIn(frame, values) ?? frame)}`)

  const cta = upperFirst(fillIn(pick(rng, callsToAction(input.context.appGoals))!, values) ?? 'Save this for later')

  const title = fitTitle(upperFirst(pick(rng, [`${upperFirst(topic)}: ${input.points} tips`, hook])!))
  return {
    title,
    slides: [
      { role: 'hook', text: hook },
      ...points.map((text) => ({ role: 'point' as const, text })),
      { role: 'cta', text: cta },
    ],
  }
}
