import { logId } from './domain/ids'
import { pruneExpired } from './domain/expired-tokens'
import { FaultState } from './domain/faults'
import { SlidingWindowLimiter } from './domain/rate-limiter'
import type { ResolvedConfig, SandboxClientApp } from './options'
import type { Creator, Publish, SandboxState } from './state/schema'
import type { StateStore } from './state/store'

export interface WebhookSender {
  start(): void
  stop(): Promise<void>
  /** Sends the events reached since the last sweep (tests call it instead of waiting for the timer). */
  sweep(): Promise<void>
}

/** Everything a route needs: config, persisted state, in-memory runtime state (faults, rate windows, transfers). */
export class Sandbox {
  readonly faults = new FaultState()
  readonly limiter = new SlidingWindowLimiter()
  /** Uploads with a chunk being written right now (chunks are sequential, tiktok-api.md §3.5 rule 5). */
  readonly uploadsInFlight = new Set<string>()
  /** Running PULL_FROM_URL downloads, by publish id. */
  readonly pulls = new Map<string, AbortController>()
  /** Outgoing webhook events (tiktok-api.md §3.8): a domain/webhooks.ts dispatcher, attached by app.ts. */
  webhooks: WebhookSender = { start: () => undefined, stop: async () => undefined, sweep: async () => undefined }
  private baseUrl: string

  constructor(
    readonly config: ResolvedConfig,
    readonly store: StateStore,
    readonly filesDir: string,
    publicUrl: string,
  ) {
    this.baseUrl = trimSlash(publicUrl)
  }

  get state(): SandboxState {
    return this.store.state
  }

  now(): number {
    return this.config.now()
  }

  logId(): string {
    return logId(this.now())
  }

  /** Drops expired tokens and codes, then persists (resolves once on disk). */
  save(): Promise<void> {
    pruneExpired(this.state, this.now())
    return this.store.save()
  }

  get publicUrl(): string {
    return this.baseUrl
  }

  setPublicUrl(url: string): void {
    this.baseUrl = trimSlash(url)
  }

  client(clientKey: string | undefined): Required<SandboxClientApp> | undefined {
    return clientKey === undefined ? undefined : this.config.clients.get(clientKey)
  }

  /** The `unaudited` fault overrides every client's audit status while it is set. */
  isAudited(clientKey: string): boolean {
    const forced = this.faults.current.unaudited
    if (forced !== undefined) return !forced
    return this.client(clientKey)?.audited ?? false
  }

  creator(openId: string): Creator | undefined {
    return this.state.creators[openId]
  }

  creatorByUsername(username: string): Creator | undefined {
    const wanted = username.toLowerCase()
    return Object.values(this.state.creators).find((c) => c.username === wanted)
  }

  publishesOf(openId: string): Publish[] {
    return Object.values(this.state.publishes)
      .filter((p) => p.openId === openId)
      .sort((a, b) => b.createdAt - a.createdAt)
  }

  publishByPostId(postId: string): Publish | undefined {
    return Object.values(this.state.publishes).find((p) => p.postId === postId)
  }

  avatarUrl(creator: Creator, size?: number): string {
    return `${this.baseUrl}/avatars/${encodeURIComponent(creator.openId)}.svg${size ? `?size=${size}` : ''}`
  }

  mediaUrl(publish: Publish): string {
    return `${this.baseUrl}/media/${publish.fileName}`
  }

  videoPageUrl(publish: Publish): string {
    return `${this.baseUrl}/videos/${publish.postId}`
  }

  embedUrl(publish: Publish): string {
    return `${this.baseUrl}/embed/${publish.postId}`
  }

  coverUrl(publish: Publish): string {
    return `${this.baseUrl}/covers/${publish.postId}.svg`
  }

  profileUrl(creator: Creator): string {
    return `${this.baseUrl}/creators/${encodeURIComponent(creator.username)}`
  }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}
