import type { JobHandlers } from '../../lib/job-queue'
import type { StatsSyncService } from './stats-sync.service'

export function statsSyncJobHandlers(sync: StatsSyncService): Pick<JobHandlers, 'analytics.sweep' | 'analytics.sync'> {
  return {
    'analytics.sweep': async () => {
      await sync.sweep()
    },
    'analytics.sync': (payload) => sync.sync(payload),
  }
}
