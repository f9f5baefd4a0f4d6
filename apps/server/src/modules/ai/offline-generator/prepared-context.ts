import type { HookContext } from '@hookpost/shared'
import { containsCI } from '../hook-rules'
import { audienceVoice, type AudienceVoice } from './audience'
import { asMine } from './grammar'
import { measureExamples, type ExampleStyle } from './example-style'
import { cleanValue, listOf, lowerFirstIfPlain, tidy, uniqueValues } from './hook-text'
import { privateTextIn } from './private-text'
import { nounSubject, readTitle, type Subject } from './topic-phrase'

/** A subject the hooks may be about, with how strongly to prefer it. Every one carries all must-include keywords. */
export interface WeightedSubject extends Subject {
  weight: number
}

/** The context, prepared once per request. */
export interface Prepared {
  subjects: WeightedSubject[]
  /** The count for `{n}`: a list title's own ("5 mistakes …"), else 3. */
  count: number
  audience: AudienceVoice
  customConcept: string
  /** Tone "other" as an adjective ("deadpan") and as a manner ("like a pirate", "the deadpan way"). */
  customTone: { adjective: string; manner: string }
  customText: string
  mustInclude: string[]
  examples: string[]
  style: ExampleStyle | null
  /** Whether a text quotes the private Account Description (ADR 018). */
  isPrivate: (text: string) => boolean
  /** The niche and goals as given: they choose words (a setting, a call to action), never appear themselves. */
  niche: string
  goals: string
}

/** A keyword the subject analysis cannot read (emoji, symbols) is still a subject, as it is. */
function literalSubject(keyword: string): Subject {
  return {
    np: keyword,
    your: '',
    my: '',
    mod: keyword,
    doing: '',
    myDoing: '',
    plural: false,
    thing: false,
    gerund: false,
  }
}

function keywordSubject(keyword: string): Subject {
  const read = nounSubject(keyword)
  return read && (containsCI(read.np, keyword) || containsCI(read.mod, keyword)) ? read : literalSubject(keyword)
}

/** The niche as a subject, shortened until it quotes nothing private (a three-word niche is private whole). */
function nicheSubject(niche: string, isPrivate: (text: string) => boolean): Subject | null {
  const whole = nounSubject(niche)
  if (!whole) return null
  if (!isPrivate(whole.np) && !isPrivate(whole.mod)) return whole
  // Its head without the rest ("Sourdough for beginners" → "sourdough"), then fewer of the head's words.
  const head = whole.mod.split(' ')
  for (let from = 0; from < head.length; from++) {
    const subject = nounSubject(head.slice(from).join(' '))
    if (subject && !isPrivate(subject.np) && !isPrivate(subject.mod)) return subject
  }
  return null
}

/**
 * The must-include keywords woven into the subjects (issue 30 item 7): each keyword becomes part of the subject
 * itself ("budget" + "meal prep" → "budget meal prep"), or the subject is the keywords ("air fryer"; "crypto wallets,
 * seed phrases and LEDGER"), so every hook names them inside its sentence, never as a label in front.
 */
function weave(bases: WeightedSubject[], must: readonly string[]): WeightedSubject[] {
  if (must.length === 0) return bases
  const short = must.every((k) => k.split(/\s+/).length <= 2)
  // An -ing keyword ("sharpening") is an action: in front of a noun it reads as nonsense ("sharpening cooking").
  const modifiers = short && must.every((k) => !/ing$/i.test(k))
  const out: WeightedSubject[] = []
  for (const base of bases) {
    const missing = must.filter((k) => !containsCI(base.np, k) || !containsCI(base.mod, k))
    if (missing.length === 0) {
      out.push(base)
      continue
    }
    const words = `${missing.join(' ')} ${base.mod}`.split(/\s+/).length
    const compound = modifiers && base.mod && words <= 4 ? nounSubject(`${missing.join(' ')} ${base.mod}`) : null
    if (compound) out.push({ ...compound, weight: base.weight * 0.9 })
  }
  if (must.length === 1) out.push({ ...keywordSubject(must[0]!), weight: 1 })
  else if (modifiers && must.join(' ').split(/\s+/).length <= 4) {
    out.push({ ...(nounSubject(must.join(' ')) ?? literalSubject(must.join(' '))), weight: 0.9 })
  } else {
    const each = must.map(keywordSubject)
    const nps = each.map((s, i) => (containsCI(s.np, must[i]!) ? s.np : must[i]!))
    // "your crypto wallet, seed phrase and LEDGER": one "your" for the whole list; before a noun, the list too
    // ("the crypto wallet, seed phrase and LEDGER mistake").
    const owned = each.map((s, i) => (s.your.startsWith('your ') ? s.your.slice(5) : must[i]!))
    const mods = each.map((s, i) => (containsCI(s.mod, must[i]!) ? s.mod : must[i]!))
    const coordinated = literalSubject(listOf(nps))
    const your = `your ${listOf(owned)}`
    out.push({ ...coordinated, your, my: asMine(your), mod: listOf(mods), plural: true, weight: 0.9 })
  }
  return out.filter((s) => must.every((k) => containsCI(s.np, k) || containsCI(s.mod, k)))
}

function unique(subjects: WeightedSubject[]): WeightedSubject[] {
  const seen = new Set<string>()
  return subjects.filter((s) => {
    const key = `${s.np}|${s.mod}`.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function customToneOf(customTone: string): Prepared['customTone'] {
  const tone = lowerFirstIfPlain(cleanValue(customTone).replace(/[“”"]/g, ''))
  if (tone === '' || tone.length > 40) return { adjective: '', manner: '' }
  if (/^(like|as)\s/i.test(tone)) return { adjective: '', manner: tone }
  return tone.split(' ').length <= 3 ? { adjective: tone, manner: `the ${tone} way` } : { adjective: '', manner: '' }
}

export function prepare(context: HookContext): Prepared {
  const isPrivate = privateTextIn(context)
  const mustInclude = uniqueValues(context.mustInclude ?? [])
  const mayInclude = uniqueValues(context.mayInclude ?? []).filter(
    (m) => !mustInclude.some((k) => k.toLowerCase() === m.toLowerCase()),
  )
  const reading = readTitle(context.videoTitle, context.videoDescription ?? '')
  // A subject read out of a sentence ("… at the gym") is a weaker guess than a title that names its subject.
  const weak =
    reading.kind === 'question' || reading.kind === 'statement' || (reading.kind === 'list' && !reading.subject?.gerund)
  const bases: WeightedSubject[] = []
  const niche = nicheSubject(cleanValue(context.niche), isPrivate)
  // A guess from inside a list title ("… at the gym") gives way to the niche.
  const guessInList = weak && reading.kind === 'list' && niche !== null
  if (reading.subject && !guessInList) bases.push({ ...reading.subject, weight: weak ? 0.7 : 1 })
  if (niche) bases.push({ ...niche, weight: reading.subject ? 0.8 : 1 })
  if (mustInclude.length === 0) {
    for (const m of mayInclude) bases.push({ ...keywordSubject(m), weight: 0.5 })
  }
  const subjects = unique(weave(bases, mustInclude)).filter((s) => !isPrivate(s.np) && !isPrivate(s.mod))
  const examples = uniqueValues(context.exampleHooks ?? [])
  return {
    subjects,
    count: reading.count ?? 3,
    audience: audienceVoice(context),
    customConcept: lowerFirstIfPlain(cleanValue(context.customConcept)),
    customTone: customToneOf(context.customTone),
    customText: tidy(context.customText ?? ''),
    mustInclude,
    examples,
    style: measureExamples(examples),
    isPrivate,
    niche: context.niche,
    goals: context.appGoals,
  }
}
