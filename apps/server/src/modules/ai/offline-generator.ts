import {
  CONTENT_TONES,
  HOOK_CONCEPTS,
  HOOK_TEXT_MAX,
  type ContentTone,
  type HookConcept,
  type HookContext,
} from '@hookpost/shared'
import {
  acceptableHook as acceptable,
  charCount,
  containsCI,
  dedupeKey,
  IDEA_DESCRIPTION_MAX,
  IDEA_TITLE_MAX,
} from './hook-rules'
import { mulberry32, pick } from '../../lib/random'

/**
 * The built-in offline generator (the default AI writer): hooks and content ideas from a curated library of hook
 * formulas, filled from the account and the video. Pure and deterministic per seed — no I/O, no model.
 *
 * Templates use `{slot}` placeholders filled in a single pass, so user text is never re-read as a template (a niche
 * of "{audience}" stays literal). A template whose slots cannot be filled is skipped, never left with a hole.
 */

export interface GeneratedHook {
  text: string
}

export interface GeneratedIdea {
  title: string
  description: string
  hookText: string
}

const DEFAULT_COUNT = 5

// ---------------------------------------------------------------------------------------------------------------------
// Text helpers

/** One line, single spaces, no space before punctuation, no stray separators at the ends. */
function tidy(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.!?;:…)])/g, '$1')
    .replace(/\(\s*\)/g, '')
    .replace(/([(])\s+/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:—–-]+/, '')
    .replace(/[\s,;:—–-]+$/, '')
    .trim()
}

/** A user value ready to sit inside a sentence: one line, no trailing full stop or separator. */
export function cleanValue(s: string | undefined): string {
  return tidy((s ?? '').replace(/[.!;:,]+$/, ''))
}

function upperFirst(s: string): string {
  const chars = Array.from(s)
  return chars.length === 0 ? s : chars[0]!.toUpperCase() + chars.slice(1).join('')
}

const KEEP_CASE_FIRST_WORDS = new Set(['i', "i'm", 'i’m', "i've", 'i’ve', "i'd", 'i’d', "i'll", 'i’ll', 'pov'])

/**
 * Lower-cases the first letter when the text is plain sentence case ("Busy moms" → "busy moms") so it can continue a
 * sentence; leaves names, acronyms and brand spellings alone ("Gen Z", "TikTok", "I", "POV").
 */
export function lowerFirstIfPlain(s: string): string {
  const words = s.split(' ')
  const first = words[0] ?? ''
  if (KEEP_CASE_FIRST_WORDS.has(first.toLowerCase().replace(/[,:]$/, ''))) return s
  if (!/^[A-Z][a-z'’-]*[,:]?$/.test(first)) return s
  if (words.slice(1).some((w) => /[A-Z]/.test(w) && !KEEP_CASE_FIRST_WORDS.has(w.toLowerCase()))) return s
  return first.charAt(0).toLowerCase() + s.slice(1)
}

function uniqueValues(values: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of values) {
    const v = cleanValue(raw)
    if (v === '' || seen.has(v.toLowerCase())) continue
    seen.add(v.toLowerCase())
    out.push(v)
  }
  return out
}

function endsWithPunctuation(s: string): boolean {
  return /[.!?…]$/.test(s)
}

// ---------------------------------------------------------------------------------------------------------------------
// The context, prepared once

type Slot = 'audience' | 'topic' | 'niche' | 'title' | 'detail' | 'concept'

interface Prepared {
  audience: string
  niche: string
  /** What the video is about as a noun phrase: niche, a short noun-like title, or a keyword. */
  topics: string[]
  /** Optional keywords to weave in now and then. */
  mayTopics: string[]
  title: string
  detail: string
  goal: string
  customConcept: string
  customTone: string
  customText: string
  mustInclude: string[]
  examples: string[]
  exampleFirstWords: Set<string>
  exampleLength: number
}

const SENTENCE_STARTERS = new Set(
  (
    "how why what when where who which i i’m i'm my we our you your is are do does did can should will would this " +
    "these that those stop don’t don't never always here there it it’s it's watch pov if"
  ).split(' '),
)

/** A short title that reads like a noun phrase ("Budget meal prep") can stand in for the topic. */
export function nounLikeTitle(title: string): string {
  if (title === '' || /[?!]$/.test(title)) return ''
  const words = title.split(' ')
  if (words.length > 5 || /^\d/.test(title)) return ''
  if (SENTENCE_STARTERS.has((words[0] ?? '').toLowerCase())) return ''
  return lowerFirstIfPlain(title)
}

/** The first clause of the description, when short enough to quote in a hook. */
function firstClause(description: string): string {
  const clause = cleanValue(description.split(/(?<=[.!?])\s|\n/)[0] ?? '')
  return charCount(clause) <= 60 ? clause : ''
}

function prepare(context: HookContext): Prepared {
  const niche = lowerFirstIfPlain(cleanValue(context.niche))
  const title = cleanValue(context.videoTitle).replace(/[.…]+$/, '')
  const mustInclude = uniqueValues(context.mustInclude ?? [])
  const mayInclude = uniqueValues(context.mayInclude ?? []).filter(
    (m) => !mustInclude.some((k) => k.toLowerCase() === m.toLowerCase()),
  )
  const titleTopic = nounLikeTitle(title)
  const base = uniqueValues([titleTopic, niche]).slice(0, 2)
  const must = mustInclude[0] ?? ''
  // A one-word must-include keyword reads naturally in front of the topic ("budget" + "meal prep").
  const compound =
    must && base[0] && !containsCI(base[0], must) && !must.includes(' ') ? `${lowerFirstIfPlain(must)} ${base[0]}` : ''
  const topics = uniqueValues([compound, ...base, base.length === 0 ? lowerFirstIfPlain(must) : '']).slice(0, 3)
  const examples = uniqueValues(context.exampleHooks ?? [])
  return {
    audience: lowerFirstIfPlain(cleanValue(context.targetAudience)),
    niche,
    topics,
    mayTopics: mayInclude.map(lowerFirstIfPlain),
    title,
    detail: firstClause(context.videoDescription ?? ''),
    goal: cleanValue(context.appGoals),
    customConcept: cleanValue(context.customConcept),
    customTone: cleanValue(context.customTone),
    customText: tidy(context.customText ?? ''),
    mustInclude,
    examples,
    exampleFirstWords: new Set(examples.map((e) => firstWord(e)).filter((w) => w !== '')),
    exampleLength:
      examples.length === 0 ? 0 : examples.reduce((sum, e) => sum + charCount(e), 0) / Math.max(1, examples.length),
  }
}

function firstWord(s: string): string {
  return (s.trim().split(/\s+/)[0] ?? '').toLowerCase().replace(/[^\p{L}\p{N}'’]/gu, '')
}

// ---------------------------------------------------------------------------------------------------------------------
// The library of hook formulas

interface Template {
  text: string
  /** Only for these tones (written in that voice); otherwise any tone, shaped by the tone phrasing below. */
  tones?: readonly ContentTone[]
  /** Only when the person described their own concept (concept 'other'). */
  custom?: boolean
}

const t = (text: string, tones?: readonly ContentTone[]): Template => (tones ? { text, tones } : { text })

/**
 * At least three general formulas per concept that need nothing (so sparse accounts still get hooks), formulas that
 * use the account and video, and one written in each tone's voice.
 */
const LIBRARY: Record<HookConcept, readonly Template[]> = {
  curiosity_gap: [
    t('Nobody tells {audience} this about {topic}…'),
    t('Nobody tells you this about {topic}'),
    t('The one thing about {topic} nobody talks about'),
    t('Watch this before you try {topic} again'),
    t('The {topic} mistake I see every single day'),
    t('{title} — and the last part surprised me'),
    t('Nobody talks about this, but they should'),
    t('You’ve been doing this wrong the whole time'),
    t('Wait until you see what happens at the end'),
    t('The detail everyone misses (watch closely)'),
    t('I can’t believe I didn’t know this sooner'),
    t('Here’s what nobody explains properly'),
    t('3 things about {topic} nobody explains properly', ['informative']),
    t('Why did nobody tell me this about {topic}?? I’m mad', ['humorous']),
    t('The {topic} secret that finally made it click for me', ['inspirational']),
    t('Everything you’ve been told about {topic} is only half true', ['provocative']),
    t('Ok wait, why does nobody talk about this {topic} thing', ['casual']),
    t('The {topic} insight most professionals learn too late', ['professional']),
    t('I wish someone had told me this about {topic} years ago', ['emotional']),
  ],
  social_proof: [
    t('Why so many {audience} are switching to this {topic} approach'),
    t('Everyone in {niche} is doing this — here’s why'),
    t('The {topic} routine everyone keeps asking me about'),
    t('You asked, so here’s exactly how I do {topic}'),
    t('{title} — the video you all asked for'),
    t('Everyone’s been asking how I do this, so here’s the answer'),
    t('The tip my comments section keeps asking about'),
    t('Hundreds of you asked for this, so here it is'),
    t('This is the most-saved tip on my page'),
    t('The advice I get thanked for the most'),
    t('Everyone I’ve shown this to has started doing it'),
    t('Why so many {audience} swear by this {topic} method', ['informative']),
    t('My comments have been begging for this {topic} tip, so fine, here it is', ['humorous']),
    t('If they can do it with {topic}, so can you', ['inspirational']),
    t('Everyone’s copying this {topic} trend — most are doing it wrong', ['provocative']),
    t('Y’all keep asking about my {topic} setup so here you go', ['casual']),
    t('What top {niche} experts do differently', ['professional']),
    t('Your messages about {topic} made me cry, so this one’s for you', ['emotional']),
  ],
  scarcity: [
    t('Only a few people know this {topic} trick'),
    t('This {topic} tip won’t stay secret for long'),
    t('I’m only sharing this {topic} method once'),
    t('{title} (before I take this down)'),
    t('Only a handful of people know this, and now you’re one of them'),
    t('I almost didn’t share this one'),
    t('Most people will never see this, so if you did, it’s a sign'),
    t('This is the tip I usually keep for my close friends'),
    t('Not many people know this one'),
    t('I’m only going to say this once'),
    t('A little-known {topic} fact most guides leave out', ['informative']),
    t('I’m gatekeeping this {topic} tip after today, so watch fast', ['humorous']),
    t('Few people ever learn this about {topic} — be one of them', ['inspirational']),
    t('The {topic} secret the big accounts won’t share', ['provocative']),
    t('Lowkey the best {topic} tip and barely anyone knows it', ['casual']),
    t('An insider {niche} technique few people outside the industry know', ['professional']),
    t('I kept this {topic} lesson to myself for years', ['emotional']),
  ],
  urgency: [
    t('Stop what you’re doing if you care about {topic}'),
    t('{audience}, stop scrolling — this is for you'),
    t('If you’re into {topic}, watch this now'),
    t('Don’t make another {topic} mistake — watch this first'),
    t('{title} — watch this before you scroll'),
    t('Stop scrolling — you need this today'),
    t('Watch this before it’s too late'),
    t('Save this now, thank me later'),
    t('Do this before you do anything else today'),
    t('If you see this, it’s your sign to start now'),
    t('Don’t scroll past this one'),
    t('The {topic} change to make this week, explained in 30 seconds', ['informative']),
    t('Drop everything. Yes, even the snacks. This {topic} tip can’t wait', ['humorous']),
    t('Start your {topic} journey today — not Monday, today', ['inspirational']),
    t('If you’re still doing {topic} the old way, stop today', ['provocative']),
    t('Okay, quick, before you scroll: this {topic} tip', ['casual']),
    t('Fix this {topic} issue before it costs you', ['professional']),
    t('Please don’t wait as long as I did to learn this about {topic}', ['emotional']),
  ],
  controversy: [
    t('Unpopular opinion: most {topic} advice is wrong'),
    t('Everyone’s wrong about {topic}, and here’s why'),
    t('I’ll get hate for this, but {topic} isn’t that complicated'),
    t('The {niche} industry doesn’t want you to know this'),
    t('{title}, and I’m not apologising'),
    t('I’ll probably get hate for this, but someone has to say it'),
    t('This is going to upset a lot of people'),
    t('Hot take: you’re overcomplicating it'),
    t('Most advice you hear about this is wrong'),
    t('Nobody wants to admit this, but it’s true'),
    t('Everyone does this, and it’s a mistake'),
    t('The {topic} myth that refuses to die, debunked', ['informative']),
    t('The {topic} crowd is going to come for me after this one', ['humorous']),
    t('They said {topic} wasn’t for people like me. They were wrong.', ['inspirational']),
    t('{topic} “experts” won’t like this one', ['provocative']),
    t('Not to be dramatic but {topic} advice online is kinda broken', ['casual']),
    t('Respectfully, most {topic} advice is outdated — here’s what works now', ['professional']),
    t('I stayed quiet about {topic} for too long', ['emotional']),
  ],
  surprise: [
    t('I tried {topic} for 30 days — here’s what happened'),
    t('I didn’t expect this from {topic}…'),
    t('Wait for the end — this {topic} twist got me'),
    t('Plot twist: {topic} was never the problem'),
    t('{title} — I did not expect that ending'),
    t('I did not see that coming'),
    t('Wait for it…'),
    t('This is not what I expected at all'),
    t('The result shocked me'),
    t('I was not ready for how this turned out'),
    t('Watch what happens next'),
    t('The surprising truth about {topic}, explained', ['informative']),
    t('I tried {topic} for a week and my cat is now concerned', ['humorous']),
    t('I almost gave up on {topic}. Then this happened.', ['inspirational']),
    t('Turns out everything I believed about {topic} was backwards', ['provocative']),
    t('Okay I was NOT ready for this {topic} thing', ['casual']),
    t('The {topic} result that surprised even me', ['professional']),
    t('I didn’t expect {topic} to change me this much', ['emotional']),
  ],
  question: [
    t('Why does nobody talk about this {topic} trick?'),
    t('Are you making this {topic} mistake too?'),
    t('What if {topic} didn’t have to be this hard?'),
    t('{audience}, have you tried this yet?'),
    t('{title} — would you try it?'),
    t('Have you been doing this wrong too?'),
    t('Why does nobody talk about this?'),
    t('Would you try this?'),
    t('Is this the easiest fix ever?'),
    t('What would you do in this situation?'),
    t('Am I the only one who didn’t know this?'),
    t('Ever wondered how {topic} actually works?', ['informative']),
    t('Is it just me, or is {topic} secretly a full-time job?', ['humorous']),
    t('What would change if you finally took {topic} seriously?', ['inspirational']),
    t('Is {topic} a total waste of time?', ['provocative']),
    t('Okay but does anyone else struggle with {topic}?', ['casual']),
    t('Is your {topic} strategy still built on outdated advice?', ['professional']),
    t('Have you ever felt like giving up on {topic}?', ['emotional']),
  ],
  challenge: [
    t('I challenge you to try this {topic} tip for 7 days'),
    t('Try this {topic} challenge and tell me how it goes'),
    t('7 days of {topic} — who’s in?'),
    t('{audience}, I challenge you to try this for one week'),
    t('{title}: the 7-day challenge'),
    t('Try this for 7 days and tell me what changes'),
    t('I bet you can’t do this on the first try'),
    t('Challenge accepted? Let’s see'),
    t('Can you last 7 days doing this?'),
    t('Day 1 of trying this every single day'),
    t('Try this with me this week'),
    t('A simple 7-day {topic} challenge, step by step', ['informative']),
    t('I tried the {topic} challenge so you don’t have to (send help)', ['humorous']),
    t('30 days of {topic}. Starting today. Who’s with me?', ['inspirational']),
    t('Most people quit this {topic} challenge by day 2. Will you?', ['provocative']),
    t('Doing a little {topic} challenge, wanna join?', ['casual']),
    t('A 7-day {topic} challenge to sharpen your skills', ['professional']),
    t('This {topic} challenge pushed me to my limit', ['emotional']),
  ],
  story: [
    t('Story time: how {topic} changed everything for me'),
    t('A year ago I knew nothing about {topic}'),
    t('This is how I got into {niche}'),
    t('The day I realised I was doing {topic} all wrong'),
    t('Story time: {detail}'),
    t('Story time: {title}'),
    t('Story time: this changed everything'),
    t('I never thought I’d share this story'),
    t('Let me tell you what happened last week'),
    t('The day everything changed for me'),
    t('This is the lesson I learned the hard way'),
    t('Here’s how it all started'),
    t('What years of {topic} taught me, in 60 seconds', ['informative']),
    t('Story time: the {topic} disaster I still laugh about', ['humorous']),
    t('From zero to confident with {topic}: my story', ['inspirational']),
    t('I ignored everything they told me about {topic}. Here’s what happened', ['provocative']),
    t('So this happened while I was doing {topic}…', ['casual']),
    t('How one {topic} decision changed the way I work', ['professional']),
    t('I’ve never told anyone this {topic} story', ['emotional']),
  ],
  other: [
    t('Here’s what you need to know about {topic}'),
    t('The {topic} tip I wish I’d had earlier'),
    t('POV: you finally found the {topic} advice that works'),
    t('{audience}, this one’s for you'),
    t('{title} — save this one'),
    t('POV: you finally found what you were looking for'),
    t('Here’s the one tip you actually need'),
    t('Save this for later — you’ll need it'),
    t('This is your sign to try something new'),
    t('Here’s something you’ll want to remember'),
    t('Quick tip before you scroll'),
    { text: '{concept}: the {topic} edition', custom: true },
    { text: '{topic}, but make it {concept}', custom: true },
    { text: '{concept} — the {topic} version nobody shows you', custom: true },
    { text: '{concept}, but make it quick', custom: true },
    { text: 'Let’s try something new: {concept}', custom: true },
    { text: '{concept} for {audience}', custom: true },
  ],
}

const CONVERSATIONAL_LEADS = new Set(['Real talk:', 'Okay so, real talk:', 'Honestly:'])

interface Phrase {
  text: string
  /** Only where it makes sense ("— fight me" after an opinion, not after a story); otherwise every concept. */
  concepts?: readonly HookConcept[]
}

const OPINION: readonly HookConcept[] = ['controversy', 'curiosity_gap', 'scarcity', 'other']
const EXPERIENCE: readonly HookConcept[] = ['story', 'surprise', 'challenge', 'other']
const TIP: readonly HookConcept[] = ['curiosity_gap', 'social_proof', 'scarcity', 'urgency', 'question', 'other']

const ph = (text: string, concepts?: readonly HookConcept[]): Phrase => (concepts ? { text, concepts } : { text })

/** How each tone shapes a general formula: a lead-in (always "…:") or a closing phrase. */
const TONE_PHRASING: Record<Exclude<ContentTone, 'other'>, { prefixes: Phrase[]; suffixes: Phrase[] }> = {
  informative: {
    prefixes: [ph('Quick lesson:', TIP), ph('Good to know:', TIP), ph('Explained:', ['surprise', 'controversy'])],
    suffixes: [ph('(save this)'), ph('(explained in 30 seconds)', TIP)],
  },
  humorous: {
    prefixes: [ph('Confession:', EXPERIENCE), ph('Not me finding out:', ['curiosity_gap', 'surprise', 'scarcity'])],
    suffixes: [ph('😂'), ph('(I’m not okay)', EXPERIENCE), ph('(send help)', ['challenge', 'story'])],
  },
  inspirational: {
    prefixes: [
      ph('Reminder:', ['urgency', 'challenge', 'curiosity_gap', 'other']),
      ph('Your sign:', ['urgency', 'challenge']),
    ],
    suffixes: [ph('— you’ve got this', ['urgency', 'challenge', 'question', 'other']), ph('✨')],
  },
  provocative: {
    prefixes: [ph('Unpopular opinion:', OPINION), ph('Hot take:', OPINION)],
    suffixes: [ph('— fight me', OPINION), ph('— change my mind', OPINION)],
  },
  casual: {
    prefixes: [ph('Real talk:'), ph('Okay so, real talk:')],
    suffixes: [ph('lol', EXPERIENCE), ph('(trust me)', TIP)],
  },
  professional: {
    prefixes: [
      ph('Pro tip:', TIP),
      ph('From experience:', ['curiosity_gap', 'controversy', 'story', 'surprise', 'other']),
    ],
    suffixes: [ph('(the short version)', TIP)],
  },
  emotional: {
    prefixes: [ph('This one’s personal:', EXPERIENCE), ph('Honestly:')],
    suffixes: [ph('❤️'), ph('— I wish I’d known sooner', ['curiosity_gap', 'urgency'])],
  },
}

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

// ---------------------------------------------------------------------------------------------------------------------
// Filling and finishing

/** Fills `{slot}`s in one pass (inserted text is never scanned again); null when a slot has no value. */
export function fill(template: string, values: Partial<Record<Slot, string>>): string | null {
  let missing = false
  const text = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name as Slot]
    if (value === undefined || value === '') {
      missing = true
      return ''
    }
    return value
  })
  return missing ? null : text
}

/** Joins keywords for a label: "a", "a + b", "a, b + c". */
function keywordLabel(keywords: readonly string[]): string {
  if (keywords.length <= 1) return keywords[0] ?? ''
  return `${keywords.slice(0, -1).join(', ')} + ${keywords[keywords.length - 1]}`
}

/** Lower-cases a template's own first word so it can follow a lead-in ("Hot take: you're …"); keeps "I", "POV". */
function lowerLead(core: string): string {
  const first = core.split(' ')[0] ?? ''
  if (KEEP_CASE_FIRST_WORDS.has(first.toLowerCase().replace(/[,:]$/, ''))) return core
  return /^[A-Z][a-z'’-]*[,:]?$/.test(first) ? first.charAt(0).toLowerCase() + core.slice(1) : core
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

export function finish(s: string): string {
  return upperFirst(tidy(s))
}

// ---------------------------------------------------------------------------------------------------------------------
// Candidates and sampling

interface Candidate {
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
function candidatesFor(concept: HookConcept, tone: ContentTone, p: Prepared, rng: () => number): Candidate[] {
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

/** Example hooks nudge the style: same opening word, similar length. They are never returned as they are. */
function styleWeight(c: Candidate, p: Prepared): number {
  if (p.examples.length === 0) return 1
  let w = 1
  if (p.exampleFirstWords.has(firstWord(c.text))) w *= 3
  const ratio = charCount(c.text) / Math.max(1, p.exampleLength)
  if (ratio > 0.6 && ratio < 1.5) w *= 1.5
  return w
}

/**
 * Picks `count` distinct hooks: weighted random order (Efraimidis–Spirakis keys), one per formula first, then any
 * distinct ones; never an example hook verbatim.
 */
function sample(candidates: Candidate[], count: number, p: Prepared, rng: () => number, spread = false): string[] {
  const exampleKeys = new Set(p.examples.map(dedupeKey))
  const seen = new Set<string>()
  const pool: (Candidate & { key: number })[] = []
  for (const c of candidates) {
    const k = dedupeKey(c.text)
    if (seen.has(k) || exampleKeys.has(k) || !acceptable(c.text, p.mustInclude)) continue
    seen.add(k)
    const w = c.weight * styleWeight(c, p)
    pool.push({ ...c, key: Math.pow(rng(), 1 / Math.max(w, 1e-6)) })
  }
  pool.sort((a, b) => b.key - a.key)

  const chosen: string[] = []
  const usedFamilies = new Set<string>()
  const usedConcepts = new Set<HookConcept>()
  const passes: ((c: Candidate) => boolean)[] = [
    (c) => !usedFamilies.has(c.family) && (!spread || !usedConcepts.has(c.concept)),
    (c) => !usedFamilies.has(c.family),
    () => true,
  ]
  for (const allowed of passes) {
    for (const c of pool) {
      if (chosen.length >= count) return chosen
      if (chosen.includes(c.text) || !allowed(c)) continue
      chosen.push(c.text)
      usedFamilies.add(c.family)
      usedConcepts.add(c.concept)
    }
  }
  return chosen
}

/** The last resort when nothing else fits: a plain hook carrying the keywords, within the length limit. */
function fallbackHook(p: Prepared): string {
  const label = keywordLabel(p.mustInclude)
  const options =
    label === '' ? ['Watch this before you scroll'] : [`${upperFirst(label)}: watch this`, upperFirst(label)]
  for (const o of options) if (charCount(o) <= HOOK_TEXT_MAX) return o
  // Must-include keywords that cannot fit together: keep as many whole keywords as fit.
  let text = ''
  for (const k of p.mustInclude) {
    const next = text === '' ? upperFirst(k) : `${text}, ${k}`
    if (charCount(next) > HOOK_TEXT_MAX) break
    text = next
  }
  return text === '' ? 'Watch this before you scroll' : text
}

function normaliseCount(count: number | undefined): number {
  if (count === undefined || !Number.isFinite(count)) return DEFAULT_COUNT
  return Math.max(1, Math.floor(count))
}

// ---------------------------------------------------------------------------------------------------------------------
// Public API

/**
 * Hook suggestions. With a concept and tone: hooks in that style. Without (the Create tab): a mix of concepts and
 * tones, written for the account's audience and niche and the video's title and description.
 * `seed`: same seed + same input → same output (tests); production passes a random seed.
 */
export function generateHooks(input: {
  context: HookContext
  concept?: HookConcept
  tone?: ContentTone
  count?: number
  seed: number
}): GeneratedHook[] {
  const rng = mulberry32(input.seed)
  const p = prepare(input.context)
  const count = normaliseCount(input.count)
  const candidates: Candidate[] = []
  const mixing = input.concept === undefined && input.tone === undefined
  const concepts: readonly HookConcept[] = input.concept
    ? [input.concept]
    : HOOK_CONCEPTS.filter((c) => c !== 'other' || p.customConcept !== '')
  const tones: readonly ContentTone[] = CONTENT_TONES.filter((x) => x !== 'other' || p.customTone !== '')
  for (const concept of concepts) {
    if (input.tone) {
      candidates.push(...candidatesFor(concept, input.tone, p, rng))
    } else {
      // Mixed tones: each concept in two tones picked at random.
      const first = pick(rng, tones) ?? 'casual'
      const second = pick(
        rng,
        tones.filter((x) => x !== first),
      )
      candidates.push(...candidatesFor(concept, first, p, rng))
      if (second)
        candidates.push(...candidatesFor(concept, second, p, rng).map((c) => ({ ...c, weight: c.weight * 0.7 })))
    }
  }
  const texts = sample(candidates, count, p, rng, mixing || input.concept === undefined)
  if (texts.length === 0) texts.push(fallbackHook(p))
  return texts.map((text) => ({ text }))
}

// ---------------------------------------------------------------------------------------------------------------------
// Content ideas

/** Video titles per concept; `{topic}` ones when there is a topic, plain ones otherwise. */
const IDEA_TITLES: Record<HookConcept, readonly string[]> = {
  curiosity_gap: [
    'The {topic} secret nobody talks about',
    'What nobody tells you about {topic}',
    'The thing nobody tells you',
    'The detail everyone misses',
    'What I wish I’d known sooner',
  ],
  social_proof: [
    'The {topic} method everyone asks me about',
    'Why everyone is switching to this {topic} approach',
    'The tip you all asked for',
    'Answering your most asked question',
    'Why everyone is doing this now',
  ],
  scarcity: [
    'The little-known {topic} trick',
    'The {topic} tip I almost kept to myself',
    'The tip almost nobody knows',
    'The secret I almost didn’t share',
    'Insider tip, shared once',
  ],
  urgency: [
    'Fix this {topic} mistake today',
    'Do this before your next {topic} session',
    'Watch before it’s too late',
    'The change to make this week',
    'Stop doing this today',
  ],
  controversy: [
    'Unpopular {topic} opinion',
    'The {topic} myth I’m done with',
    'My most unpopular opinion',
    'The advice I’ll never follow again',
    'Everyone gets this wrong',
  ],
  surprise: [
    'I tried {topic} for 30 days',
    'The {topic} result I didn’t expect',
    'The twist I didn’t see coming',
    'What happened when I tried this',
    'The result that shocked me',
  ],
  question: [
    'Are you getting {topic} wrong?',
    'The {topic} question everyone asks',
    'Would you try this?',
    'Is this the easiest fix ever?',
    'Are you making this mistake too?',
  ],
  challenge: [
    'The 7-day {topic} challenge',
    'Can you do this {topic} challenge?',
    'The 7-day challenge',
    'Try this for a week',
    'Day 1 of my new challenge',
  ],
  story: [
    'How I got into {topic}',
    'My {topic} story',
    'Story time: what changed everything',
    'The day everything changed',
    'The lesson I learned the hard way',
  ],
  other: [
    '{concept}: {topic} edition',
    '{concept}, my way',
    'The {topic} video you need',
    'Save this for later',
    'The one tip you need today',
  ],
}

/** What to film, per concept: the first sentence of an idea's description. */
const IDEA_FILMING: Record<HookConcept, readonly string[]> = {
  curiosity_gap: [
    'Open on your face with the hook as on-screen text, tease one surprising {topic} insight and only reveal it at the end.',
    'Film a quick talking-head where you hint at the answer for the first seconds and pay it off in the final shot.',
  ],
  social_proof: [
    'Show real comments or messages asking about {topic}, then walk through your answer step by step.',
    'Film a screen-recording of the questions you get most, then answer the top one on camera.',
  ],
  scarcity: [
    'Film a close-up, almost whispered walkthrough of one little-known {topic} tip, as if you were sharing a secret.',
    'Share one tip most people never hear, filmed in a single take with the key step shown up close.',
  ],
  urgency: [
    'Start mid-action with the hook on screen and show the one {topic} fix people should make today in under 30 seconds.',
    'Open with a quick “stop” gesture, then show the one change viewers should make right now.',
  ],
  controversy: [
    'State your bold {topic} opinion straight to camera, then back it up with two or three quick reasons or examples.',
    'Say the unpopular opinion first, then prove it with a quick before-and-after.',
  ],
  surprise: [
    'Film a before-and-after of trying {topic}, keeping the unexpected result for the final seconds.',
    'Set up what you expected, then cut to what actually happened for the twist.',
  ],
  question: [
    'Ask the question on screen, pause for a beat, then answer it with one clear {topic} example.',
    'Pose the question to camera, show the common answer, then show the better one.',
  ],
  challenge: [
    'Film day one of a short {topic} challenge and invite viewers to join and duet their progress.',
    'Show the challenge rules in three quick shots, then film yourself attempting it.',
  ],
  story: [
    'Tell a short personal story about {topic} with B-roll of the moments you describe, ending on the lesson.',
    'Talk to camera about the moment things changed for you, cutting to photos or clips from then and now.',
  ],
  other: [
    'Film a quick, focused video on one {topic} point, with the hook as on-screen text in the first second.',
    'Record one clear idea in under 30 seconds, with captions and a strong first frame.',
  ],
}

/** How to deliver it, per tone: the second sentence. */
const TONE_DIRECTION: Record<Exclude<ContentTone, 'other'>, readonly string[]> = {
  informative: [
    'Keep it clear and practical, with captions for each key point',
    'Explain each step simply and show it on screen',
  ],
  humorous: [
    'Keep it light, with a quick punchline or reaction shot',
    'Play up the funny moments with quick cuts and a deadpan look to camera',
  ],
  inspirational: [
    'End on an encouraging line that makes viewers want to start',
    'Keep the energy hopeful and finish with a small first step viewers can take',
  ],
  provocative: [
    'Keep the delivery bold and invite viewers to argue in the comments',
    'Say it with confidence and ask viewers whether they agree',
  ],
  casual: [
    'Film it like you’re talking to a friend, no script needed',
    'Keep it relaxed and unpolished, as if you just hit record',
  ],
  professional: [
    'Keep it polished and concise, like expert advice',
    'Use clean framing and back each point with a concrete example',
  ],
  emotional: [
    'Slow down, speak from the heart and let the moment breathe',
    'Be honest about how it felt and let a quiet moment land before the end',
  ],
}

function fitWords(text: string, max: number): string | null {
  return charCount(text) <= max ? text : null
}

function ideaTitle(concept: HookConcept, p: Prepared, topic: string, rng: () => number): string {
  const values = { topic, concept: p.customConcept, niche: p.niche, audience: p.audience }
  const options = IDEA_TITLES[concept]
    .map((tpl) => fill(tpl, values))
    .filter((s): s is string => s !== null)
    .map(finish)
    .filter((s) => charCount(s) <= IDEA_TITLE_MAX)
  return pick(rng, options) ?? 'A new video idea'
}

function ideaDescription(
  concept: HookConcept,
  tone: ContentTone,
  p: Prepared,
  topic: string,
  rng: () => number,
): string {
  const filming = IDEA_FILMING[concept].map((tpl) => fill(tpl, { topic })).filter((s): s is string => s !== null)
  const first = finish(pick(rng, filming) ?? 'Film one clear idea with the hook as on-screen text.')
  let direction =
    tone === 'other'
      ? p.customTone
        ? `Deliver it in your own style: ${p.customTone}`
        : 'Deliver it in your natural style'
      : (pick(rng, TONE_DIRECTION[tone]) ?? 'Keep it clear and simple')
  // Extras go in only while the description stays within its limit; whole phrases, never cut words.
  const extras: string[] = []
  if (p.audience) extras.push(`speak directly to ${p.audience}`)
  if (p.goal) extras.push(`close with a call to action for your goal (${lowerFirstIfPlain(p.goal)})`)
  const joined = extras.length === 0 ? '' : `, ${extras.join(' and ')}`
  if (joined && charCount(`${first} ${direction}${joined}.`) <= IDEA_DESCRIPTION_MAX) direction += joined
  else if (extras[0] && charCount(`${first} ${direction}, ${extras[0]}.`) <= IDEA_DESCRIPTION_MAX) {
    direction += `, ${extras[0]}`
  }
  if (p.customText) {
    const next = `${direction} — note: ${lowerFirstIfPlain(p.customText)}`
    if (charCount(`${first} ${next}.`) <= IDEA_DESCRIPTION_MAX) direction = next
  }
  const second = finish(endsWithPunctuation(direction) ? direction : `${direction}.`)
  return fitWords(`${first} ${second}`, IDEA_DESCRIPTION_MAX) ?? first
}

/**
 * Content ideas for a concept and tone: a video title, what to film (1–2 sentences) and its hook.
 * `seed`: same seed + same input → same output (tests); production passes a random seed.
 */
export function generateContentIdeas(input: {
  context: HookContext
  concept: HookConcept
  tone: ContentTone
  count?: number
  seed: number
}): GeneratedIdea[] {
  const count = normaliseCount(input.count)
  const hooks = generateHooks({ ...input, count })
  const rng = mulberry32(input.seed ^ 0x9e3779b9)
  const p = prepare(input.context)
  const topics = [...p.topics, ...p.mayTopics]
  const usedTitles = new Set<string>()
  return hooks.map((hook, i) => {
    const topic = topics.length > 0 ? (topics[i % topics.length] ?? '') : ''
    let title = ideaTitle(input.concept, p, topic, rng)
    for (let attempt = 0; usedTitles.has(dedupeKey(title)) && attempt < 6; attempt++) {
      title = ideaTitle(input.concept, p, pick(rng, topics) ?? '', rng)
    }
    if (usedTitles.has(dedupeKey(title))) {
      const numbered = `${title} (part ${i + 1})`
      if (charCount(numbered) <= IDEA_TITLE_MAX) title = numbered
    }
    usedTitles.add(dedupeKey(title))
    return { title, description: ideaDescription(input.concept, input.tone, p, topic, rng), hookText: hook.text }
  })
}
