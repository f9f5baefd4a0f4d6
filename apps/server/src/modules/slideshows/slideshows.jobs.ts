import type { JobHandlers } from '../../lib/job-queue'
import type { SlideshowRenderService } from './slideshow-render.service'

export function slideshowJobHandlers(
  renders: SlideshowRenderService,
): Pick<JobHandlers, 'slideshow.render' | 'slideshow.export' | 'slideshow.sweep'> {
  return {
    'slideshow.render': (payload) => renders.render(payload.slideshowId),
    'slideshow.export': (payload) => renders.export(payload.slideshowId),
    'slideshow.sweep': async () => {
      await renders.sweep()
    },
  }
}
