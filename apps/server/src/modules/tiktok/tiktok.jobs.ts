import type { JobHandlers } from '../../lib/job-queue'
import type { TiktokAccountsService } from './accounts.service'

export function tiktokJobHandlers(accounts: TiktokAccountsService): Pick<JobHandlers, 'tiktok.refresh-tokens'> {
  return {
    'tiktok.refresh-tokens': async () => {
      await accounts.refreshDue()
    },
  }
}
