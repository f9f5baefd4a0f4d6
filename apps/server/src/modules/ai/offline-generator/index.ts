/**
 * The built-in offline generator (the default AI writer): hooks and content ideas from a curated library of hook
 * formulas, filled from the account and the video. Pure and deterministic per seed — no I/O, no model.
 *
 * Templates use `{slot}` placeholders filled in a single pass, so user text is never re-read as a template (a niche
 * of "{audience}" stays literal). A template whose slots cannot be filled is skipped, never left with a hole.
 */

export { generateHooks, type GeneratedHook } from './hooks'
export { generateContentIdeas, type GeneratedIdea } from './content-ideas'
export { cleanValue, fill, finish, lowerFirstIfPlain } from './hook-text'
export { nounLikeTitle } from './prepared-context'
