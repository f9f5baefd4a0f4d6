import type { Post } from '@hookpost/shared'
import type { PostView } from './post-views.repository'

/** The API's (and the live events') view of a post: never the row itself (style.md rule 2). */
export function toPostDto(view: PostView): Post {
  return {
    id: view.id,
    accountId: view.accountId,
    account: view.account,
    format: view.format,
    postMode: view.postMode,
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
    rejectedAt: view.rejectedAt ? view.rejectedAt.toISOString() : null,
    tiktokPostId: view.tiktokPostId,
    publishedAt: view.publishedAt ? view.publishedAt.toISOString() : null,
    media: view.media,
    photos: view.photos,
    autoAddMusic: view.autoAddMusic,
    ...view.identity,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
  }
}
