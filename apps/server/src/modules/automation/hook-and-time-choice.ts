import {
  CONTENT_TONE_LABELS,
  CONTENT_TONES,
  HOOK_CONCEPT_LABELS,
  HOOK_CONCEPTS,
  WEEKDAY_LABELS,
  type BestTimes,
  type ContentTone,
  type HookConcept,
  type Weekday,
} from '@hookpost/shared'
import { pick } from '../../lib/random'
import type { AutomationSettingsRow } from './automation.repository'
import { chooseHook, EXPLORE_SHARE, type HookResult } from './hook-bandit'
import type { PickedSlot } from './slot-picker'

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** Concepts and tones 'random' picks from: the named ones ('other' needs the person's words). */
const RANDOM_CONCEPTS = HOOK_CONCEPTS.filter((c) => c !== 'other')
const RANDOM_TONES = CONTENT_TONES.filter((t) => t !== 'other')

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`

/** Why a posting time was chosen, for the History (issue 19). */
export function timeReason(
  picked: PickedSlot,
  method: 'random' | 'even' | 'best',
  best: { times: BestTimes | null; weekday: Weekday; wanted: boolean },
): string {
  if (method === 'even') return 'Evenly spaced in your window: no random times fitted 30 minutes apart'
  if (!best.wanted) return 'Random time in your window'
  if (!best.times?.enough) {
    return `Random time in your window: best times need at least ${best.times?.minPosts ?? 10} published posts with stats`
  }
  if (picked.preferredHour === null) {
    return `Exploring (1 in ${Math.round(1 / EXPLORE_SHARE)} times are a random time in your window)`
  }
  const cell = best.times.cells.find((c) => c.weekday === best.weekday && c.hour === picked.preferredHour)
  const when = `${WEEKDAY_LABELS[best.weekday]}s at ${hh(picked.preferredHour)}`
  return cell && cell.posts > 0 && cell.relativeViews !== null
    ? `Best times: ${when} have done ${cell.relativeViews.toFixed(1)}× typical over ${plural(cell.posts, 'post')}`
    : `Best times: weighted toward your best hours; ${when} have no posts yet`
}
/**
 * The concept and tone of one planned post: the person's, a random one ('random', product.md §9), or the hook bandit's
 * ('best', issue 19: Thompson sampling over the account's results, ADR 022), with why (null when both were fixed).
 */
export async function chooseConceptAndTone(
  row: Pick<AutomationSettingsRow, 'hookConcept' | 'contentTone'>,
  rng: () => number,
  results: () => Promise<HookResult[]>,
): Promise<{ concept: HookConcept; tone: ContentTone; hookReason: string | null }> {
  // 'random' is drawn first, exactly as before 'best' existed (same seed, same picks).
  const concept = row.hookConcept === 'random' ? (pick(rng, RANDOM_CONCEPTS) ?? 'curiosity_gap') : row.hookConcept
  const tone = row.contentTone === 'random' ? (pick(rng, RANDOM_TONES) ?? 'casual') : row.contentTone
  if (concept === 'best' || tone === 'best') {
    const choice = chooseHook({
      concepts: concept === 'best' ? RANDOM_CONCEPTS : [concept],
      tones: tone === 'best' ? RANDOM_TONES : [tone],
      results: await results(),
      rng,
    })
    return { concept: choice.concept, tone: choice.tone, hookReason: choice.reason }
  }
  const random = [
    row.hookConcept === 'random' ? `concept ${HOOK_CONCEPT_LABELS[concept].toLowerCase()}` : null,
    row.contentTone === 'random' ? `tone ${CONTENT_TONE_LABELS[tone].toLowerCase()}` : null,
  ].filter((x) => x !== null)
  return { concept, tone, hookReason: random.length > 0 ? `Random ${random.join(' and ')}` : null }
}
