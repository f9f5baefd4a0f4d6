import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Profile, UpdateProfileBody } from '@hookpost/shared/profile'
import { apiRequest } from '../../../lib/api-client'

export const profileQueryOptions = queryOptions({
  queryKey: ['profile'],
  queryFn: () => apiRequest<Profile>('/api/profile'),
})

export function useProfile() {
  return useQuery(profileQueryOptions)
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => apiRequest<Profile>('/api/profile', { method: 'PUT', body }),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions.queryKey, profile),
  })
}

/** The browser's zone, from the one place that reads it (lib/time-zones). */
export { browserTimeZone } from '../../../lib/time-zones'
