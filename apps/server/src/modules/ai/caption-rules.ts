import { POST_LIMITS, tiktokCaption } from '@hookpost/shared'
import { charCount, dedupeKey } from './hook-rules'

/**
 * What makes a written caption fit to post, whoever wrote it (issue 18, ADR 018): a title that names the video, a short
 * caption text, a few well-formed hashtags, and the whole caption TikTok receives within its 2,200 UTF-16 units.
 */

/** The post's title (its first caption line): the posts form's own limit. */
export const CAPTION_TITLE_MAX = POST_LIMITS.title
/** The caption text under the title: short, as TikTok captions that get read are (characters as people count them). */
export const CAPTION_TEXT_MAX = 300
export const HASHTAGS_MIN = 2
export const HASHTAGS_MAX = 5
/** One hashtag, '#' included. */
export const HASHTAG_MAX = 30

/** What a caption writer answers, before the rules. */
export interface WrittenCaption {
  title: string
  text: string
  hashtags: string[]
}

/** The post's title and description (TikTok receives `tiktokCaption(title, description)`). */
export interface PostCaption {
  title: string
  description: string
}

/** '#MealPrep', 'meal prep', '#meal-prep!' → '#mealprep'; null when nothing usable is left. */
export function normaliseHashtag(raw: string): string | null {
  const body = raw
    .normalize('NFKC')
    .replace(/^#+/, '')
    .replace(/[^\p{L}\p{N}_]+/gu, '')
    .toLocaleLowerCase('en')
  if (body === '' || /^\d+$/.test(body)) return null
  const tag = `#${body}`
  return charCount(tag) <= HASHTAG_MAX ? tag : null
}

/** Distinct, well-formed hashtags, in order, at most HASHTAGS_MAX. */
export function usableHashtags(raw: readonly string[]): string[] {
  const out: string[] = []
  for (const r of raw) {
    const tag = normaliseHashtag(r)
    if (tag && !out.includes(tag)) out.push(tag)
    if (out.length === HASHTAGS_MAX) break
  }
  return out
}

/** One line, single spaces, no wrapping quotes. */
function oneLine(text: string): string {
  const s = text.replace(/\s+/g, ' ').trim()
  const quoted = /^(["“'‘])(.*)(["”'’])$/.exec(s)
  return quoted?.[2] && !/["“”]/.test(quoted[2]) ? quoted[2].trim() : s
}

/** The caption text with hashtags taken out (they go on their own line), paragraphs kept, tidied. */
function captionText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .replace(/(^|\s)#[\p{L}\p{N}_]+/gu, '$1')
        .replace(/[ \t]+/g, ' ')
        .trim(),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** The caption text cut to whole sentences within `max` characters; null when not even one sentence fits. */
export function fitCaptionText(text: string, max = CAPTION_TEXT_MAX): string | null {
  if (charCount(text) <= max) return text
  const head = Array.from(text).slice(0, max).join('')
  const end = Math.max(...['. ', '! ', '? ', '… ', '.\n', '!\n', '?\n'].map((m) => head.lastIndexOf(m)))
  if (end > 0) return head.slice(0, end + 1).trim()
  return null
}

/**
 * A written caption made fit to post, or null when it cannot be: a title (1–100 characters, one line), a caption
 * text (≤ CAPTION_TEXT_MAX, whole sentences), HASHTAGS_MIN–HASHTAGS_MAX hashtags.
 */
export function usableCaption(written: WrittenCaption): WrittenCaption | null {
  const title = oneLine(written.title)
  if (title === '' || charCount(title) > CAPTION_TITLE_MAX) return null
  const inline = written.text.match(/#[\p{L}\p{N}_]+/gu) ?? []
  const text = fitCaptionText(captionText(written.text))
  if (text === null || text === '') return null
  const hashtags = usableHashtags([...written.hashtags, ...inline])
  if (hashtags.length < HASHTAGS_MIN) return null
  return { title, text, hashtags }
}

/**
 * The post's title and description: the title, then the hook line (unless the title already is it), the caption text
 * and the hashtags, each after a blank line. The whole caption is kept within TikTok's 2,200 UTF-16 units by dropping
 * hashtags, then the text (never the hook).
 */
export function composeCaption(caption: WrittenCaption, hookText: string): PostCaption {
  const title = caption.title
  const hook = hookText.trim()
  const hookShown = hook === '' || dedupeKey(title).includes(dedupeKey(hook))
  const parts = (text: string, tags: readonly string[]) =>
    [hookShown ? '' : hook, text, tags.join(' ')].filter((p) => p !== '').join('\n\n')
  let tags = [...caption.hashtags]
  let description = parts(caption.text, tags)
  while (tiktokCaption(title, description).length > POST_LIMITS.caption && tags.length > 0) {
    tags = tags.slice(0, -1)
    description = parts(caption.text, tags)
  }
  if (tiktokCaption(title, description).length > POST_LIMITS.caption) description = parts('', [])
  return { title, description }
}
