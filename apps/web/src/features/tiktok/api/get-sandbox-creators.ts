import { queryOptions, useQuery } from '@tanstack/react-query'
import { sandboxCreatorListSchema, type SandboxCreator } from '@hookpost/shared/tiktok'
import { apiRequest } from '../../../lib/api-client'

export const sandboxCreatorsKey = ['tiktok', 'sandbox-creators'] as const

/** GET /api/tiktok/sandbox/creators (public; 404 when the real TikTok is configured). */
export async function getSandboxCreators(): Promise<{ creators: SandboxCreator[]; sandboxUrl: string }> {
  const payload = await apiRequest<unknown>('/api/tiktok/sandbox/creators')
  return sandboxCreatorListSchema.parse(payload)
}

export const sandboxCreatorsQueryOptions = queryOptions({
  queryKey: sandboxCreatorsKey,
  queryFn: getSandboxCreators,
})

/** Asks only while the sandbox is in use (app-info `tiktokSandbox`). */
export function useSandboxCreators(enabled: boolean) {
  return useQuery({ ...sandboxCreatorsQueryOptions, enabled })
}
