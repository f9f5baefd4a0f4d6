import { isPlural, singularPhrase, withArticle } from './grammar'
import { cleanValue, lowerFirstIfPlain } from './hook-text'
import { privateTextIn } from './private-text'

/**
 * How the account's audience is spoken to (issue 30 item 7): a short label to address them by ("busy moms"), one of
 * them ("a busy mom", for "If you're …"), and phrases from their situation that a hook can promise ("in 10 minutes a
 * day" for busy people, "as a complete beginner" for beginners). The Account Description is private (ADR 018): only a
 * label short enough not to quote it is used, and the goals and longer words only choose the phrases.
 */
export interface AudienceVoice {
  /** Plural label, '' when the audience has none that is short and not private ("people in their 20s"). */
  label: string
  /** One of them with "a"/"an" ("a busy mom"); '' when the label is not a plural noun. */
  member: string
  /** The same without the article ("busy mom", for "every …"). */
  one: string
  /** What a hook can promise this audience ("in 10 minutes a day"); empty when nothing is known. */
  benefits: string[]
}

/** Where a description of the audience turns from who they are to more about them ("nurses in Tallinn who …"). */
const LABEL_ENDS = new Set(
  'who that with in of from over under at on for aged between looking trying wanting and or which'.split(' '),
)
const VAGUE_AUDIENCES = new Set(
  'people everyone anyone users customers followers viewers folks humans individuals person audience all'.split(' '),
)

/** Situations an audience can be in, and what a hook can promise people in each. */
const SITUATIONS: [RegExp, string[]][] = [
  [
    /\b(parents?|moms?|mums?|dads?|famil(y|ies)|kids|toddlers?)\b/i,
    ['with kids running around', 'before the school run'],
  ],
  [
    /\b(busy|working|full[- ]time|shift|nurses?|doctors?|professionals?|commuters?)\b/i,
    ['in 10 minutes a day', 'when you have zero time'],
  ],
  [
    /\b(beginners?|newbies?|novices?|first[- ]time|new to|starting out|just starting)\b/i,
    ['as a complete beginner', 'with zero experience'],
  ],
  [/\b(students?|college|uni|university|grads?)\b/i, ['on a student budget', 'between classes']],
  [/\b(budget|frugal|broke|cheap|save money|saving money)\b/i, ['on a budget', 'without spending a fortune']],
  [
    /\b(founders?|owners?|entrepreneurs?|marketers?|agenc(y|ies)|freelancers?|small business|startups?)\b/i,
    ['without hiring anyone', 'with a tiny team'],
  ],
  [/\b(lifters?|athletes?|runners?|gym|lifting|training)\b/i, ['without burning out', 'without a fancy gym']],
]

/** The audience's label: its head before "who/with/in …", at most two words, never a run of the private text. */
function labelOf(targetAudience: string, isPrivate: (text: string) => boolean): string {
  const words = cleanValue(targetAudience)
    .split(/\s+/)
    .filter((w) => w !== '')
  const end = words.findIndex((w, i) => i > 0 && LABEL_ENDS.has(w.toLowerCase().replace(/[,;:]$/, '')))
  let head = (end > 0 ? words.slice(0, end) : words).map((w) => w.replace(/[,;:]$/, ''))
  while (head.length > 1 && /^(all|the|our|my)$/i.test(head[0]!)) head = head.slice(1)
  if (head.length > 2) head = head.slice(-2)
  // "first-time founders" is a three-word field of its own (caption-guard.ts): shorten until it quotes nothing.
  while (head.length > 1 && isPrivate(head.join(' '))) head = head.slice(1)
  const label = lowerFirstIfPlain(head.join(' '))
  if (label === '' || isPrivate(label) || VAGUE_AUDIENCES.has(label.toLowerCase())) return ''
  return label
}

export function audienceVoice(account: { targetAudience: string; niche: string; appGoals: string }): AudienceVoice {
  const isPrivate = privateTextIn(account)
  const label = labelOf(account.targetAudience, isPrivate)
  const one = label && isPlural(label) ? singularPhrase(label) : ''
  const about = `${account.targetAudience} ${account.niche} ${account.appGoals}`
  const benefits = SITUATIONS.filter(([pattern]) => pattern.test(about)).flatMap(([, phrases]) => phrases)
  return { label, member: one ? withArticle(one) : '', one, benefits: benefits.slice(0, 4) }
}
