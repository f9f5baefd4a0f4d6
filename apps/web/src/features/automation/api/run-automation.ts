import { useMutation, useQueryClient } from '@tanstack/react-query'
import { automationOverviewSchema, type AutomationOverview } from '@hookpost/shared/automation'
import { apiRequest } from '../../../lib/api-client'
import { setCachedAutomation } from './get-automation'

/**
 * POST /api/automation/run-now: makes one post now with the saved settings (ADR 050). The answer's first run is the new
 * one. Refused (400) with the spec's reason when automation is off or lacks an account, videos or days.
 */
export async function runAutomation(): Promise<AutomationOverview> {
  const payload = await apiRequest<unknown>('/api/automation/run-now', { method: 'POST', body: {} })
  return automationOverviewSchema.parse(payload)
}

export function useRunAutomation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: runAutomation,
    onSuccess: (overview) => setCachedAutomation(queryClient, overview),
  })
}
