/**
 * The privacy guard for public captions (issue 18, ADR 018). The account's "Account Description" (target audience,
 * niche, app goals) is the person's private brief to the AI writer: it may guide what is written, but its words must
 * never appear in what TikTok shows. Every AI-written caption and hook of a post passes through here, whoever wrote
 * it (the offline generator or a model), before it is stored.
 *
 * What counts as the description's text: any run of PRIVATE_RUN_WORDS consecutive words of a field (a field of exactly
 * 3 words counts whole). Fields of one or two words ("meal prep", "busy moms") are labels: they name what the account
 * posts about and may appear as a topic or a hashtag. Words are compared case-folded with punctuation, spaces and the
 * `#`/`@` marks dropped, so "#BusyMomsOfThree" is caught as well as "busy moms of three".
 */

/** A private field's name (for logs) and its text. */
export interface PrivateField {
  name: string
  text: string
}

/** Runs this long (in words) of a private field are its text. */
export const PRIVATE_RUN_WORDS = 4
/** Fields shorter than this (in words) are labels, not private text. */
export const PRIVATE_MIN_WORDS = 3

/** The words of a text as the guard compares them: NFKC, case-folded, letters and digits only. */
export function guardWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase('en')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
}

/** Every run of the fields that must not appear, each as its words joined without spaces. */
export function privateRuns(fields: readonly PrivateField[]): { field: string; run: string }[] {
  const runs: { field: string; run: string }[] = []
  for (const field of fields) {
    const words = guardWords(field.text)
    if (words.length < PRIVATE_MIN_WORDS) continue
    const size = Math.min(PRIVATE_RUN_WORDS, words.length)
    for (let i = 0; i + size <= words.length; i++) {
      runs.push({ field: field.name, run: words.slice(i, i + size).join('') })
    }
  }
  return runs
}

/** Which private field `text` quotes (its name), or null when it quotes none. */
export function quotedPrivateField(text: string, fields: readonly PrivateField[]): string | null {
  const compact = guardWords(text).join('')
  if (compact === '') return null
  for (const { field, run } of privateRuns(fields)) if (compact.includes(run)) return field
  return null
}

/**
 * `text` without the sentences, lines and hashtags that quote a private field; the rest is kept as written. Returns
 * the text and whether anything was taken out.
 */
export function withoutPrivateText(text: string, fields: readonly PrivateField[]): { text: string; removed: boolean } {
  let removed = false
  const lines = text.split('\n').map((line) => {
    // Sentences end with . ! ? … (and their run of closing marks); hashtags and mentions are pieces of their own.
    const pieces = line.match(/[#@][\p{L}\p{N}_]+|[^.!?…#@]+[.!?…]*|[.!?…#@]+/gu) ?? []
    const kept = pieces.filter((piece) => {
      const leaks = quotedPrivateField(piece, fields) !== null
      if (leaks) removed = true
      return !leaks
    })
    return kept
      .join('')
      .replace(/[ \t]{2,}/g, ' ')
      .trim()
  })
  const joined = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return { text: joined, removed }
}
