import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sandboxCreatorSchema, type createSandboxCreatorBodySchema, type SandboxCreator } from '@hookpost/shared/tiktok'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { sandboxCreatorsKey } from './get-sandbox-creators'

const createdCreatorSchema = z.object({ creator: sandboxCreatorSchema })

/** POST /api/tiktok/sandbox/creators (201; 409 when the username is taken). */
export async function createSandboxCreator(
  body: z.output<typeof createSandboxCreatorBodySchema>,
): Promise<SandboxCreator> {
  const payload = await apiRequest<unknown>('/api/tiktok/sandbox/creators', { method: 'POST', body })
  return createdCreatorSchema.parse(payload).creator
}

export function useCreateSandboxCreator() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createSandboxCreator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sandboxCreatorsKey }),
  })
}
