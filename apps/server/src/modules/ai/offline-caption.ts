import type { ContentTone, HookConcept, HookContext } from '@hookpost/shared'
import { mulberry32, pick } from '../../lib/random'
import { CAPTION_TEXT_MAX, CAPTION_TITLE_MAX, usableCaption, type WrittenCaption } from './caption-rules'
import { PRIVATE_MIN_WORDS, guardWords } from './caption-guard'
import { charCount } from './hook-rules'
import { cleanValue, fill, finish, lowerFirstIfPlain, nounSubject, readTitle } from './offline-generator'

/**
 * The offline generator's captions (issue 18, ADR 018): a post caption for a hook, from curated formulas — a line on
 * what the video gives the viewer (by concept), a call to action (by tone), and hashtags from the video's topic, the
 * keywords and the concept. Pure and deterministic per seed.
 *
 * It writes from the video (its title and the person's keywords) and never from the private Account Description:
 * the audience and goals only choose which formulas fit, and the niche names the topic only when it is a short label
 * (a longer niche is the person's private text, caption-guard.ts).
 */

/**
 * What the video gives the viewer, per concept: the caption's first sentence. `{topic}` is the topic before a noun
 * ("the {topic} trick"), `{about}` the topic in general ("about emergency funds"); formulas with them need a topic.
 */
const BODY: Record<HookConcept, readonly string[]> = {
  curiosity_gap: [
    'The part about {about} most people skip. Watch to the end.',
    'Watch to the end for the bit nobody mentions.',
    'The {topic} detail I wish someone had told me sooner.',
  ],
  social_proof: [
    'You kept asking about {about}, so here it is.',
    'The question I get asked most, answered.',
    'Why so many people are rethinking {about}.',
  ],
  scarcity: [
    'Not many people know this {topic} trick.',
    'Sharing this one before everyone finds out.',
    'One {topic} tip you will not hear often.',
  ],
  urgency: [
    'Try this {topic} fix before the week is out.',
    'Do this today. Future you will thank you.',
    'The {topic} fix worth making this week.',
  ],
  controversy: [
    'My honest take on {about}. Agree or disagree?',
    'I said what I said.',
    'The {topic} advice I stopped following.',
  ],
  surprise: [
    'I did not expect this {topic} result either.',
    'Wait for the last second.',
    'The {topic} twist I did not see coming.',
  ],
  question: [
    'How do you handle {about}? Tell me below.',
    'Honest answers only: would you try this?',
    'Be honest: have you been getting this {topic} thing wrong?',
  ],
  challenge: [
    'Who is in? Try this {topic} challenge with me.',
    'Try it for a week and tell me how it went.',
    'Day one of the {topic} challenge. Join in.',
  ],
  story: [
    'The {topic} moment that changed how I work.',
    'Story time, the short version.',
    'How {about} went for me, honestly.',
  ],
  other: ['One {topic} idea, straight to the point.', 'A quick one today.', 'Everything you need on {about}, fast.'],
}

/** The call to action, per tone: the caption's last sentence. */
const CALL_TO_ACTION: Record<Exclude<ContentTone, 'other'>, readonly string[]> = {
  informative: ['Save this for later.', 'Follow for more {topic} tips.', 'Save it so you have it when you need it.'],
  humorous: ['Tag someone who needs this 😅', 'Send this to your group chat.', 'Tell me I am not the only one 😂'],
  inspirational: [
    'Save this for the days you need it ✨',
    'Your turn. Start today.',
    'Share this with someone who needs a push.',
  ],
  provocative: [
    'Disagree? The comments are open.',
    'Change my mind in the comments.',
    'Say it louder for the people in the back.',
  ],
  casual: ['Let me know what you think 👇', 'Anyway, that is it. Follow for more.', 'Would you try it? 👇'],
  professional: [
    'Follow for more practical {topic} advice.',
    'Save this for your next project.',
    'Questions? Ask in the comments.',
  ],
  emotional: [
    'If this hit home, share it with someone who needs it ❤️',
    'Sending this to whoever needs it today ❤️',
    'Tell me your story in the comments.',
  ],
}

/** One hashtag per concept that TikTok viewers search for. */
const CONCEPT_TAGS: Record<HookConcept, readonly string[]> = {
  curiosity_gap: ['didyouknow', 'tips'],
  social_proof: ['faq', 'tips'],
  scarcity: ['secret', 'lifehack'],
  urgency: ['tips', 'dothis'],
  controversy: ['unpopularopinion', 'hottake'],
  surprise: ['plottwist', 'results'],
  question: ['askme', 'letstalk'],
  challenge: ['challenge', 'trythis'],
  story: ['storytime', 'mystory'],
  other: ['tips', 'learnontiktok'],
}

/**
 * The video's topic: from its title (topic-phrase.ts: "Ribbon swap" → "ribbon swap", never a title pasted as it is),
 * else a short niche (the hashtag people search for), else the first keyword. `topic` stands before a noun, `about`
 * after "about".
 */
function topicOf(context: HookContext): { topic: string; about: string } {
  const read = readTitle(context.videoTitle)
  if (read.subject) return { topic: read.subject.mod || read.subject.np, about: read.subject.np }
  const niche = lowerFirstIfPlain(cleanValue(context.niche))
  const label = niche && guardWords(niche).length < PRIVATE_MIN_WORDS ? nounSubject(niche) : null
  if (label) return { topic: label.mod || label.np, about: label.np }
  const keyword = lowerFirstIfPlain(cleanValue(context.mustInclude[0] ?? context.mayInclude[0] ?? ''))
  return { topic: keyword, about: keyword }
}

function sentence(rng: () => number, templates: readonly string[], topic: { topic: string; about: string }): string {
  const filled = templates.map((t) => fill(t, topic)).filter((s): s is string => s !== null)
  return finish(pick(rng, filled) ?? '')
}

/** The post's title: the hook itself when it fits (the video shows it), else the video's own title. */
function titleFor(hookText: string, context: HookContext): string {
  const hook = hookText.replace(/\s+/g, ' ').trim()
  if (hook !== '' && charCount(hook) <= CAPTION_TITLE_MAX) return hook
  const title = cleanValue(context.videoTitle)
  return title !== '' && charCount(title) <= CAPTION_TITLE_MAX ? title : 'New video'
}

/**
 * A caption for `hookText`: title, one or two sentences, 3–5 hashtags. `seed`: same seed + same input → same
 * caption (tests); production passes a random seed.
 */
export function generateCaption(input: {
  context: HookContext
  hookText: string
  concept: HookConcept
  tone: ContentTone
  seed: number
}): WrittenCaption {
  const { context, concept, tone } = input
  const rng = mulberry32(input.seed ^ 0x5bd1e995)
  const topic = topicOf(context)
  const body = sentence(rng, BODY[concept], topic)
  const call =
    tone === 'other'
      ? sentence(rng, ['Let me know what you think 👇', 'Save this for later.', 'Follow for more.'], topic)
      : sentence(rng, CALL_TO_ACTION[tone], topic)
  const text = charCount(`${body} ${call}`) <= CAPTION_TEXT_MAX ? `${body} ${call}` : body
  const hashtags = [
    ...context.mustInclude,
    topic.topic,
    ...context.mayInclude.slice(0, 1),
    ...CONCEPT_TAGS[concept],
    'fyp',
  ]
  const caption = usableCaption({ title: titleFor(input.hookText, context), text, hashtags })
  // The formulas always give a usable caption; this only guards against a formula edited into an unusable one.
  if (!caption) throw new Error(`offline caption for ${concept}/${tone} broke the caption rules`)
  return caption
}
