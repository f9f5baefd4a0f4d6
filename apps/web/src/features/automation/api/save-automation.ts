import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  automationOverviewSchema,
  type AutomationOverview,
  type AutomationSettingsInput,
} from '@hookpost/shared/automation'
import { apiRequest } from '../../../lib/api-client'
import { setCachedAutomation } from './get-automation'

/**
 * PUT /api/automation: the toggle and the four sub-tabs, saved together. Saving with automation on plans the coming
 * posts again (the answer's first run says what was planned); saving it off cancels the posts not yet posted.
 */
export async function saveAutomation(body: AutomationSettingsInput): Promise<AutomationOverview> {
  return automationOverviewSchema.parse(await apiRequest<unknown>('/api/automation', { method: 'PUT', body }))
}

export function useSaveAutomation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveAutomation,
    onSuccess: (overview) => setCachedAutomation(queryClient, overview),
  })
}
