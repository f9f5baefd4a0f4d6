import { z } from 'zod'

/**
 * The sandbox's admin API (apps/tiktok-sandbox), reached over HTTP like TikTok itself. Used only while the sandbox
 * stands in for TikTok: `/dummy-account` lists and creates sandbox creators through it. The admin key is the sandbox
 * client's secret, so it stays on the server.
 */
const creatorSchema = z.object({
  open_id: z.string(),
  display_name: z.string(),
  username: z.string(),
  avatar_url: z.string(),
  is_private: z.boolean(),
  created_at: z.string(),
})

export interface SandboxCreatorRecord {
  openId: string
  displayName: string
  username: string
  avatarUrl: string
  isPrivate: boolean
  createdAt: string
}

export class SandboxAdminError extends Error {
  constructor(
    readonly kind: 'conflict' | 'unavailable' | 'invalid',
    message: string,
  ) {
    super(message)
    this.name = 'SandboxAdminError'
  }
}

export interface SandboxAdmin {
  readonly url: string
  listCreators(): Promise<SandboxCreatorRecord[]>
  createCreator(input: { displayName: string; username: string; isPrivate: boolean }): Promise<SandboxCreatorRecord>
}

function toRecord(c: z.infer<typeof creatorSchema>): SandboxCreatorRecord {
  return {
    openId: c.open_id,
    displayName: c.display_name,
    username: c.username,
    avatarUrl: c.avatar_url,
    isPrivate: c.is_private,
    createdAt: new Date(c.created_at).toISOString(),
  }
}

export function createSandboxAdmin(options: {
  baseUrl: string
  adminKey: string
  fetch?: typeof fetch
  timeoutMs?: number
}): SandboxAdmin {
  const doFetch = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 10_000

  async function call(
    path: string,
    init: { method: string; body?: unknown },
  ): Promise<{ status: number; body: unknown }> {
    let response: Response
    try {
      response = await doFetch(`${options.baseUrl}${path}`, {
        method: init.method,
        headers: {
          accept: 'application/json',
          'x-sandbox-admin-key': options.adminKey,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch {
      throw new SandboxAdminError('unavailable', `The TikTok sandbox at ${options.baseUrl} is not answering`)
    }
    const text = await response.text()
    try {
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null }
    } catch {
      throw new SandboxAdminError('unavailable', `The TikTok sandbox answered ${response.status} without JSON`)
    }
  }

  return {
    url: options.baseUrl,
    async listCreators() {
      const { status, body } = await call('/sandbox/admin/creators', { method: 'GET' })
      if (status !== 200) throw new SandboxAdminError('unavailable', `The TikTok sandbox answered ${status}`)
      const parsed = z.object({ creators: z.array(creatorSchema) }).safeParse(body)
      if (!parsed.success) throw new SandboxAdminError('unavailable', 'The TikTok sandbox sent an unexpected answer')
      return parsed.data.creators.map(toRecord)
    },
    async createCreator(input) {
      const { status, body } = await call('/sandbox/admin/creators', {
        method: 'POST',
        body: { display_name: input.displayName, username: input.username, is_private: input.isPrivate },
      })
      if (status === 409) throw new SandboxAdminError('conflict', `The username @${input.username} is already taken`)
      if (status === 400) throw new SandboxAdminError('invalid', 'The TikTok sandbox refused these details')
      if (status !== 201 && status !== 200) throw new SandboxAdminError('unavailable', `The sandbox answered ${status}`)
      const parsed = z.object({ creator: creatorSchema }).safeParse(body)
      if (!parsed.success) throw new SandboxAdminError('unavailable', 'The TikTok sandbox sent an unexpected answer')
      return toRecord(parsed.data.creator)
    },
  }
}
