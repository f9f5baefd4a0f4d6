/**
 * Just enough English for the offline writer to put a person's words into a sentence correctly: singular and plural,
 * "a" or "an", the -ing form of a verb, "your" turned into "my". Rules plus short exception lists, no dictionary:
 * a word it does not know is treated in the way that reads least wrong.
 */

/** Nouns that are plural in form but take no singular ("jeans", "news"), or are not plurals at all ("fitness"). */
const NOT_COUNTABLE_PLURALS = new Set(
  (
    'jeans glasses clothes news analytics electronics sports basics finances abs leggings shorts pants scissors ' +
    'thanks goods series species lens gas bus yes this his its us plus always perhaps lyrics graphics physics ' +
    'economics ethics mathematics maths politics aesthetics logistics genetics'
  ).split(' '),
)

const IRREGULAR_SINGULARS: Record<string, string> = {
  people: 'person',
  children: 'child',
  men: 'man',
  women: 'woman',
  feet: 'foot',
  teeth: 'tooth',
  mice: 'mouse',
  knives: 'knife',
  wives: 'wife',
  lives: 'life',
  leaves: 'leaf',
  shelves: 'shelf',
  loaves: 'loaf',
  halves: 'half',
}

const lastWord = (phrase: string): string => phrase.trim().split(/\s+/).at(-1) ?? ''

/** Whether a noun (or a phrase ending in one) is plural: "ideas", "busy moms", "people" — not "fitness", "SPF". */
export function isPlural(phrase: string): boolean {
  const word = lastWord(phrase)
  const lower = word.toLowerCase()
  if (lower in IRREGULAR_SINGULARS) return true
  if (word.length < 3 || /[^a-z'’-]/i.test(word) || /^[A-Z0-9]+$/.test(word) || /[a-z][A-Z]/.test(word)) return false
  if (NOT_COUNTABLE_PLURALS.has(lower)) return false
  return /s$/.test(lower) && !/(ss|us|is|ness|ous|ics|['’]s)$/.test(lower)
}

/** The singular of a plural noun ("tomatoes" → "tomato", "knives" → "knife"); other words unchanged. */
export function singularWord(word: string): string {
  const lower = word.toLowerCase()
  const irregular = IRREGULAR_SINGULARS[lower]
  if (irregular) return word.charAt(0) === word.charAt(0).toUpperCase() ? upper(irregular) : irregular
  if (!isPlural(word)) return word
  if (/ies$/.test(lower) && lower.length > 4) return word.slice(0, -3) + 'y'
  if (/(ches|shes|sses|xes|zes|oes)$/.test(lower)) return word.slice(0, -2)
  return word.slice(0, -1)
}

const IRREGULAR_PLURALS: Record<string, string> = Object.fromEntries(
  Object.entries(IRREGULAR_SINGULARS).map(([plural, one]) => [one, plural]),
)

/** The plural of a singular noun ("fund" → "funds", "box" → "boxes", "knife" → "knives"). */
export function pluralWord(word: string): string {
  const irregular = IRREGULAR_PLURALS[word.toLowerCase()]
  if (irregular) return word.charAt(0) + irregular.slice(1)
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`
  return `${word}s`
}

/** A phrase with its last word made singular: "healthy lunch ideas" → "healthy lunch idea". */
export function singularPhrase(phrase: string): string {
  const words = phrase.trim().split(/\s+/)
  const last = words.pop() ?? ''
  return [...words, singularWord(last)].join(' ')
}

const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** "a" or "an" for the sound the phrase starts with ("an hour", "a user", "an SPF routine"). */
export function article(phrase: string): 'a' | 'an' {
  const word = phrase.trim().split(/\s+/)[0] ?? ''
  if (/^[A-Z]{2,}/.test(word)) return /^[AEFHILMNORSX]/.test(word) ? 'an' : 'a'
  const lower = word.toLowerCase()
  if (/^(hour|honest|honou?r|heir)/.test(lower)) return 'an'
  if (/^(uni|use|usu|uti|eu|one|once|ur)/.test(lower)) return 'a'
  if (/^\d/.test(lower)) return /^(8|11|18|80)/.test(lower) ? 'an' : 'a'
  return /^[aeiou]/.test(lower) ? 'an' : 'a'
}

export const withArticle = (phrase: string): string => `${article(phrase)} ${phrase}`

const VOWEL_GROUPS = /[aeiouy]+/g

/** The -ing form of a verb: "make" → "making", "cut" → "cutting", "fix" → "fixing", "tie" → "tying". */
export function gerundWord(verb: string): string {
  const v = verb.toLowerCase()
  if (v.endsWith('ing') && v.length > 5) return verb
  if (v === 'be' || v === 'see' || v === 'flee' || v.endsWith('ee') || v.endsWith('ye') || v.endsWith('oe')) {
    return `${verb}ing`
  }
  if (v.endsWith('ie')) return `${verb.slice(0, -2)}ying`
  if (v.endsWith('e') && v.length > 2) return `${verb.slice(0, -1)}ing`
  const oneSyllable = (v.match(VOWEL_GROUPS) ?? []).length === 1
  if (oneSyllable && /[^aeiou][aeiou][^aeiouwxy]$/.test(v)) return `${verb}${verb.slice(-1)}ing`
  return `${verb}ing`
}

/** A verb phrase as an -ing phrase: "make sourdough without a mixer" → "making sourdough without a mixer". */
export function gerundPhrase(action: string): string {
  const [verb = '', ...rest] = action.trim().split(/\s+/)
  return [gerundWord(verb), ...rest].join(' ')
}

/** The same words as the speaker's own: "your grocery bill" → "my grocery bill". */
export function asMine(phrase: string): string {
  return phrase
    .replace(/\byourself\b/gi, 'myself')
    .replace(/\byours\b/gi, 'mine')
    .replace(/\byour\b/gi, 'my')
}

/** The same words addressed to the viewer: "my sourdough" → "your sourdough". */
export function asYours(phrase: string): string {
  return phrase
    .replace(/\bmyself\b/gi, 'yourself')
    .replace(/\bmine\b/gi, 'yours')
    .replace(/\bmy\b/gi, 'your')
}

/** Verb and pronoun forms that agree with a subject, as template slots ({is}, {it}, …). */
export function agreement(
  plural: boolean,
): Record<'is' | 'was' | 'has' | 'does' | 'it' | 'them' | 'this' | 's', string> {
  return plural
    ? { is: 'are', was: 'were', has: 'have', does: 'do', it: 'they', them: 'them', this: 'these', s: '' }
    : { is: 'is', was: 'was', has: 'has', does: 'does', it: 'it', them: 'it', this: 'this', s: 's' }
}

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
}

/** "3" or "three" as a number; null for anything else. */
export function countWord(word: string): number | null {
  if (/^\d{1,3}$/.test(word)) return Number(word)
  return NUMBER_WORDS[word.toLowerCase()] ?? null
}
