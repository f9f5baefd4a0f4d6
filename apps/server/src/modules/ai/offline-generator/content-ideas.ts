import type { ContentTone, HookConcept, HookContext } from '@hookpost/shared'
import { mulberry32, pick, shuffled } from '../../../lib/random'
import { charCount, dedupeKey, IDEA_DESCRIPTION_MAX, IDEA_TITLE_MAX } from '../hook-rules'
import { callsToAction } from './goal-cta'
import { hooksFor, normaliseCount, type GeneratedHook } from './hooks'
import { cleanValue, fill, finish, lowerFirstIfPlain, tidy } from './hook-text'
import { ANGLES, DEFAULT_SETTING, FILMING, IDEA_TITLES, SETTINGS, TONE_DIRECTION } from './idea-briefs'
import { prepare, type Prepared } from './prepared-context'

export interface GeneratedIdea {
  title: string
  description: string
  hookText: string
}

/** The idea's title, from its hook's structure and subject; never one the batch already has. */
function ideaTitle(hook: GeneratedHook, p: Prepared, index: number, used: Set<string>, rng: () => number): string {
  // A hook that names nothing still gets a title about the video's subject.
  const subject = p.subjects[0]
  const values = {
    topic: hook.topic || subject?.mod || subject?.np || '',
    about: hook.about || subject?.np || '',
    n: String(p.count),
  }
  const options = shuffled(IDEA_TITLES[hook.structure], rng)
    .map((tpl) => fill(tpl, values))
    .filter((s): s is string => s !== null)
    .map(finish)
    .filter((s) => charCount(s) <= IDEA_TITLE_MAX)
  const title =
    options.find((t) => !used.has(dedupeKey(t))) ?? `${options[0] ?? 'A new video idea'} (part ${index + 1})`
  used.add(dedupeKey(title))
  return title
}

/** Sentence marks inside a brief's second sentence would make it three; the person's note keeps its words only. */
const asClause = (s: string) => lowerFirstIfPlain(tidy(s.replace(/[.!?]+(\s|$)/g, ', ')))

/**
 * What to film and how (two sentences): the structure's shots and on-screen action with the idea's subject, an angle
 * no other idea of the batch has and a setting from the niche; then the tone's delivery, who to speak to, the call to
 * action the goals ask for and the person's own note, while they fit.
 */
function ideaDescription(
  hook: GeneratedHook,
  tone: ContentTone,
  p: Prepared,
  framing: { angle: string; setting: string },
  used: Set<string>,
  rng: () => number,
): string {
  const actions = FILMING[hook.structure]
    .map((tpl) => fill(tpl, { topic: hook.topic, about: hook.about }))
    .filter((s): s is string => s !== null && !used.has(s))
  const action = actions[0] ?? fill(FILMING[hook.structure].at(-1)!, {}) ?? ''
  used.add(action)
  const first = finish(`${action}; film it ${framing.angle} ${framing.setting}.`)
  const direction =
    tone === 'other'
      ? p.customTone.adjective || p.customTone.manner
        ? `deliver it ${p.customTone.manner}`
        : 'deliver it in your natural style'
      : (pick(rng, TONE_DIRECTION[tone]) ?? 'keep it clear and simple')
  const cta = pick(
    rng,
    callsToAction(p.goals)
      .map((c) => fill(c, { niche: hook.topic }))
      .filter((c): c is string => c !== null && !/[.!?]/.test(c)),
  )
  const extras = [
    p.audience.label ? `, speaking to ${p.audience.label} directly` : '',
    cta ? `, and end on “${cta}”` : '',
    p.customText ? ` (note: ${asClause(p.customText)})` : '',
  ]
  // Extras go in only while the description stays within its limit: whole phrases, never cut words.
  let second = direction
  for (const extra of extras) {
    if (extra && charCount(`${first} ${second}${extra}.`) <= IDEA_DESCRIPTION_MAX) second += extra
  }
  const description = `${first} ${finish(`${second}.`)}`
  return charCount(description) <= IDEA_DESCRIPTION_MAX ? description : first
}

/**
 * Content ideas for a concept and tone: a video title, what to film (two sentences) and its hook.
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
  const p = prepare(input.context)
  const hooks = hooksFor(p, { ...input, count })
  const rng = mulberry32(input.seed ^ 0x9e3779b9)
  const about = `${cleanValue(p.niche)} ${p.subjects.map((s) => s.np).join(' ')}`
  const setting = SETTINGS.find(([pattern]) => pattern.test(about))?.[1] ?? DEFAULT_SETTING
  const angles = shuffled(ANGLES, rng)
  const titles = new Set<string>()
  const actions = new Set<string>()
  return hooks.map((hook, i) => ({
    title: ideaTitle(hook, p, i, titles, rng),
    description: ideaDescription(hook, input.tone, p, { angle: angles[i % angles.length]!, setting }, actions, rng),
    hookText: hook.text,
  }))
}
