import { HOOK_TEXT_MAX, type ContentTone, type HookConcept } from '@hookpost/shared'
import { pick } from '../../../lib/random'
import { charCount, containsCI, dedupeKey } from '../hook-rules'
import { inStyle, styleWeight } from './example-style'
import { shapeOf, type Formula, type Shape, type Structure } from './formula-types'
import { INTRIGUE_FORMULAS } from './formulas-intrigue'
import { CUSTOM_CONCEPT_FORMULAS, CUSTOM_TONE_FORMULAS, TONE_TOUCHES, VOICE_FORMULAS } from './formulas-voice'
import { agreement, withArticle } from './grammar'
import { fill, lowerLead, upperFirst } from './hook-text'
import type { Prepared, WeightedSubject } from './prepared-context'

/** Turns the formula library into finished candidate hooks for one concept and tone, weighted for sampling. */

const FORMULAS: Record<HookConcept, readonly Formula[]> = { ...INTRIGUE_FORMULAS, ...VOICE_FORMULAS }

export interface Candidate {
  text: string
  structure: Structure
  shape: Shape
  /** The formula it came from, so one batch prefers different formulas. */
  family: string
  concept: HookConcept
  /** What it is about, before a noun and in general ('' for a formula that names nothing), for its idea. */
  topic: string
  about: string
  weight: number
  /** It speaks to the account's audience or their situation ("Busy moms, …", "… in 10 minutes a day"). */
  addressed: boolean
  /** Its de-duplication key and first two words, worked out once for the sampler. */
  key: string
  opening: string
}

const SUBJECT_SLOTS = /\{(np|your|my|mod|a_mod|doing|my_doing|is|was|has|does|it|them|this|s)\}/
const ACCOUNT_SLOTS = /\{(audience|member|one|benefit)\}/

function fits(needs: Formula['needs'], subject: WeightedSubject | null): boolean {
  if (!needs || !subject) return true
  switch (needs) {
    case 'thing':
      return subject.thing
    case 'doable':
      return subject.doing !== ''
    case 'action':
      return subject.gerund || subject.thing
    case 'noun':
      return !subject.gerund
  }
}

function slotValues(
  p: Prepared,
  subject: WeightedSubject | null,
  benefit: string | undefined,
): Record<string, string | undefined> {
  const agree = subject ? agreement(subject.plural) : {}
  return {
    ...agree,
    np: subject?.np,
    your: subject?.your,
    my: subject?.my,
    mod: subject?.mod,
    a_mod: subject?.mod ? withArticle(subject.mod) : undefined,
    doing: subject?.doing,
    my_doing: subject?.myDoing,
    n: String(p.count),
    audience: p.audience.label,
    member: p.audience.member,
    one: p.audience.one,
    benefit,
    concept: p.customConcept,
    tone: p.customTone.adjective,
    manner: p.customTone.manner,
  }
}

/** A lead-in already there ("Hot take: …", "Busy moms, …"): a tone's own lead-in would stack on it. */
const hasLead = (core: string) => /^[^ ]+(?: [^ ]+)?(:|,) /.test(core)

/** The tone's touches that fit this formula: none for a voiced one, and never two marks at the end. */
function touchesFor(formula: Formula, tone: ContentTone, core: string): { text: string; at: 'start' | 'end' }[] {
  if (formula.tones || tone === 'other') return []
  return TONE_TOUCHES[tone].filter((t) => {
    if (!t.structures.includes(formula.structure)) return false
    const question = core.endsWith('?')
    // "Okay but" leads into a question that asks ("Okay but why …?"), not an offer ("Want to …?").
    const asks = question && /^(why|is|are|does|do|can|am|have|has|did|how|what)\b/i.test(core)
    if (t.at === 'start') return !hasLead(core) && (t.text === 'Okay but' ? asks : !question)
    const wordy = /\p{L}/u.test(t.text)
    return !wordy || (!/[.!?…)]$/.test(core) && !core.includes('('))
  })
}

/** Checks a finished hook must pass: length, the keywords, nothing private, no example copied, clean typography. */
function fitToShow(text: string, p: Prepared, exampleKeys: ReadonlySet<string>): boolean {
  if (text === '' || charCount(text) > HOOK_TEXT_MAX) return false
  if (!p.mustInclude.every((k) => containsCI(text, k))) return false
  if (exampleKeys.has(dedupeKey(text)) || p.isPrivate(text)) return false
  // A doubled word ("routine routine") or doubled mark means two slot values met badly; so does a long word said
  // twice ("budget grocery bill on a budget").
  if (/\b(\w+) \1\b/i.test(text) || /[.!?…,;:]{2,}/.test(text) || /\s[,.:;!?]/.test(text)) return false
  const long = text.toLowerCase().match(/\p{L}{5,}/gu) ?? []
  return new Set(long).size === long.length || p.mustInclude.some((k) => /\s|,/.test(k))
}

/** The first two words, lower case: two hooks of one batch never open the same way. */
const opening = (text: string) => text.toLowerCase().split(' ', 2).join(' ')

/** Template and values are tidy already (prepare): only the closing full stop goes, as hooks go without one. */
function finishHook(text: string): string {
  return upperFirst(text.replace(/\s{2,}/g, ' ').replace(/(?<![.])\.$/, ''))
}

/** Every hook a concept and tone can make from this context, before sampling. */
export function candidatesFor(concept: HookConcept, tone: ContentTone, p: Prepared, rng: () => number): Candidate[] {
  const formulas = [
    ...FORMULAS[concept],
    ...(concept === 'other' && p.customConcept ? CUSTOM_CONCEPT_FORMULAS : []),
    ...(tone === 'other' && p.customTone.manner ? CUSTOM_TONE_FORMULAS : []),
  ]
  const exampleKeys = new Set(p.examples.map(dedupeKey))
  const benefit = pick(rng, p.audience.benefits)
  const plain = slotValues(p, null, benefit)
  const bySubject = new Map(p.subjects.map((s) => [s, slotValues(p, s, benefit)]))
  const out: Candidate[] = []
  formulas.forEach((formula, index) => {
    if (formula.tones && !formula.tones.includes(tone)) return
    const custom = CUSTOM_CONCEPT_FORMULAS.includes(formula) || CUSTOM_TONE_FORMULAS.includes(formula)
    const aboutSubject = SUBJECT_SLOTS.test(formula.text)
    if (aboutSubject && p.subjects.length === 0) return
    // With must-include keywords, only formulas that name the subject can carry them.
    if (!aboutSubject && p.mustInclude.length > 0) return
    const family = `${concept}:${index}`
    for (const subject of aboutSubject ? p.subjects : [null]) {
      if (!fits(formula.needs, subject)) continue
      const core = fill(formula.text, (subject && bySubject.get(subject)) ?? plain)
      if (core === null) continue
      // Formulas that speak to this audience or name this video beat the generic ones that need nothing.
      const specific = ACCOUNT_SLOTS.test(formula.text) ? 2 : aboutSubject ? 1.6 : p.subjects.length > 0 ? 0.4 : 1
      const base = (subject?.weight ?? 1) * specific * (formula.tones ? 2.5 : 1) * (custom ? 3 : 1)
      const touches = touchesFor(formula, tone, core)
      const variants = [
        { text: core, weight: touches.length > 0 ? 0.6 : 1 },
        ...touches.map((t) => ({
          text: t.at === 'start' ? `${t.text} ${lowerLead(core)}` : `${core} ${t.text}`,
          weight: 0.8,
        })),
      ]
      for (const v of variants) {
        const text = inStyle(finishHook(v.text), p.style, rng, p.mustInclude)
        if (!fitToShow(text, p, exampleKeys)) continue
        const shown = p.style && p.style.lowercase >= 0.5 ? text : upperFirst(text)
        out.push({
          text: shown,
          structure: formula.structure,
          shape: shapeOf(shown),
          family,
          concept,
          topic: subject ? subject.mod || subject.np : '',
          about: subject?.np ?? '',
          weight: base * v.weight * styleWeight(text, p.style),
          addressed: ACCOUNT_SLOTS.test(formula.text),
          key: dedupeKey(shown),
          opening: opening(shown),
        })
      }
    }
  })
  return out
}
