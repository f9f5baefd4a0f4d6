import type { MailTransport, OutgoingMail } from '../../integrations/mail'
import type { JobQueue } from '../../lib/job-queue'
import type { MailRepository } from './mail.repository'

export interface MailService {
  /** Stores the mail and queues its delivery; returns once both are durable. */
  send(mail: OutgoingMail & { userId: string | null }): Promise<string>
  /** The `mail.send` job: idempotent (a mail already sent is not sent again). */
  deliver(outboxId: string, attempt: { retryCount: number; lastAttempt: boolean }): Promise<void>
}

export function createMailService(deps: {
  repo: MailRepository
  queue: JobQueue
  transport: MailTransport
  clock?: () => Date
}): MailService {
  const now = deps.clock ?? (() => new Date())
  return {
    async send(mail) {
      const row = await deps.repo.insert(mail)
      await deps.queue.send('mail.send', { outboxId: row.id }, { singletonKey: row.id })
      return row.id
    },
    async deliver(outboxId, attempt) {
      const row = await deps.repo.findById(outboxId)
      if (!row || row.status === 'sent') return
      try {
        await deps.transport.deliver(row)
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err)
        if (attempt.lastAttempt) await deps.repo.markFailed(outboxId, reason)
        else await deps.repo.recordError(outboxId, reason)
        throw err
      }
      await deps.repo.markSent(outboxId, deps.transport.kind, now())
    },
  }
}
