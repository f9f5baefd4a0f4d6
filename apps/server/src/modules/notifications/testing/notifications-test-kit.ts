import type { Database } from '../../../db/client'
import type { EventBus } from '../../../lib/events'
import type { JobQueue } from '../../../lib/job-queue'
import { createMailRepository, createMailService } from '../../mail'
import { createNotificationsRepository } from '../notifications.repository'
import { createNotificationsService } from '../notifications.service'

/**
 * `count` notification services on one database, as separate workers would have them (their own repositories, the
 * outbox for mail, the given clock): what tests race against each other to show nothing is sent twice.
 */
export function notificationWorkers(
  count: number,
  {
    db,
    queue,
    events,
    publicUrl,
    clock,
  }: { db: Database; queue: JobQueue; events: EventBus; publicUrl: string; clock: () => Date },
) {
  return Array.from({ length: count }, () => {
    const mail = createMailService({
      repo: createMailRepository(db),
      queue,
      transport: { kind: 'outbox', deliver: async () => undefined },
    })
    return createNotificationsService({
      repo: createNotificationsRepository(db),
      sendMail: (m) => mail.send(m),
      events,
      publicUrl,
      clock,
      log: { warn: () => undefined, error: () => undefined },
    })
  })
}
