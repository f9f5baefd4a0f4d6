import type { ContentTone } from '@hookpost/shared'
import { f, voiced, type Formula, type Structure } from './formula-types'

/**
 * Hook formulas of the concepts that lean on the creator's own voice and experience: social proof, controversy,
 * challenge, story, and "other" (with the person's own concept words). Slots as documented in formula-types.ts.
 */
export const VOICE_FORMULAS: Record<
  'social_proof' | 'controversy' | 'challenge' | 'story' | 'other',
  readonly Formula[]
> = {
  social_proof: [
    f('proof', 'You asked for my {mod} routine, so here it is'),
    f('proof', 'Why so many {audience} are switching to this {mod} trick'),
    f('claim', 'Why everyone’s suddenly talking about {np}'),
    f('list', '{n} {mod} tips my comments keep asking for'),
    f('question', 'Why does everyone keep asking me about {np}?'),
    f('pov', 'POV: your {mod} finally gets the compliments'),
    f('before_after', 'My {mod} before vs after your best tips'),
    f('experiment', 'I tested your top {mod} tips so you don’t have to'),
    f('challenge', 'Everyone’s doing this {mod} challenge. Here’s mine'),
    f('warning', 'Everyone’s copying this {mod} trend, and most get it wrong'),
    f('proof', 'Want the {mod} tip everyone keeps asking me for?'),
    f('list', 'Which of these {n} {mod} tips do you want next?'),
    f('challenge', 'Have you tried the {mod} trick everyone’s talking about?'),
    f('pov', '{audience}, have you tried this {mod} trick yet?'),
    f('proof', 'Everyone’s been asking how I do this, so here it is'),
    f('claim', 'This is the most-saved tip on my page'),
    f('question', 'Why is everyone suddenly doing this?'),
    f('pov', 'POV: your friends start copying you'),
    f('story', 'I tried the tip you all sent me'),
    voiced('informative', 'proof', 'Why so many people swear by this {mod} method'),
    voiced('humorous', 'proof', 'My comments begged for this {mod} tip, so fine, here it is'),
    voiced('inspirational', 'claim', 'If they can figure out {np}, so can you'),
    voiced('provocative', 'warning', 'Everyone’s copying this {mod} trend. Most are doing it wrong'),
    voiced('casual', 'proof', 'Y’all keep asking about my {mod} setup, so here you go'),
    voiced('professional', 'claim', 'What top {mod} experts do differently'),
    voiced('emotional', 'story', 'Your messages about {np} made me cry, so this one’s for you'),
  ],
  controversy: [
    f('claim', 'Unpopular opinion: most {mod} advice is wrong'),
    f('claim', 'Hot take: {np} {is} overrated', { needs: 'noun' }),
    f('warning', 'You’re probably {doing} wrong'),
    f('list', '{n} {mod} “rules” I stopped following'),
    f('question', '{is} {np} overrated, or is it just me?', { needs: 'noun' }),
    f('story', 'I’ll get hate for this, but {np} {is} easier than they say'),
    f('pov', 'POV: you stop following every {mod} trend'),
    f('before_after', 'What {mod} advice says vs what actually works'),
    f('claim', '{audience}, you don’t need another {mod} hack'),
    f('list', 'Which of these {n} {mod} “rules” do you still follow?'),
    f('warning', 'Are you still falling for this {mod} myth?'),
    f('story', 'Want the {mod} opinion that got me the most hate?'),
    f('secret', 'Is most {mod} advice actually wrong?'),
    f('story', 'I’ll probably get hate for this, but someone has to say it'),
    f('claim', 'Hot take: you’re overcomplicating it'),
    f('warning', 'Most advice you hear about this is wrong'),
    f('question', 'Is it just me, or is this overrated?'),
    f('pov', 'POV: you stop following the rules'),
    f('list', '3 “rules” I stopped following'),
    voiced('informative', 'claim', 'The {mod} myth that refuses to die, debunked'),
    voiced('humorous', 'claim', 'The {mod} crowd is going to come for me after this one'),
    voiced('inspirational', 'story', 'They said {np} {was}n’t for people like me. They were wrong'),
    voiced('provocative', 'claim', '{mod} “experts” won’t like this one'),
    voiced('casual', 'claim', 'Not to be dramatic, but most {mod} advice online is kinda broken'),
    voiced('professional', 'claim', 'Respectfully, most {mod} advice is outdated. Here’s what works now'),
    voiced('emotional', 'story', 'I stayed quiet about {np} for too long'),
  ],
  challenge: [
    f('challenge', '7 days of {np}. Who’s in?', { needs: 'doable' }),
    f('challenge', 'I challenge you to try this {mod} trick for 7 days'),
    f('story', 'Day 1 of fixing my {mod} for good'),
    f('list', '{n} {mod} challenges to try this week'),
    f('question', 'Can you go 7 days without this {mod} mistake?'),
    f('before_after', 'Day 1 vs day 30 of {np}', { needs: 'doable' }),
    f('pov', 'POV: it’s day 7 of the {mod} challenge'),
    f('experiment', 'I did the {mod} challenge so you don’t have to'),
    f('warning', 'Most people quit this {mod} challenge by day 2'),
    f('claim', '{audience}, this {mod} challenge is for you'),
    f('challenge', 'Can you do this {mod} challenge for 7 days?'),
    f('list', 'Which of these {n} {mod} challenges would you try?'),
    f('before_after', 'Want to see day 30 of my {mod} challenge?'),
    f('proof', 'Who’s joining me for 7 days of {np}?', { needs: 'doable' }),
    f('challenge', 'Try this for 7 days and tell me what changes'),
    f('claim', 'I bet you can’t do this on the first try'),
    f('question', 'Can you last 7 days doing this?'),
    f('pov', 'POV: it’s day 7 and you haven’t quit'),
    f('warning', 'Most people quit this by day 2'),
    voiced('informative', 'howto', 'A simple 7-day {mod} challenge, step by step'),
    voiced('humorous', 'experiment', 'I tried the {mod} challenge so you don’t have to (send help)'),
    voiced('inspirational', 'challenge', '30 days of {np}. Starting today. Who’s with me?', 'doable'),
    voiced('provocative', 'question', 'Most people quit this {mod} challenge by day 2. Will you?'),
    voiced('casual', 'challenge', 'Doing a little {mod} challenge, wanna join?'),
    voiced('professional', 'challenge', 'A 7-day {mod} challenge to sharpen your skills'),
    voiced('emotional', 'story', 'This {mod} challenge pushed me to my limit'),
  ],
  story: [
    f('story', 'A year ago I knew nothing about {np}'),
    f('story', 'Story time: the {mod} mistake that changed everything'),
    f('claim', 'How {np} changed everything for me'),
    f('pov', 'POV: you finally figure out {np}'),
    f('before_after', 'Me before {np} vs me now'),
    f('question', 'Want to know how I got into {np}?'),
    f('list', '{n} things {np} taught me the hard way'),
    f('warning', 'The day I realised I was {my_doing} all wrong'),
    f('claim', 'What I wish every {one} knew about {np}'),
    f('secret', 'Want to know what {np} taught me the hard way?'),
    f('warning', 'Ever had {a_mod} day go this wrong?'),
    f('experiment', 'Can you guess where my {mod} story ends?'),
    f('before_after', 'Want to see me before and after {np}?'),
    f('story', 'Story time: this changed everything'),
    f('story', 'I never thought I’d share this'),
    f('claim', 'Let me tell you what happened last week'),
    f('pov', 'POV: you finally tell the whole story'),
    f('before_after', 'Me a year ago vs me now'),
    f('list', '3 things I learned the hard way'),
    voiced('informative', 'story', 'What years of {np} taught me, in 60 seconds', 'doable'),
    voiced('humorous', 'story', 'Story time: the {mod} disaster I still laugh about'),
    voiced('inspirational', 'before_after', 'From zero to confident with {np}: my story'),
    voiced('provocative', 'story', 'I ignored everything they told me about {np}. Here’s what happened'),
    voiced('casual', 'story', 'So this happened while I was {my_doing}'),
    voiced('professional', 'story', 'How one {mod} decision changed the way I work'),
    voiced('emotional', 'story', 'I’ve never told anyone this {mod} story'),
  ],
  other: [
    f('howto', 'Here’s what you need to know about {np}'),
    f('story', 'The {mod} tip I wish I’d had earlier'),
    f('pov', 'POV: you finally found {mod} advice that works'),
    f('list', '{n} {mod} tips worth saving'),
    f('question', 'Are you overthinking {np}?'),
    f('warning', 'Stop overcomplicating {np}'),
    f('before_after', 'My {mod} before vs after'),
    f('challenge', 'Try this {mod} trick for a week'),
    f('claim', '{audience}, this one’s for you'),
    f('list', 'Which of these {n} {mod} tips do you need most?'),
    f('warning', 'Still struggling with {np}?'),
    f('story', 'Want the {mod} tip I wish I’d had earlier?'),
    f('challenge', 'Could you try this {mod} trick for a week?'),
    f('claim', 'Save this for later, you’ll need it'),
    f('claim', 'This is your sign to try something new'),
    f('howto', 'Here’s the one tip you actually need'),
    f('pov', 'POV: you finally found what you were looking for'),
    f('question', 'Have you tried this yet?'),
    f('warning', 'Don’t skip this one'),
  ],
}

/** Concept "other": the person's own words for it ("myth busting", "behind the scenes"). */
export const CUSTOM_CONCEPT_FORMULAS: readonly Formula[] = [
  f('claim', '{concept}, {mod} edition'),
  f('claim', '{mod}, but make it {concept}'),
  f('list', '{concept}: {n} {mod} tips'),
  f('question', 'Who wants some {concept} on {np}?'),
]

/** Tone "other": the person's own words for it, as an adjective ("deadpan") or a manner ("like a pirate"). */
export const CUSTOM_TONE_FORMULAS: readonly Formula[] = [
  f('claim', 'The most {tone} {mod} tip you’ll hear today'),
  f('howto', 'A very {tone} guide to {np}'),
  f('list', '{n} {mod} tips, but make it {tone}'),
  f('howto', '{np}, explained {manner}'),
]

/** A lead-in or closing phrase a tone adds to a formula of these structures (never to a voiced one). */
export interface ToneTouch {
  text: string
  at: 'start' | 'end'
  structures: readonly Structure[]
}

const touch = (at: ToneTouch['at'], text: string, structures: readonly Structure[]): ToneTouch => ({
  text,
  at,
  structures,
})

const STATEMENTS: readonly Structure[] = ['claim', 'secret', 'proof', 'howto', 'warning', 'story', 'experiment']

export const TONE_TOUCHES: Record<Exclude<ContentTone, 'other'>, readonly ToneTouch[]> = {
  informative: [
    touch('start', 'Quick lesson:', ['secret', 'claim', 'howto']),
    touch('end', '(save this)', ['list', 'howto']),
  ],
  humorous: [
    touch('end', '😂', ['story', 'experiment', 'claim', 'pov']),
    touch('end', '(send help)', ['challenge', 'story']),
  ],
  inspirational: [touch('end', '✨', STATEMENTS), touch('start', 'Reminder:', ['warning'])],
  provocative: [
    touch('start', 'Hot take:', ['claim', 'secret', 'warning']),
    touch('end', '(change my mind)', ['claim', 'secret']),
  ],
  casual: [
    touch('start', 'Okay but', ['question']),
    touch('start', 'Real talk:', ['claim', 'warning', 'secret']),
    touch('end', 'lol', ['story', 'experiment']),
  ],
  professional: [
    touch('start', 'Pro tip:', ['howto', 'secret', 'warning']),
    touch('start', 'From experience:', ['story', 'claim']),
  ],
  emotional: [touch('end', '❤️', ['story', 'claim', 'before_after']), touch('start', 'Honestly,', ['claim', 'story'])],
}
