import type { JobHandlers } from '../../lib/job-queue'
import type { AutomationService } from './automation.service'

export function automationJobHandlers(
  automation: AutomationService,
): Pick<JobHandlers, 'automation.plan' | 'automation.slot' | 'automation.sweep'> {
  return {
    'automation.plan': async () => {
      await automation.planAll()
    },
    'automation.slot': (payload) => automation.advance(payload.slotId),
    'automation.sweep': async () => {
      await automation.sweep()
    },
  }
}
