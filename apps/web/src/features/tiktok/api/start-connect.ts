import { useMutation } from '@tanstack/react-query'
import { connectStartResponseSchema } from '@hookpost/shared/tiktok'
import { apiRequest } from '../../../lib/api-client'

export type ConnectStart = { accountId?: string; returnTo?: string }

/**
 * POST /api/tiktok/connect: the server creates the single-use `state` and answers with TikTok's (or the sandbox's)
 * authorize URL. `accountId` reconnects an existing account, or connects one that was added by hand; `returnTo` is the
 * app place the callback page comes back to (kept with the state on the server).
 */
export async function startTiktokConnect(body: ConnectStart): Promise<string> {
  const payload = await apiRequest<unknown>('/api/tiktok/connect', { method: 'POST', body })
  const { authorizeUrl } = connectStartResponseSchema.parse(payload)
  // Only ever navigate to a web page: never follow a `javascript:` or other scheme, whatever the answer says.
  const url = new URL(authorizeUrl, window.location.origin)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('Unexpected authorize URL')
  return url.href
}

/** Starts the connect flow and leaves the app for the authorize page (a full-page navigation, not a popup). */
export function useStartTiktokConnect() {
  return useMutation({
    mutationFn: startTiktokConnect,
    onSuccess: (authorizeUrl) => window.location.assign(authorizeUrl),
  })
}
