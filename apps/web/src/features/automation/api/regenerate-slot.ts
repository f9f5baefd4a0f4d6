import { useMutation, useQueryClient } from '@tanstack/react-query'
import { automationOverviewSchema, type AutomationOverview } from '@hookpost/shared/automation'
import { apiRequest } from '../../../lib/api-client'
import { setCachedAutomation } from './get-automation'

/**
 * POST /api/automation/slots/:slotId/regenerate (ADR 050): a new hook and caption for a planned post that has not gone
 * out, and its video rendered again with it; the post keeps its time and waits for approval again. The answer shows it
 * under way (`regenerating`); the rest comes live. 409 with why once it went out, was rejected or its time passed.
 */
export async function regenerateSlot(slotId: string): Promise<AutomationOverview> {
  const path = `/api/automation/slots/${encodeURIComponent(slotId)}/regenerate`
  return automationOverviewSchema.parse(await apiRequest<unknown>(path, { method: 'POST', body: {} }))
}

export function useRegenerateSlot() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: regenerateSlot,
    onSuccess: (overview) => setCachedAutomation(queryClient, overview),
  })
}
