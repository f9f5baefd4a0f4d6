import { createHmac } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Sandbox } from '../sandbox'
import type { Publish } from '../state/schema'
import { publishView } from './publish-status'

/**
 * Outgoing webhooks (tiktok-api.md §3.8), small on purpose: Hookpost polls status/fetch; these exist so a client can
 * be tested against them. A sweep every `webhookIntervalMs` computes each publish's events from its status (which is
 * derived from timestamps, domain/publish-status.ts) and queues those not sent yet; a delivery is retried 3 times
 * with doubling delays (TikTok: exponential back-off for up to 72 h), so delivery is at least once.
 *
 * Unconfirmed and chosen here: `publish_type` is DIRECT_PUBLISH for a Direct Post (TikTok documents only INBOX_SHARE);
 * the event is spelled `post.publish.publicly_available` (an older copy says `publicaly`); `post_id` is a string.
 */
export const WEBHOOK_RETRIES = 3

export type WebhookEvent =
  'post.publish.inbox_delivered' | 'post.publish.complete' | 'post.publish.publicly_available' | 'post.publish.failed'

interface Delivery {
  url: string
  secret: string
  body: string
}

/** `TikTok-Signature: t=<unix>,s=<hex>`, s = HMAC-SHA256(client_secret, t + "." + raw body) (tiktok-api.md §3.8). */
export function signWebhook(secret: string, unixSeconds: number, body: string): string {
  const s = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')
  return `t=${unixSeconds},s=${s}`
}

/** The events a publish has reached by `now`, in the order they happen. */
export function eventsOf(
  publish: Publish,
  now: number,
): Array<{ event: WebhookEvent; content: Record<string, unknown> }> {
  const view = publishView(publish, now)
  const publishType = publish.mode === 'inbox' ? 'INBOX_SHARE' : 'DIRECT_PUBLISH'
  const base = { publish_id: publish.publishId, publish_type: publishType }
  const out: Array<{ event: WebhookEvent; content: Record<string, unknown> }> = []
  const reachedInbox =
    publish.mode === 'inbox' &&
    (view.status === 'SEND_TO_USER_INBOX' || publish.inboxPostedAt !== null || publish.inboxDiscardedAt !== null)
  if (reachedInbox) out.push({ event: 'post.publish.inbox_delivered', content: base })
  if (view.status === 'PUBLISH_COMPLETE') out.push({ event: 'post.publish.complete', content: base })
  const postId = view.publicPostIds[0]
  if (postId) out.push({ event: 'post.publish.publicly_available', content: { ...base, post_id: postId } })
  if (view.status === 'FAILED')
    out.push({ event: 'post.publish.failed', content: { ...base, reason: view.failReason } })
  return out
}

export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined
  private readonly pending = new Set<Promise<void>>()
  private stopped = false
  private readonly stopping = new AbortController()

  constructor(private readonly sandbox: Sandbox) {}

  start(): void {
    this.timer = setInterval(() => void this.sweep(), this.sandbox.config.webhookIntervalMs)
    this.timer.unref()
  }

  /** Stops sweeping and retrying; deliveries in flight are awaited. */
  async stop(): Promise<void> {
    this.stopped = true
    this.stopping.abort()
    clearInterval(this.timer)
    await Promise.allSettled([...this.pending])
  }

  /** Queues every new event (also called by tests); resolves once their first attempts are done. */
  async sweep(): Promise<void> {
    const { sandbox } = this
    const now = sandbox.now()
    const sent: Promise<void>[] = []
    let changed = false
    for (const publish of Object.values(sandbox.state.publishes)) {
      const hook = sandbox.state.webhooks[publish.clientKey]
      const secret = sandbox.client(publish.clientKey)?.clientSecret
      if (!hook || !secret || publish.createdAt < hook.since) continue
      for (const { event, content } of eventsOf(publish, now)) {
        if (publish.webhookEvents.includes(event)) continue
        publish.webhookEvents.push(event)
        changed = true
        const body = JSON.stringify({
          client_key: publish.clientKey,
          event,
          create_time: Math.floor(now / 1000),
          user_openid: publish.openId,
          content: JSON.stringify(content),
        })
        sent.push(this.track(this.deliver({ url: hook.url, secret, body }, 0)))
      }
    }
    if (changed) await sandbox.save()
    await Promise.all(sent)
  }

  private track(promise: Promise<void>): Promise<void> {
    this.pending.add(promise)
    return promise.finally(() => this.pending.delete(promise))
  }

  private async deliver(delivery: Delivery, attempt: number): Promise<void> {
    if (this.stopped) return
    const t = Math.floor(this.sandbox.now() / 1000)
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'tiktok-signature': signWebhook(delivery.secret, t, delivery.body),
        },
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(10_000)]),
      })
      await response.body?.cancel().catch(() => undefined)
      if (response.status === 200) return
    } catch {
      // retried below
    }
    if (attempt >= WEBHOOK_RETRIES || this.stopped) return
    const delay = this.sandbox.config.webhookRetryMs * 2 ** attempt
    try {
      await sleep(delay, undefined, { signal: this.stopping.signal, ref: false })
    } catch {
      return // stopped while waiting
    }
    await this.deliver(delivery, attempt + 1)
  }
}

/** The client's `webhookUrl` option is the initial webhook: set at start when the state has none. */
export function seedConfiguredWebhooks(sandbox: Sandbox): void {
  for (const client of sandbox.config.clients.values()) {
    if (client.webhookUrl && !sandbox.state.webhooks[client.clientKey]) {
      sandbox.state.webhooks[client.clientKey] = { url: client.webhookUrl, since: sandbox.now() }
    }
  }
}
