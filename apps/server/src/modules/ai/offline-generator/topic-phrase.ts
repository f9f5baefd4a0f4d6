import { asMine, countWord, gerundPhrase, isPlural, pluralWord, singularPhrase } from './grammar'
import { cleanValue } from './hook-text'
import {
  ACTIVITY_HEADS,
  ADJECTIVE_VERBS,
  COUNT_HEADS,
  DETERMINERS,
  GENERIC_HEADS,
  HYPE,
  ING_NOUNS,
  INSTRUCTION_VERBS,
  KNOWN_BRANDS,
  LEADING_ANNOUNCEMENTS,
  PRODUCT_SPEAK,
  PROPER_WORDS,
  QUESTION_OPENERS,
  SENTENCE_OPENERS,
  STOP_WORDS,
  THING_WORDS,
  VAGUE_NOUNS,
} from './topic-words'

/**
 * What a video is about, read from its title (or description, or the account's niche) as phrases that fit the
 * slots of a hook formula (issue 30 item 7). A title is never pasted as it is: "Meal prep app demo" is about
 * "meal prep", "How to make sourdough without a mixer" about "making sourdough without a mixer", "Why is my sourdough
 * so flat?" about "sourdough", "Notion" is a product whose name keeps its capital.
 */
export interface Subject {
  /** In general, after "about" or "with": "emergency funds", "meal prep", "Notion", "making sourdough". */
  np: string
  /** The viewer's own ("your emergency fund"); '' when the subject cannot be owned (an -ing phrase). */
  your: string
  /** The speaker's own ("my emergency fund"); '' like `your`. */
  my: string
  /** Before a noun, "the {mod} mistake": "emergency fund", "Japanese knife", "sourdough"; '' when none fits. */
  mod: string
  /** As something one does: "making sourdough", "doing meal prep", "using Notion"; '' when it is not done. */
  doing: string
  myDoing: string
  /** Whether `np` is plural (for "is"/"are"). */
  plural: boolean
  /** A product, app or brand: something that "works" and is "used". */
  thing: boolean
  /** An -ing phrase ("making sourdough"): fits "about …", not "the … mistake" or "your …". */
  gerund: boolean
}

export type TitleKind = 'none' | 'noun' | 'brand' | 'instruction' | 'activity' | 'question' | 'list' | 'statement'

export interface TitleReading {
  kind: TitleKind
  subject: Subject | null
  /** The number of a list title ("3 ways to …"). */
  count: number | null
}

/** Emoji with their joiners and variation selectors (never part of a topic). */
const EMOJI = /\p{Extended_Pictographic}|\u{FE0F}|\u{200D}|\u{20E3}/gu
const QUALIFIER_START = new Set(
  'in with without for on under at from using vs versus after before during like that which of to while when'.split(
    ' ',
  ),
)
/** Words after which a sentence names its subject, like a determiner does ("… about meal prep"). */
const NAMING_PREPOSITIONS = new Set(['about', 'with', 'of', 'into'])
const LIST_NOUNS = new Set(
  (
    'ways things tips tricks hacks mistakes reasons steps signs rules habits ideas lessons foods recipes apps tools ' +
    'exercises products questions secrets myths facts truths lies moves meals snacks books'
  ).split(' '),
)

/** A word as the lists know it: lower case, without the punctuation around it. */
const bare = (w: string): string => w.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}'’-]+$/gu, '')

/** The title's words only: no hashtags, mentions, links or emoji, no series tag ("| Episode 2", "(part 3)"). */
export function titleWords(raw: string): string {
  let s = raw
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[#@][\p{L}\p{N}_]+/gu, ' ')
    .replace(EMOJI, ' ')
  s = s.split(/\s[|•·]\s?|\s[-–—]\s(?=(?:ep|episode|part|pt|vol|season|#|\d))/i)[0] ?? ''
  s = s
    .replace(/[([](?:part|pt|ep|episode|vol)\.?\s*\d+[)\]]/gi, ' ')
    .replace(/\b(?:part|pt|ep|episode|vol)\.?\s*\d+\s*$/i, ' ')
  return cleanValue(s).replace(/[.…!]+$/, '')
}

const isProperWord = (w: string): boolean =>
  /[a-z][A-Z]/.test(w) || /^[A-Z]{2,}\d*$/.test(w) || /\d[A-Za-z]|[A-Za-z]\d/.test(w) || KNOWN_BRANDS.has(bare(w))

/** Sentence case for words from a title: "Healthy Lunch Ideas" → "healthy lunch ideas"; names keep their capital. */
function inSentence(words: string[], titleCased: boolean): string[] {
  return words.map((w, i) => {
    if (!(i === 0 || titleCased) || !/^[A-Z][a-z'’-]*[,:]?$/.test(w)) return w
    return isProperWord(w) || PROPER_WORDS.has(bare(w)) ? w : w.toLowerCase()
  })
}

const looksTitleCased = (words: string[]): boolean =>
  words.length >= 2 && words.filter((w) => w.length > 3).every((w) => /^[A-Z]/.test(w))

/** A subject from a noun phrase ("Sunday meal prep in 20 minutes", "the best running shoes", "CapCut tutorial"). */
export function nounSubject(phrase: string): Subject | null {
  // A clause after a comma or dash is a second thought ("Overnight sourdough, no knead").
  const clause = phrase.replace(EMOJI, ' ').split(/[,;:]\s|\s[–—-]\s/)[0] ?? ''
  let words = cleanValue(clause)
    .split(/\s+/)
    .map((w) => w.replace(/[,;:!?.]+$/, ''))
    .filter((w) => w !== '')
  for (const lead of LEADING_ANNOUNCEMENTS) {
    const joined = words.join(' ')
    if (lead.test(joined)) words = joined.replace(lead, '').split(' ')
  }
  while (words.length > 1 && (DETERMINERS.has(bare(words[0]!)) || HYPE.has(bare(words[0]!)))) words.shift()
  const cut = words.findIndex((w, i) => i > 0 && QUALIFIER_START.has(bare(w)))
  const head = cut > 0 ? words.slice(0, cut) : [...words]
  const qualifier = cut > 0 ? words.slice(cut) : []
  while (head.length > 1 && PRODUCT_SPEAK.has(bare(head.at(-1)!))) {
    head.pop()
    // "app demo", "feature tour": the product word goes with the product-speak.
    if (head.length > 1 && THING_WORDS.has(bare(head.at(-1)!))) head.pop()
  }
  const only = head.length === 1 ? bare(head[0]!) : ''
  const named = !PRODUCT_SPEAK.has(only) && !STOP_WORDS.has(only) && !VAGUE_NOUNS.has(only) && !THING_WORDS.has(only)
  if (head.length === 0 || !named) return null
  const last = bare(head.at(-1)!)
  const titleCased = looksTitleCased(words)
  const cased = inSentence(head.slice(-4), titleCased)
  const proper = cased.length === 1 && isProperWord(cased[0]!)
  const thing = proper || THING_WORDS.has(last)
  const gerund = last.endsWith('ing') && !ING_NOUNS.has(last) && cased.length === 1
  // The head alone is the subject when the qualifier would make it long ("Sunday meal prep in 20 minutes").
  const keepQualifier = qualifier.length > 0 && head.length + qualifier.length <= 5 && !/\d/.test(qualifier.join(' '))
  const tail = keepQualifier ? ` ${inSentence(qualifier, titleCased).join(' ')}` : ''
  const base = cased.join(' ')
  const modWords = GENERIC_HEADS.has(last) && cased.length > 1 ? cased.slice(0, -1) : cased
  const mod = singularPhrase(modWords.join(' '))
  const countable = !proper && !isPlural(base) && COUNT_HEADS.has(last)
  // A singular thing one owns reads in general as its plural ("about emergency funds"), owned as "your …"; a
  // product keeps "the" ("the meal prep app").
  const np = countable ? (thing ? `the ${base}${tail}` : `${pluralPhrase(base)}${tail}`) : `${base}${tail}`
  const ownable = !gerund && !(thing && !proper)
  const owned = (who: string) => (!ownable ? '' : proper ? `${base}${tail}` : `${who} ${base}${tail}`)
  const activity = ACTIVITY_HEADS.has(last) || gerund
  const doing = thing ? `using ${np}` : gerund ? np : activity ? `doing ${owned('your')}` : ''
  return {
    np,
    your: owned('your'),
    my: owned('my'),
    mod,
    doing,
    myDoing: asMine(doing),
    plural: countable ? !thing : isPlural(base),
    thing,
    gerund,
  }
}

function pluralPhrase(phrase: string): string {
  const words = phrase.split(' ')
  const last = words.pop() ?? ''
  return [...words, pluralWord(last)].join(' ')
}

/** A subject from an instruction ("make sourdough without a mixer"): the -ing phrase, and its object as `mod`. */
export function actionSubject(action: string): Subject | null {
  const words = cleanValue(action)
    .split(/\s+/)
    .filter((w) => w !== '')
  if (words.length < 2) return null
  let phrase = words
  if (phrase.length > 6) {
    const cut = phrase.findIndex((w, i) => i > 1 && QUALIFIER_START.has(bare(w)))
    phrase = cut > 0 ? phrase.slice(0, cut) : phrase.slice(0, 6)
  }
  const np = gerundPhrase(inSentence(phrase, looksTitleCased(words)).join(' '))
  const object = runsOf(words.slice(1), false)[0] ?? ''
  return {
    np,
    your: '',
    my: '',
    mod: object ? singularPhrase(object) : '',
    doing: np,
    myDoing: asMine(np),
    plural: false,
    thing: false,
    gerund: true,
  }
}

/** Runs of topic words: after a determiner (`afterDeterminer`), or anywhere; no numbers, verbs or function words. */
function runsOf(words: string[], afterDeterminer: boolean): string[] {
  const runs: string[] = []
  let run: string[] = []
  let open = !afterDeterminer
  const close = () => {
    if (run.length > 0 && !(run.length === 1 && VAGUE_NOUNS.has(bare(run[0]!)))) runs.push(run.slice(0, 3).join(' '))
    run = []
  }
  for (const raw of words) {
    const endsClause = /[?!.,;:…]$/.test(raw)
    const w = raw.replace(/[?!.,;:…]+$/, '')
    const b = bare(w)
    const verbLike = b.length >= 5 && /([^e]ed|ing)$/.test(b) && !ING_NOUNS.has(b) && !isProperWord(w)
    if (DETERMINERS.has(b) || (afterDeterminer && NAMING_PREPOSITIONS.has(b))) {
      close()
      open = true
    } else if (open && b !== '' && !STOP_WORDS.has(b) && !/\d/.test(b) && !verbLike) {
      run.push(w)
    } else if (!(open && run.length === 0 && STOP_WORDS.has(b) && !QUALIFIER_START.has(b) && !verbLike)) {
      // A word like "whole" between a determiner and its noun keeps the run waiting; anything else ends it.
      close()
      open = !afterDeterminer
    }
    if (endsClause) {
      close()
      open = !afterDeterminer
    }
  }
  close()
  return runs
}

/** The thing a sentence talks about: its longest run of topic words after a determiner ("every budget air fryer"). */
export function subjectInSentence(sentence: string): Subject | null {
  const words = sentence
    .replace(EMOJI, ' ')
    .split(/\s+/)
    .filter((w) => w !== '')
  const runs = runsOf(words, true)
  const best = runs.reduce((a, b) => (b.split(' ').length > a.split(' ').length ? b : a), runs[0] ?? '')
  return best ? nounSubject(best) : null
}

/** Reads a title (or, when the title names nothing, the description's first sentence). */
export function readTitle(title: string, description = ''): TitleReading {
  const reading = readOne(titleWords(title))
  if (reading.subject || description.trim() === '') return reading
  const first = titleWords(description.split(/(?<=[.!?])\s|\n/)[0] ?? '')
  const fromDescription = readOne(first)
  return { ...reading, subject: fromDescription.subject }
}

function readOne(text: string): TitleReading {
  const words = text.split(/\s+/).filter((w) => w !== '')
  if (words.length === 0) return { kind: 'none', subject: null, count: null }
  const first = bare(words[0]!)
  const second = bare(words[1] ?? '')
  if (first === 'how' && second === 'to') {
    return { kind: 'instruction', subject: actionSubject(words.slice(2).join(' ')), count: null }
  }
  if (text.endsWith('?') || (QUESTION_OPENERS.has(first) && words.length > 2)) {
    return {
      kind: first === 'how' && /^(i|we)$/.test(second) ? 'statement' : 'question',
      subject: subjectInSentence(text),
      count: null,
    }
  }
  const count = countWord(first)
  if (count !== null && words.length >= 2) {
    const rest = words.slice(2)
    if (!LIST_NOUNS.has(second)) return { kind: 'list', subject: nounSubject(words.slice(1).join(' ')), count }
    if (bare(rest[0] ?? '') === 'to') return { kind: 'list', subject: actionSubject(rest.slice(1).join(' ')), count }
    if (/^(for|about|on|of)$/.test(bare(rest[0] ?? ''))) {
      return { kind: 'list', subject: nounSubject(rest.slice(1).join(' ')), count }
    }
    return { kind: 'list', subject: subjectInSentence(rest.join(' ')), count }
  }
  if (first === 'my' || first === 'our') {
    const rest = words.slice(1)
    const numbered = rest.some((w) => countWord(bare(w)) !== null || /^(first|second|third|last)$/.test(bare(w)))
    const subject = numbered ? null : nounSubject(rest.join(' '))
    return { kind: subject ? 'noun' : 'statement', subject, count: null }
  }
  // "Busy parents, nobody tells you this about …": a clause after the comma makes it a sentence, not a name.
  const afterComma = text.split(/,\s/)[1]?.split(/\s+/).length ?? 0
  if (SENTENCE_OPENERS.has(first) || afterComma >= 4) {
    return { kind: 'statement', subject: subjectInSentence(text), count: null }
  }
  const instruction =
    INSTRUCTION_VERBS.has(first) && (DETERMINERS.has(second) || !ADJECTIVE_VERBS.has(first)) && words.length >= 2
  if (instruction) return { kind: 'instruction', subject: actionSubject(text), count: null }
  if (first.endsWith('ing') && !ING_NOUNS.has(first) && words.length >= 2) {
    return { kind: 'activity', subject: actionSubject(text), count: null }
  }
  const subject = nounSubject(text)
  const brand = subject !== null && words.length === 1 && isProperWord(words[0]!)
  return { kind: subject === null ? 'none' : brand ? 'brand' : 'noun', subject, count: null }
}
