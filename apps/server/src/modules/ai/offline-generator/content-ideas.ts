import type { ContentTone, HookConcept, HookContext } from '@hookpost/shared'
import { mulberry32, pick } from '../../../lib/random'
import { charCount, dedupeKey, IDEA_DESCRIPTION_MAX, IDEA_TITLE_MAX } from '../hook-rules'
import { generateHooks, normaliseCount } from './hooks'
import { endsWithPunctuation, fill, finish, lowerFirstIfPlain } from './hook-text'
import { IDEA_FILMING, IDEA_TITLES, TONE_DIRECTION } from './idea-templates'
import { prepare, type Prepared } from './prepared-context'

export interface GeneratedIdea {
  title: string
  description: string
  hookText: string
}

function fitWords(text: string, max: number): string | null {
  return charCount(text) <= max ? text : null
}

function ideaTitle(concept: HookConcept, p: Prepared, topic: string, rng: () => number): string {
  const values = { topic, concept: p.customConcept, niche: p.niche, audience: p.audience }
  const options = IDEA_TITLES[concept]
    .map((tpl) => fill(tpl, values))
    .filter((s): s is string => s !== null)
    .map(finish)
    .filter((s) => charCount(s) <= IDEA_TITLE_MAX)
  return pick(rng, options) ?? 'A new video idea'
}

function ideaDescription(
  concept: HookConcept,
  tone: ContentTone,
  p: Prepared,
  topic: string,
  rng: () => number,
): string {
  const filming = IDEA_FILMING[concept].map((tpl) => fill(tpl, { topic })).filter((s): s is string => s !== null)
  const first = finish(pick(rng, filming) ?? 'Film one clear idea with the hook as on-screen text.')
  let direction =
    tone === 'other'
      ? p.customTone
        ? `Deliver it in your own style: ${p.customTone}`
        : 'Deliver it in your natural style'
      : (pick(rng, TONE_DIRECTION[tone]) ?? 'Keep it clear and simple')
  // Extras go in only while the description stays within its limit; whole phrases, never cut words.
  const extras: string[] = []
  if (p.audience) extras.push(`speak directly to ${p.audience}`)
  if (p.goal) extras.push(`close with a call to action for your goal (${lowerFirstIfPlain(p.goal)})`)
  const joined = extras.length === 0 ? '' : `, ${extras.join(' and ')}`
  if (joined && charCount(`${first} ${direction}${joined}.`) <= IDEA_DESCRIPTION_MAX) direction += joined
  else if (extras[0] && charCount(`${first} ${direction}, ${extras[0]}.`) <= IDEA_DESCRIPTION_MAX) {
    direction += `, ${extras[0]}`
  }
  if (p.customText) {
    const next = `${direction} — note: ${lowerFirstIfPlain(p.customText)}`
    if (charCount(`${first} ${next}.`) <= IDEA_DESCRIPTION_MAX) direction = next
  }
  const second = finish(endsWithPunctuation(direction) ? direction : `${direction}.`)
  return fitWords(`${first} ${second}`, IDEA_DESCRIPTION_MAX) ?? first
}

/**
 * Content ideas for a concept and tone: a video title, what to film (1–2 sentences) and its hook.
 * `seed`: same seed + same input → same output (tests); production passes a random seed.
 */
export function generateContentIdeas(input: {
  context: HookContext
  concept: HookConcept
  tone: ContentTone
  count?: number
  seed: number
}): GeneratedIdea[] {
  const count = normaliseCount(input.count)
  const hooks = generateHooks({ ...input, count })
  const rng = mulberry32(input.seed ^ 0x9e3779b9)
  const p = prepare(input.context)
  const topics = [...p.topics, ...p.mayTopics]
  const usedTitles = new Set<string>()
  return hooks.map((hook, i) => {
    const topic = topics.length > 0 ? (topics[i % topics.length] ?? '') : ''
    let title = ideaTitle(input.concept, p, topic, rng)
    for (let attempt = 0; usedTitles.has(dedupeKey(title)) && attempt < 6; attempt++) {
      title = ideaTitle(input.concept, p, pick(rng, topics) ?? '', rng)
    }
    if (usedTitles.has(dedupeKey(title))) {
      const numbered = `${title} (part ${i + 1})`
      if (charCount(numbered) <= IDEA_TITLE_MAX) title = numbered
    }
    usedTitles.add(dedupeKey(title))
    return { title, description: ideaDescription(input.concept, input.tone, p, topic, rng), hookText: hook.text }
  })
}
