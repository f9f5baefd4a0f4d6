import type { CalendarPost, Post } from '@hookpost/shared'
import type { CalendarPostRow, PostView } from './posts.repository'

/** The API's (and the live events') view of a post: never the row itself (style.md rule 2). */
export function toPostDto(view: PostView): Post {
  return {
    id: view.id,
    accountId: view.accountId,
    account: view.account,
    title: view.title,
    description: view.description,
    privacyLevel: view.privacyLevel,
    allowComment: !view.disableComment,
    allowDuet: !view.disableDuet,
    allowStitch: !view.disableStitch,
    commercial: {
      enabled: view.brandContentToggle || view.brandOrganicToggle,
      yourBrand: view.brandOrganicToggle,
      brandedContent: view.brandContentToggle,
    },
    scheduledAt: view.scheduledAt.toISOString(),
    timeZone: view.timeZone,
    state: view.state,
    source: view.source,
    errorMessage: view.errorMessage,
    tiktokPostId: view.tiktokPostId,
    publishedAt: view.publishedAt ? view.publishedAt.toISOString() : null,
    media: view.media,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
  }
}

/** The calendar's and the List view's view of a post: what their cells and rows show, nothing more. */
export function toCalendarPostDto(row: CalendarPostRow): CalendarPost {
  return {
    id: row.id,
    accountId: row.accountId,
    account: { accountName: row.accountName, accountUsername: row.accountUsername, sandbox: row.accountSandbox },
    title: row.title,
    scheduledAt: row.scheduledAt.toISOString(),
    timeZone: row.timeZone,
    state: row.state,
    source: row.source,
    errorMessage: row.errorMessage,
  }
}
