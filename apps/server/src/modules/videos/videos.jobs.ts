import type { JobHandlers } from '../../lib/job-queue'
import type { VideoRenderService } from './video-render.service'

export function videoJobHandlers(renders: VideoRenderService): Pick<JobHandlers, 'video.render' | 'video.sweep'> {
  return {
    // The payload's video only woke the job: the render started is the fairest one that may start (ADR 055).
    'video.render': () => renders.render(),
    'video.sweep': async () => {
      await renders.sweep()
    },
  }
}
