import type { ContentTone, HookConcept } from '@hookpost/shared'

/** The phrase tables of content ideas (data only; used by content-ideas.ts). */

/** Video titles per concept; `{topic}` ones when there is a topic, plain ones otherwise. */
export const IDEA_TITLES: Record<HookConcept, readonly string[]> = {
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
export const IDEA_FILMING: Record<HookConcept, readonly string[]> = {
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
export const TONE_DIRECTION: Record<Exclude<ContentTone, 'other'>, readonly string[]> = {
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
