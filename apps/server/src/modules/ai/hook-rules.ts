import { HOOK_TEXT_MAX } from '@hookpost/shared'

/**
 * What makes a hook or content idea fit to show, whoever wrote it (the offline generator or a model): lengths counted
 * as people count characters, the person's must-include keywords in every hook, no two alike in one batch.
 */

/** A content idea's title and description limits (characters). */
export const IDEA_TITLE_MAX = 100
export const IDEA_DESCRIPTION_MAX = 300

/** Characters as people count them (an emoji is one). */
export const charCount = (s: string): number => Array.from(s).length

/** Same text for de-duplication: case-insensitive, whitespace-normalised, ignoring trailing punctuation. */
export function dedupeKey(s: string): string {
  return s
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.!?…]+$/, '')
    .trim()
}

export const containsCI = (text: string, needle: string): boolean => text.toLowerCase().includes(needle.toLowerCase())

/** Whether a finished hook is fit to show: not blank, at most HOOK_TEXT_MAX, every must-include keyword in it. */
export function acceptableHook(text: string, mustInclude: readonly string[]): boolean {
  if (text.trim() === '' || charCount(text) > HOOK_TEXT_MAX) return false
  return mustInclude.every((k) => containsCI(text, k))
}
