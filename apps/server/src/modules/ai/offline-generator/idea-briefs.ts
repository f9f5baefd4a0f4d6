import type { ContentTone } from '@hookpost/shared'
import type { Structure } from './formula-types'

/**
 * The phrase tables of content ideas (data only; used by content-ideas.ts): a title and a filming brief for each
 * hook structure, so five ideas with five different hooks get five different briefs (issue 30 item 7), and the
 * angles, settings and deliveries the brief is made of. `{topic}` is the idea's subject as it stands before a noun
 * ("emergency fund", "Notion"), `{about}` in general ("emergency funds"); `{n}` a count.
 */

/** Video titles per structure; `{topic}` ones when the idea has a subject, the plain one otherwise. */
export const IDEA_TITLES: Record<Structure, readonly string[]> = {
  question: ['The {topic} question everyone asks', 'Your {topic} questions, answered', 'The question worth asking'],
  claim: ['My honest take on {about}', 'The {topic} truth nobody posts', 'The take I stand by'],
  list: ['{n} {topic} tips worth saving', '{n} {topic} things to try this week', '{n} things worth saving'],
  pov: ['POV: {topic} finally clicks', 'The {topic} moment it all makes sense', 'The moment it all makes sense'],
  story: ['How I got into {about}', 'My {topic} story', 'The day everything changed'],
  warning: ['The {topic} mistake to stop making', 'The {topic} habit to drop', 'The mistake to stop making'],
  challenge: ['The 7-day {topic} challenge', 'Can you do this {topic} challenge?', 'The 7-day challenge'],
  before_after: ['{topic}: before and after', 'My {topic} glow-up', 'Before and after'],
  secret: ['The {topic} secret nobody shares', 'What nobody tells you about {about}', 'The thing nobody tells you'],
  proof: ['The {topic} tip you all asked for', 'Answering your {topic} questions', 'The tip you all asked for'],
  experiment: ['I tested {about} for 30 days', 'The {topic} experiment', 'What happened when I tried this'],
  howto: ['{topic}, step by step', 'How to get {topic} right', 'Step by step'],
}

/**
 * What to film, per structure: the first sentence of an idea's description — the shots and the on-screen action.
 * Two each, so a repeated structure still gets a brief of its own.
 */
export const FILMING: Record<Structure, readonly string[]> = {
  question: [
    'Put the question on screen in the first second, pause a beat, then answer it by showing one {topic} example',
    'Ask the question to camera, show the answer most people give, then cut to the one that works',
  ],
  claim: [
    'Say the claim straight to camera in one breath, then back it up with two quick {topic} shots as proof',
    'Open on the claim as bold on-screen text over B-roll, then explain it in three short cuts',
  ],
  list: [
    'Put the number on screen, give each {topic} point its own quick cut with a caption, and keep the best for last',
    'Film one close-up per point with a number sticker on each, counting down to the one that matters most',
  ],
  pov: [
    'Act out the POV without talking: the problem, the moment it clicks, the result, with the hook as on-screen text',
    'Film it from your own eyes, phone in hand, as the {topic} moment plays out, with the hook on screen',
  ],
  story: [
    'Tell it in three beats (where you started, what went wrong, what changed), with one {topic} clip for each',
    'Talk to camera about the moment things changed, cutting to old photos or clips from then and now',
  ],
  warning: [
    'Show the {topic} mistake first with a red cross on screen, then the fix side by side',
    'Start mid-mistake, freeze the frame with “stop” on screen, then show what to do instead',
  ],
  challenge: [
    'Show the {topic} challenge rules as three on-screen lines, film day one, and ask viewers to duet their attempt',
    'Film yourself trying it on camera with a day counter in the corner, ending on the invitation to join',
  ],
  before_after: [
    'Open on the before, hold it a beat, then hard-cut to the after and show the one {topic} change in between',
    'Split the screen: the before on the left, the after on the right, then walk through what changed',
  ],
  secret: [
    'Tease the {topic} secret in the first two seconds, build up with the setup, and reveal it only in the last shot',
    'Film a close-up, almost whispered walkthrough of the tip, as if you were telling a friend a secret',
  ],
  proof: [
    'Screenshot the comments asking about {about}, then answer the top one on camera',
    'Show the messages and saves this tip got, then demonstrate it in one take',
  ],
  experiment: [
    'Film a quick day-by-day montage of the {topic} test with a counter on screen, ending on the result',
    'Set up the test on camera, cut to the middle of it, and end on the honest result',
  ],
  howto: [
    'Film the {topic} steps in order, one shot per step, with a short caption on each',
    'Do it in one continuous take while you narrate each step, with the key moment shown up close',
  ],
}

/** Camera angles, one per idea of a batch so no two briefs are filmed alike. */
export const ANGLES = [
  'top-down',
  'handheld and close',
  'as a talking head at eye level',
  'over your shoulder',
  'on a tripod in one wide shot',
  'in selfie mode while you move',
]

/** Where to film, chosen by the niche's words. */
export const SETTINGS: [RegExp, string][] = [
  [
    /food|meal|cook|recipe|kitchen|dinner|lunch|bak|bread|sourdough|salmon|fryer|snack|knife|knives|chef/i,
    'at the kitchen counter',
  ],
  [/gym|workout|lift|fitness|training|strength|yoga|running|exercise/i, 'in your workout spot'],
  [/skin|beauty|makeup|hair|glow|acne|spf|nails/i, 'at the bathroom mirror in daylight'],
  [/garden|plant|tomato|grow/i, 'outside in the garden'],
  [/repair|typewriter|diy|wood|craft|sew|knit|restor/i, 'at your workbench'],
  [/clean|declutter|organi[sz]|home decor|interior/i, 'in the room you are working on'],
  [/travel|trip|hike|camp/i, 'on location'],
  [
    /saas|app|notion|software|marketing|productiv|startup|founder|crypto|wallet|financ|money|fund|pric|edit|tech/i,
    'at your desk with the screen recorded',
  ],
]
export const DEFAULT_SETTING = 'where you usually film'

/** How to deliver it, per tone. */
export const TONE_DIRECTION: Record<Exclude<ContentTone, 'other'>, readonly string[]> = {
  informative: ['keep it clear and practical, with a caption for each key point', 'explain each step simply'],
  humorous: ['keep it light, with a quick punchline or reaction shot', 'play up the funny moments with quick cuts'],
  inspirational: ['end on an encouraging line that makes viewers want to start', 'keep the energy hopeful'],
  provocative: ['keep the delivery bold and invite viewers to argue in the comments', 'say it with confidence'],
  casual: ['film it like you’re talking to a friend, no script', 'keep it relaxed, as if you just hit record'],
  professional: ['keep it polished and concise, like expert advice', 'use clean framing and a concrete example'],
  emotional: ['slow down and speak from the heart', 'be honest about how it felt and let a quiet moment land'],
}
