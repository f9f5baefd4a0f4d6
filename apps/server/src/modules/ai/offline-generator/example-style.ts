import { charCount } from '../hook-rules'

/**
 * The style of the creator's example hooks (issue 30 item 7), measured so the writer can lean the same way without
 * copying them: how many are questions, lower case, with emoji, in the first or second person, with numbers, "POV",
 * how they end and how long they are. `styleWeight` biases which formulas are picked; `inStyle` renders a hook the
 * same way (casing, emoji, the closing mark).
 */
export interface ExampleStyle {
  /** Shares of the examples, 0–1. */
  questions: number
  lowercase: number
  emoji: number
  firstPerson: number
  secondPerson: number
  numbers: number
  pov: number
  exclamation: number
  ellipsis: number
  fullStop: number
  /** The emoji they use, in order of first use. */
  emojis: string[]
  /** Average and longest length in characters. */
  length: number
  longest: number
}

const EMOJI = /\p{Extended_Pictographic}(?:\u{FE0F})?(?:\u{200D}\p{Extended_Pictographic}(?:\u{FE0F})?)*/gu
/** The same without the global flag, for `test` (a global regex remembers where it stopped). */
const HAS_EMOJI = new RegExp(EMOJI.source, 'u')
const QUESTION = /\?[^\p{L}\p{N}]*$/u
const FIRST_PERSON = /\b(i|i’m|i'm|i’ve|i've|i’d|i'd|my|me|mine|we|our)\b/i
const SECOND_PERSON = /\b(you|your|you’re|you're|yours|y’all)\b/i

const withoutEmoji = (s: string) => s.replace(EMOJI, '').trim()

export function measureExamples(examples: readonly string[]): ExampleStyle | null {
  const texts = examples.map((e) => e.trim()).filter((e) => e !== '')
  if (texts.length === 0) return null
  const share = (test: (s: string) => boolean) => texts.filter(test).length / texts.length
  const statements = texts.filter((t) => !QUESTION.test(t))
  const endShare = (mark: RegExp) =>
    statements.length === 0 ? 0 : statements.filter((t) => mark.test(withoutEmoji(t))).length / statements.length
  const emojis: string[] = []
  for (const t of texts) for (const e of t.match(EMOJI) ?? []) if (!emojis.includes(e)) emojis.push(e)
  return {
    questions: share((t) => QUESTION.test(t)),
    lowercase: share((t) => /^[^\p{Lu}]*$/u.test(t) && /\p{Ll}/u.test(t)),
    emoji: share((t) => HAS_EMOJI.test(t)),
    firstPerson: share((t) => FIRST_PERSON.test(t)),
    secondPerson: share((t) => SECOND_PERSON.test(t)),
    numbers: share((t) => /\d/.test(t)),
    pov: share((t) => /^pov\b/i.test(t)),
    exclamation: endShare(/!$/),
    ellipsis: endShare(/(…|\.\.\.)$/),
    fullStop: endShare(/[^.]\.$/),
    emojis,
    length: texts.reduce((sum, t) => sum + charCount(t), 0) / texts.length,
    longest: Math.max(...texts.map(charCount)),
  }
}

/** How much more (or less) likely a hook is to be picked, given the examples' style. */
export function styleWeight(text: string, style: ExampleStyle | null): number {
  if (!style) return 1
  let w = 1
  const question = QUESTION.test(text)
  if (style.questions >= 0.5) w *= question ? 1 + 10 * style.questions : 1 - 0.9 * style.questions
  else if (style.questions === 0 && question) w *= 0.6
  if (FIRST_PERSON.test(text)) w *= 1 + 3 * style.firstPerson
  else if (style.firstPerson >= 0.6) w *= 0.5
  if (SECOND_PERSON.test(text)) w *= 1 + 2 * style.secondPerson
  if (/\d/.test(text)) w *= 1 + 4 * style.numbers
  if (/^pov\b/i.test(text)) w *= 1 + 4 * style.pov
  // Length: a hook twice as long as the examples is about four times less likely than one of their length.
  const ratio = charCount(text) / Math.max(8, style.length)
  w *= Math.exp(-Math.abs(Math.log(ratio)) * 2)
  return w
}

/** Words that keep their case in a lower-case hook: names and acronyms ("TikTok", "SPF"), and the keywords given. */
function keepsCase(word: string, keep: readonly string[]): boolean {
  const letters = word.replace(/[^\p{L}\p{N}]/gu, '')
  if (/[a-z][A-Z]/.test(word) || /^[A-Z]{2,}\d*$/.test(letters)) return letters !== 'POV'
  return keep.some((k) => k.includes(word.replace(/[^\p{L}\p{N}'’-]/gu, '')) && /\p{Lu}/u.test(k))
}

/**
 * The hook as the examples would write it: lower case when they are, an emoji of theirs when they use them, their
 * closing mark ("!", "…", ".") on statements. `pick` chooses among their emoji (seeded).
 */
export function inStyle(text: string, style: ExampleStyle | null, pick: () => number, keep: readonly string[]): string {
  if (!style) return text
  let s = text
  const question = QUESTION.test(s)
  if (!question && !/[.!?…]$/.test(s) && !HAS_EMOJI.test(s.slice(-2))) {
    if (style.exclamation >= 0.5) s = `${s}!`
    else if (style.ellipsis >= 0.5) s = `${s}…`
    else if (style.fullStop >= 0.5) s = `${s}.`
  }
  if (style.lowercase >= 0.5) {
    s = s
      .split(' ')
      .map((w) => (keepsCase(w, keep) ? w : w.toLowerCase()))
      .join(' ')
  }
  if (style.emoji >= 0.5 && style.emojis.length > 0 && !HAS_EMOJI.test(s)) {
    const emoji = style.emojis[Math.floor(pick() * style.emojis.length)]!
    s = `${s.replace(/\.$/, '')} ${emoji}`
  }
  return s
}
