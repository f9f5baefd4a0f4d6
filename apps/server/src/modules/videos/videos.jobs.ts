import type { JobHandlers } from '../../lib/job-queue'
import type { VideoRenderService } from './video-render.service'

export function videoJobHandlers(renders: VideoRenderService): Pick<JobHandlers, 'video.render' | 'video.sweep'> {
  return {
    'video.render': (payload) => renders.render(payload.videoId),
    'video.sweep': async () => {
      await renders.sweep()
    },
  }
}
