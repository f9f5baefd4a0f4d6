export { createImagesRepository, type ImagesRepository } from './images.repository'
export { imageRoutes } from './images.routes'
export {
  createImagesService,
  imageFileUrl,
  SAVED_IMAGES_LIMIT,
  UNSAVED_IMAGE_TTL_MS,
  type ImagesService,
} from './images.service'
