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

/**
 * Sandbox admin calls added with photo posts and drafts (issue 29; the sandbox's README lists the endpoints): a
 * client's verified URL properties (tiktok-api.md §3.6) and the creator's inbox buttons (tiktok-api.md §3.3), for
 * tests and dev tooling. Apart from SandboxAdmin so existing fakes of that interface stay complete.
 */
export type SandboxUrlPropertyType = 'domain' | 'url_prefix'

export interface SandboxUrlProperty {
  type: SandboxUrlPropertyType
  value: string
}

export interface SandboxPublishingAdmin {
  listUrlProperties(clientKey: string): Promise<SandboxUrlProperty[]>
  /** Adds a verified domain or URL prefix; one already there is not an error. */
  addUrlProperty(clientKey: string, property: SandboxUrlProperty): Promise<void>
  removeUrlProperty(clientKey: string, property: SandboxUrlProperty): Promise<void>
  /** The simulated creator presses "Post" or "Discard" on a draft waiting in their inbox. */
  finishInboxDraft(publishId: string, action: 'post' | 'discard'): Promise<void>
}

const urlPropertySchema = z.object({ type: z.enum(['domain', 'url_prefix']), value: z.string() })

export function createSandboxPublishingAdmin(options: {
  baseUrl: string
  adminKey: string
  fetch?: typeof fetch
  timeoutMs?: number
}): SandboxPublishingAdmin {
  const doFetch = options.fetch ?? fetch
  async function call(path: string, method: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    let response: Response
    try {
      response = await doFetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'x-sandbox-admin-key': options.adminKey,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
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
  const propertiesPath = (clientKey: string) => `/sandbox/admin/clients/${encodeURIComponent(clientKey)}/url-properties`
  const unexpected = (status: number) => new SandboxAdminError('unavailable', `The TikTok sandbox answered ${status}`)

  return {
    async listUrlProperties(clientKey) {
      const { status, body } = await call(propertiesPath(clientKey), 'GET')
      if (status !== 200) throw unexpected(status)
      const parsed = z.object({ url_properties: z.array(urlPropertySchema) }).safeParse(body)
      if (!parsed.success) throw new SandboxAdminError('unavailable', 'The TikTok sandbox sent an unexpected answer')
      return parsed.data.url_properties.map((p) => ({ type: p.type, value: p.value }))
    },
    async addUrlProperty(clientKey, property) {
      const { status } = await call(propertiesPath(clientKey), 'POST', property)
      if (status === 400) throw new SandboxAdminError('invalid', `The TikTok sandbox refused ${property.value}`)
      if (status !== 201 && status !== 409) throw unexpected(status)
    },
    async removeUrlProperty(clientKey, property) {
      const query = new URLSearchParams({ type: property.type, value: property.value })
      const { status } = await call(`${propertiesPath(clientKey)}?${query.toString()}`, 'DELETE')
      if (status !== 200 && status !== 404) throw unexpected(status)
    },
    async finishInboxDraft(publishId, action) {
      const { status } = await call(`/sandbox/admin/publishes/${encodeURIComponent(publishId)}/inbox`, 'POST', {
        action,
      })
      if (status === 409) throw new SandboxAdminError('conflict', 'The draft is not waiting in the inbox')
      if (status !== 200) throw unexpected(status)
    },
  }
}
