import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { automationOverviewSchema, type AutomationOverview } from '@hookpost/shared/automation'
import { apiRequest } from '../../../lib/api-client'
import { automationKey } from './automation-key'

/** GET /api/automation: the saved settings (the defaults before the first save) and the newest runs, newest first. */
export async function getAutomation(): Promise<AutomationOverview> {
  return automationOverviewSchema.parse(await apiRequest<unknown>('/api/automation'))
}

export const automationQueryOptions = queryOptions({ queryKey: automationKey, queryFn: getAutomation })

export function useAutomation() {
  return useQuery(automationQueryOptions)
}

/** The overview as the server just answered it (a save, a Run Now): no need to ask again. */
export function setCachedAutomation(queryClient: QueryClient, overview: AutomationOverview) {
  queryClient.setQueryData(automationQueryOptions.queryKey, overview)
}
