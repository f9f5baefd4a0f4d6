import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AppInfo } from '@hookpost/shared/meta'
import { apiRequest } from './api-client'

export const appInfoQueryOptions = queryOptions({
  queryKey: ['app-info'],
  queryFn: () => apiRequest<AppInfo>('/api/app-info'),
  staleTime: Infinity,
})

export function useAppInfo() {
  return useQuery(appInfoQueryOptions)
}
