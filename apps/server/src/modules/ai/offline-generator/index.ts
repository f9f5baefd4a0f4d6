/**
 * The built-in offline generator (the default AI writer, ADR 013 and ADR 046): hooks and content ideas from a library
 * of hook formulas whose slots fit the kind of phrase they take, filled from what the title, the keywords and the
 * account say, in the style of the creator's example hooks. Pure and deterministic per seed — no I/O, no model.
 *
 * Templates use `{slot}` placeholders filled in a single pass, so user text is never re-read as a template (a niche
 * of "{audience}" stays literal). A template whose slots cannot be filled is skipped, never left with a hole.
 */

export { generateHooks, type GeneratedHook } from './hooks'
export { generateContentIdeas, type GeneratedIdea } from './content-ideas'
export { cleanValue, fill, finish, lowerFirstIfPlain } from './hook-text'
export { nounSubject, readTitle, type Subject } from './topic-phrase'
