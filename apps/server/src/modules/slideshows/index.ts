export { createSlideStills, type ExtractStill, type SlideStills } from './slide-stills'
export { slideshowPaths, toSlideshowDto } from './slideshow-dto'
export type { AdoptVideo, ExportVideo } from './slideshow-export'
export {
  createSlideshowRenderService,
  DEFAULT_SLIDESHOW_RENDER_SETTINGS,
  type RenderSlide,
  type SlideshowRenderService,
  type SlideshowRenderSettings,
} from './slideshow-render.service'
export { slideshowJobHandlers } from './slideshows.jobs'
export { createSlideshowsRepository, type SlideshowsRepository } from './slideshows.repository'
export { slideshowRoutes } from './slideshows.routes'
export { createSlideshowsService, type SlideshowsService } from './slideshows.service'
