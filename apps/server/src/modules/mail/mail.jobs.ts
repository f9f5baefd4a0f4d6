import { JOBS, type JobHandlers } from '../../lib/job-queue'
import type { MailService } from './mail.service'

export function mailJobHandlers(mail: MailService): Pick<JobHandlers, 'mail.send'> {
  return {
    'mail.send': (payload, job) =>
      mail.deliver(payload.outboxId, {
        retryCount: job.retryCount,
        lastAttempt: job.retryCount >= JOBS['mail.send'].queue.retryLimit,
      }),
  }
}
