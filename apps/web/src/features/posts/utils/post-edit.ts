import type { Post, PrivacyLevel } from '@hookpost/shared/posts'
import type { EditPostInput } from '@hookpost/shared/posts-changes'
import { instantToZoned } from '@hookpost/shared/time'
import type { CommercialChoice } from './schedule-form'

/**
 * What the Edit post dialog holds: the post's caption, TikTok settings, its account, a replacement for its video or
 * slideshow ('' while it keeps its own, issue 30 item 5), and its time as a date and time in a zone.
 */
export type PostEditValues = {
  accountId: string
  mediaId: string
  slideshowId: string
  title: string
  description: string
  privacyLevel: PrivacyLevel | ''
  allowComment: boolean
  allowDuet: boolean
  allowStitch: boolean
  commercial: CommercialChoice
  date: string
  time: string
  timeZone: string
}
export type PostEditField = keyof PostEditValues

/** The video a post will send instead of its own (issue 30 item 5): a media file of the person's. */
export type ReplacementVideo = { mediaId: string; name: string; durationMs: number }
export type PostEditErrors = Partial<Record<PostEditField, string>>

/** The fields a server issue (`details[].path`) can be shown at; any other issue is the form's. */
export const POST_EDIT_FIELDS: readonly PostEditField[] = [
  'accountId',
  'mediaId',
  'slideshowId',
  'title',
  'description',
  'privacyLevel',
  'allowComment',
  'allowDuet',
  'allowStitch',
  'date',
  'time',
  'timeZone',
]

export function postEditValues(post: Post): PostEditValues {
  const { date, time } = instantToZoned(new Date(post.scheduledAt), post.timeZone)
  return {
    accountId: post.accountId,
    mediaId: '',
    slideshowId: '',
    title: post.title,
    description: post.description,
    privacyLevel: post.privacyLevel,
    allowComment: post.allowComment,
    allowDuet: post.allowDuet,
    allowStitch: post.allowStitch,
    commercial: post.commercial,
    date,
    time,
    timeZone: post.timeZone,
  }
}

/** Only what the person changed: an unchanged time is not sent (it may have passed, and its job need not move). */
export function changedFields(before: PostEditValues, after: PostEditValues): EditPostInput {
  const body: EditPostInput = {}
  if (after.accountId !== before.accountId) body.accountId = after.accountId
  if (after.mediaId) body.mediaId = after.mediaId
  if (after.slideshowId) body.slideshowId = after.slideshowId
  if (after.title !== before.title) body.title = after.title
  if (after.description !== before.description) body.description = after.description
  if (after.privacyLevel !== before.privacyLevel && after.privacyLevel !== '') body.privacyLevel = after.privacyLevel
  if (after.allowComment !== before.allowComment) body.allowComment = after.allowComment
  if (after.allowDuet !== before.allowDuet) body.allowDuet = after.allowDuet
  if (after.allowStitch !== before.allowStitch) body.allowStitch = after.allowStitch
  // The disclosure as it will go out: with it off, the two boxes do not count.
  const disclosed = (c: CommercialChoice) =>
    c.enabled ? c : { enabled: false, yourBrand: false, brandedContent: false }
  const [was, now] = [disclosed(before.commercial), disclosed(after.commercial)]
  if (was.enabled !== now.enabled || was.yourBrand !== now.yourBrand || was.brandedContent !== now.brandedContent) {
    body.commercial = now
  }
  if (after.date !== before.date || after.time !== before.time || after.timeZone !== before.timeZone) {
    body.date = after.date
    body.time = after.time
    body.timeZone = after.timeZone
  }
  return body
}
