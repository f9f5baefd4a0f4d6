import type { ContentTone, HookConcept } from '@hookpost/shared'

/** The library of hook formulas and how each tone phrases them (data only; used by hook-candidates.ts). */

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
export const LIBRARY: Record<HookConcept, readonly Template[]> = {
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

export const CONVERSATIONAL_LEADS = new Set(['Real talk:', 'Okay so, real talk:', 'Honestly:'])

export interface Phrase {
  text: string
  /** Only where it makes sense ("— fight me" after an opinion, not after a story); otherwise every concept. */
  concepts?: readonly HookConcept[]
}

const OPINION: readonly HookConcept[] = ['controversy', 'curiosity_gap', 'scarcity', 'other']

const EXPERIENCE: readonly HookConcept[] = ['story', 'surprise', 'challenge', 'other']

const TIP: readonly HookConcept[] = ['curiosity_gap', 'social_proof', 'scarcity', 'urgency', 'question', 'other']

export const ph = (text: string, concepts?: readonly HookConcept[]): Phrase =>
  concepts ? { text, concepts } : { text }

/** How each tone shapes a general formula: a lead-in (always "…:") or a closing phrase. */
export const TONE_PHRASING: Record<Exclude<ContentTone, 'other'>, { prefixes: Phrase[]; suffixes: Phrase[] }> = {
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
