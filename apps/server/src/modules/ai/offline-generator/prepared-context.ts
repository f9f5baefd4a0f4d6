import type { HookContext } from '@hookpost/shared'
import { charCount, containsCI } from '../hook-rules'
import { cleanValue, lowerFirstIfPlain, tidy, uniqueValues } from './hook-text'

/** The context, prepared once per request. */
export interface Prepared {
  audience: string
  niche: string
  /** What the video is about as a noun phrase: niche, a short noun-like title, or a keyword. */
  topics: string[]
  /** Optional keywords to weave in now and then. */
  mayTopics: string[]
  title: string
  detail: string
  goal: string
  customConcept: string
  customTone: string
  customText: string
  mustInclude: string[]
  examples: string[]
  exampleFirstWords: Set<string>
  exampleLength: number
}

const SENTENCE_STARTERS = new Set(
  (
    "how why what when where who which i i’m i'm my we our you your is are do does did can should will would this " +
    "these that those stop don’t don't never always here there it it’s it's watch pov if"
  ).split(' '),
)

/** A short title that reads like a noun phrase ("Budget meal prep") can stand in for the topic. */
export function nounLikeTitle(title: string): string {
  if (title === '' || /[?!]$/.test(title)) return ''
  const words = title.split(' ')
  if (words.length > 5 || /^\d/.test(title)) return ''
  if (SENTENCE_STARTERS.has((words[0] ?? '').toLowerCase())) return ''
  return lowerFirstIfPlain(title)
}

/** The first clause of the description, when short enough to quote in a hook. */
function firstClause(description: string): string {
  const clause = cleanValue(description.split(/(?<=[.!?])\s|\n/)[0] ?? '')
  return charCount(clause) <= 60 ? clause : ''
}

export function prepare(context: HookContext): Prepared {
  const niche = lowerFirstIfPlain(cleanValue(context.niche))
  const title = cleanValue(context.videoTitle).replace(/[.…]+$/, '')
  const mustInclude = uniqueValues(context.mustInclude ?? [])
  const mayInclude = uniqueValues(context.mayInclude ?? []).filter(
    (m) => !mustInclude.some((k) => k.toLowerCase() === m.toLowerCase()),
  )
  const titleTopic = nounLikeTitle(title)
  const base = uniqueValues([titleTopic, niche]).slice(0, 2)
  const must = mustInclude[0] ?? ''
  // A one-word must-include keyword reads naturally in front of the topic ("budget" + "meal prep").
  const compound =
    must && base[0] && !containsCI(base[0], must) && !must.includes(' ') ? `${lowerFirstIfPlain(must)} ${base[0]}` : ''
  const topics = uniqueValues([compound, ...base, base.length === 0 ? lowerFirstIfPlain(must) : '']).slice(0, 3)
  const examples = uniqueValues(context.exampleHooks ?? [])
  return {
    audience: lowerFirstIfPlain(cleanValue(context.targetAudience)),
    niche,
    topics,
    mayTopics: mayInclude.map(lowerFirstIfPlain),
    title,
    detail: firstClause(context.videoDescription ?? ''),
    goal: cleanValue(context.appGoals),
    customConcept: cleanValue(context.customConcept),
    customTone: cleanValue(context.customTone),
    customText: tidy(context.customText ?? ''),
    mustInclude,
    examples,
    exampleFirstWords: new Set(examples.map((e) => firstWord(e)).filter((w) => w !== '')),
    exampleLength:
      examples.length === 0 ? 0 : examples.reduce((sum, e) => sum + charCount(e), 0) / Math.max(1, examples.length),
  }
}

export function firstWord(s: string): string {
  return (s.trim().split(/\s+/)[0] ?? '').toLowerCase().replace(/[^\p{L}\p{N}'’]/gu, '')
}
