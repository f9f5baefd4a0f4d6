export { createVideoDraftsRepository, type VideoDraftsRepository } from './video-drafts.repository'
export { videoDraftRoutes } from './video-drafts.routes'
export { createVideoDraftsService, type VideoDraftsService } from './video-drafts.service'
