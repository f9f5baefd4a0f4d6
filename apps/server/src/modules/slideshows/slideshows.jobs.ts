import type { JobHandlers } from '../../lib/job-queue'
import type { SlideshowRenderService } from './slideshow-render.service'

export function slideshowJobHandlers(
  renders: SlideshowRenderService,
): Pick<JobHandlers, 'slideshow.render' | 'slideshow.export' | 'slideshow.sweep'> {
  return {
    // The payload's slideshow only woke the job: what starts is the fairest one that may start (ADR 059).
    'slideshow.render': () => renders.render(),
    'slideshow.export': () => renders.export(),
    'slideshow.sweep': async () => {
      await renders.sweep()
    },
  }
}
