import type { ContentTone, HookConcept } from '@hookpost/shared'
import { pick } from '../../../lib/random'
import { charCount, containsCI } from '../hook-rules'
import { CONVERSATIONAL_LEADS, LIBRARY, ph, TONE_PHRASING, type Phrase } from './hook-formulas'
import {
  endsWithPunctuation,
  fill,
  finish,
  keywordLabel,
  lowerFirstIfPlain,
  lowerLead,
  upperFirst,
  type Slot,
} from './hook-text'
import type { Prepared } from './prepared-context'

/** Turns the formula library into candidate hooks for one concept and tone, weighted for sampling. */

/** Tone 'other': the person's own words, when they read as a short style ("sarcastic", "deadpan", "Gen Z"). */
function customTonePhrasing(customTone: string): { prefixes: Phrase[]; suffixes: Phrase[] } {
  const tone = customTone.replace(/[“”"]/g, '')
  if (tone === '') return { prefixes: [], suffixes: [] }
  const words = tone.split(' ')
  const lead = words[0]?.toLowerCase() ?? ''
  if ((lead === 'like' || lead === 'as') && charCount(tone) <= 40) {
    return { prefixes: [], suffixes: [ph(`— told ${lowerFirstIfPlain(tone)}`)] }
  }
  if (words.length <= 3 && charCount(tone) <= 30) {
    return {
      prefixes: [ph(`${upperFirst(tone)} take:`), ph(`${upperFirst(tone)} version:`)],
      suffixes: [ph(`(the ${lowerFirstIfPlain(tone)} version)`)],
    }
  }
  return { prefixes: [], suffixes: [] }
}

function tonePhrasing(
  tone: ContentTone,
  concept: HookConcept,
  p: Prepared,
): { prefixes: string[]; suffixes: string[] } {
  const all = tone === 'other' ? customTonePhrasing(p.customTone) : TONE_PHRASING[tone]
  const fits = (x: Phrase) => !x.concepts || x.concepts.includes(concept)
  return {
    prefixes: all.prefixes.filter(fits).map((x) => x.text),
    suffixes: all.suffixes.filter(fits).map((x) => x.text),
  }
}

/**
 * Puts the tone's lead-in or closing phrase around a core hook and makes sure every must-include keyword is there.
 * A plain core missing a keyword gets it as a label ("Meal prep: …", or "… (meal prep)" when it already has a
 * lead-in); a shaped one is dropped (null) rather than stacking labels.
 * `lowerable`: the core starts with the template's own words, not with the person's text.
 */
function compose(
  core: string,
  prefix: string,
  suffix: string,
  mustInclude: readonly string[],
  lowerable: boolean,
): string | null {
  const lead = (s: string) => (lowerable ? lowerLead(s) : s)
  const draft = [prefix, core, suffix].join(' ')
  const missing = mustInclude.filter((k) => !containsCI(draft, k))
  if (missing.length === 0) return finish(prefix ? `${prefix} ${lead(core)} ${suffix}` : `${core} ${suffix}`)
  if (prefix || suffix) return null
  const label = keywordLabel(missing)
  return finish(core.includes(':') ? `${core} (${label})` : `${upperFirst(label)}: ${lead(core)}`)
}

export interface Candidate {
  text: string
  weight: number
  /** The formula it came from, so one batch prefers different formulas. */
  family: string
  concept: HookConcept
}

function slotValues(p: Prepared, topic: string): Partial<Record<Slot, string>> {
  return {
    audience: p.audience,
    topic,
    niche: p.niche,
    title: p.title,
    detail: p.detail,
    concept: p.customConcept,
  }
}

/** Every hook a concept and tone can make from this context, before sampling. */
export function candidatesFor(concept: HookConcept, tone: ContentTone, p: Prepared, rng: () => number): Candidate[] {
  const phrasing = tonePhrasing(tone, concept, p)
  const maybeTopic = pick(rng, p.mayTopics)
  const topics: { value: string; weight: number }[] = p.topics.map((value, i) => ({ value, weight: i === 0 ? 1 : 0.8 }))
  if (maybeTopic) topics.push({ value: maybeTopic, weight: 0.6 })
  if (topics.length === 0) topics.push({ value: '', weight: 1 })

  const out: Candidate[] = []
  LIBRARY[concept].forEach((template, index) => {
    if (template.custom && (concept !== 'other' || p.customConcept === '')) return
    if (template.tones && !template.tones.includes(tone)) return
    const family = `${concept}:${index}`
    const usesTopic = template.text.includes('{topic}')
    for (const topic of usesTopic ? topics : [{ value: '', weight: 1 }]) {
      const core = fill(template.text, slotValues(p, topic.value))
      if (core === null) continue
      const base = topic.weight * (template.tones ? 3 : template.custom ? 2.5 : 1)
      // Formulas that speak to this account and video beat the generic ones that need nothing.
      const specific = /\{(audience|topic|niche|title|detail)\}/.test(template.text) ? 1.6 : 1
      const variants: { prefix: string; suffix: string; weight: number }[] = [{ prefix: '', suffix: '', weight: 1 }]
      if (!template.tones) {
        const hasLead = core.includes(':')
        // Lead-ins read wrong before a question, except the conversational ones.
        const question = core.includes('?')
        for (const prefix of hasLead ? [] : phrasing.prefixes) {
          if (question && !CONVERSATIONAL_LEADS.has(prefix)) continue
          variants.push({ prefix, suffix: '', weight: 0.8 })
        }
        for (const suffix of phrasing.suffixes) {
          const emojiOnly = !/[\p{L}]/u.test(suffix)
          if (!emojiOnly && (endsWithPunctuation(core) || core.includes('—') || core.includes('('))) continue
          variants.push({ prefix: '', suffix, weight: 0.8 })
        }
        // With a tone chosen, the shaped variants should show up more often than the plain one.
        if (variants.length > 1) variants[0]!.weight = 0.6
      }
      for (const v of variants) {
        const text = compose(core, v.prefix, v.suffix, p.mustInclude, !template.text.startsWith('{'))
        if (text === null) continue
        // Hooks that carry the keywords in their own words read better than labelled ones.
        const natural = p.mustInclude.every((k) => containsCI(core, k)) ? 1.5 : 1
        out.push({ text, weight: base * specific * natural * v.weight, family, concept })
      }
    }
  })
  return out
}
