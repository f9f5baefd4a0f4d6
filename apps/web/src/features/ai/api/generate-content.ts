import { useMutation } from '@tanstack/react-query'
import { generateContentResponseSchema, type GenerateContentInput } from '@hookpost/shared/ai'
import { apiRequest } from '../../../lib/api-client'

/** POST /api/generate?type=video-content (product.md §7): content ideas for a concept and tone, for the account. */
export async function generateContent(body: GenerateContentInput) {
  const payload = await apiRequest<unknown>('/api/generate?type=video-content', { method: 'POST', body })
  return generateContentResponseSchema.parse(payload)
}

export function useGenerateContent() {
  return useMutation({ mutationFn: generateContent })
}
