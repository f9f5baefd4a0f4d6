// The publishing engine (exactly once to TikTok, ADR 008/019/026): its service, jobs, queries and settings.
export { createPublishingService, type PostPublishing, type PublishingService } from './publishing.service'
export { publishingJobHandlers } from './publishing.jobs'
export { createPublishingRepository, type PublishingRepository } from './publishing.repository'
export { DEFAULT_PUBLISHING_SETTINGS, IN_FLIGHT_STATES, type PublishingSettings } from './post-state-machine'
export { mediaFilesOf, type MediaFiles } from './media-files'
// The post row and the post as the UI shows it: the engine announces posts on live events, the posts API serves them.
export {
  postIdentityColumns,
  readPostViews,
  withPostJoins,
  type MediaRow,
  type PhotoSetRow,
  type PostRow,
  type PostView,
} from './post-views.repository'
export { toPostDto } from './post-dto'
// What tells posts apart (issue 30, ADR 047): the columns every read of posts selects, and the view made of them.
export { toPostIdentity, type PostIdentity, type PostIdentityRow } from './post-identity'
// Photo posts (issue 29): the signed URLs TikTok pulls images from, and the public route that serves them.
export { createPhotoUrls, photoUrlKey, PHOTO_URL_TTL_MS, type PhotoUrls } from './photo-urls'
export { publicPhotoRoutes, type PublicPhotoDeps } from './photo-urls.routes'
