import { queryOptions, useQuery } from '@tanstack/react-query'
import { creatorInfoSchema, type CreatorInfo } from '@hookpost/shared/posts'
import { apiRequest } from '../../../lib/api-client'

/**
 * GET /api/tiktok/accounts/:id/creator-info: who receives the post and what they allow right now. TikTok requires the
 * latest values whenever the posting page renders (tiktok-api.md §3.1, §6 rule 1), so nothing is cached past its use,
 * and it is not refetched on focus either: TikTok allows 20 of these calls a minute per token.
 */
export async function getCreatorInfo(accountId: string): Promise<CreatorInfo> {
  const payload = await apiRequest<unknown>(`/api/tiktok/accounts/${encodeURIComponent(accountId)}/creator-info`)
  return creatorInfoSchema.parse(payload)
}

export function creatorInfoQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: ['creator-info', accountId] as const,
    queryFn: () => getCreatorInfo(accountId),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  })
}

/** `enabled` false for an account that cannot post anyway (not connected): the server would only answer 409. */
export function useCreatorInfo(accountId: string, enabled = true) {
  return useQuery({ ...creatorInfoQueryOptions(accountId), enabled })
}
