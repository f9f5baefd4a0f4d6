import type { JobHandlers } from '../../lib/job-queue'
import type { PublishingService } from './publishing.service'

export function publishingJobHandlers(
  publishing: PublishingService,
): Pick<JobHandlers, 'post.publish' | 'post.upload' | 'post.poll' | 'post.sweep'> {
  return {
    'post.publish': (payload) => publishing.publish(payload.postId),
    'post.upload': (payload) => publishing.resumeUpload(payload),
    'post.poll': (payload) => publishing.poll(payload),
    'post.sweep': async () => {
      await publishing.sweep()
    },
  }
}
