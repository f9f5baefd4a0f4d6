import type { ServerEvent } from '@hookpost/shared'
import type { EventBus } from '../../../lib/events'
import type { JobName, JobScheduler } from '../../../lib/job-queue'

/** The job queue as a list of what was asked of it. */
export function recordingQueue() {
  const calls: {
    op: 'send' | 'reschedule' | 'cancel'
    name: JobName
    payload?: unknown
    singletonKey?: string | undefined
    startAfter?: Date | undefined
    inTransaction: boolean
  }[] = []
  const queue: JobScheduler = {
    async send(name, payload, options) {
      calls.push({
        op: 'send',
        name,
        payload,
        singletonKey: options?.singletonKey,
        startAfter: options?.startAfter,
        inTransaction: options?.tx !== undefined,
      })
      return 'job-id'
    },
    async reschedule(name, payload, options) {
      calls.push({
        op: 'reschedule',
        name,
        payload,
        singletonKey: options.singletonKey,
        startAfter: options.startAfter,
        inTransaction: options.tx !== undefined,
      })
    },
    async cancelQueued(name, singletonKey, options) {
      calls.push({ op: 'cancel', name, singletonKey, inTransaction: options?.tx !== undefined })
      return 0
    },
  }
  return { queue, calls }
}

/** An event bus that keeps what was published, per user. */
export function recordingBus() {
  const published: { userId: string; event: ServerEvent }[] = []
  const bus: EventBus = {
    publish: (userId, event) => void published.push({ userId, event }),
    subscribe: () => () => undefined,
    close: async () => undefined,
  }
  return { bus, published }
}

export const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined }
