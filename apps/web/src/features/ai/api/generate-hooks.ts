import { useMutation } from '@tanstack/react-query'
import { generateHooksResponseSchema, type GenerateHooksInput, type GenerateHooksResponse } from '@hookpost/shared/ai'
import { apiRequest } from '../../../lib/api-client'

/** POST /api/generate?type=hooks (product.md §7): suggestions for a video, written for the account. */
export async function generateHooks(body: GenerateHooksInput): Promise<GenerateHooksResponse> {
  const payload = await apiRequest<unknown>('/api/generate?type=hooks', { method: 'POST', body })
  return generateHooksResponseSchema.parse(payload)
}

export function useGenerateHooks() {
  return useMutation({ mutationFn: generateHooks })
}
