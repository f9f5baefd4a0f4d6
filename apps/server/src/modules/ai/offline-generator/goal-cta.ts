/**
 * Calls to action by what the account wants (its goals, product.md §3 Account Description): the slideshow's last
 * slide and the end of a content idea's filming brief. The goals only choose the words; they are never quoted
 * (ADR 018). `{niche}` is filled by the caller with a short label.
 */
const CTA_BY_GOAL: [RegExp, string[]][] = [
  [/\b(app|download|install)/i, ['Try the app — link in bio', 'Want this done for you? Get the app, link in bio']],
  [
    /\b(shop|store|buy|sell|sales|product|order|kits?)/i,
    ['Shop it — link in bio', 'Everything here is in my shop, link in bio'],
  ],
  [/\b(newsletter|email|sign ?up|subscribe|list|waitlist)/i, ['Join the list for more — link in bio']],
  [/\b(book|call|client|coach|consult|program)/i, ['Want help with this? Book a call, link in bio']],
  [/\b(follow|grow|audience|community|brand|awareness)/i, ['Follow for more {niche} tips', 'Follow for part 2']],
]
const CTA_DEFAULT = [
  'Save this for later and send it to a friend who needs it',
  'Follow for more {niche} tips',
  'Save this so you don’t forget',
]

/** The calls to action that fit these goals (the defaults when none is recognised). */
export function callsToAction(goals: string): readonly string[] {
  return CTA_BY_GOAL.find(([pattern]) => pattern.test(goals))?.[1] ?? CTA_DEFAULT
}
