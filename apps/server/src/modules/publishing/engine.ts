import type { TiktokClient } from '../../integrations/tiktok'
import { createBatcher } from '../../lib/batcher'
import type { SecretBox } from '../../lib/crypto'
import type { EventBus } from '../../lib/events'
import type { JobScheduler } from '../../lib/job-queue'
import { createJobRunner } from '../../lib/job-runner'
import { createLimiter, type Limiter } from '../../lib/limiter'
import type { Log } from '../../lib/log'
import type { Notify } from '../notifications'
import type { TiktokAccountsService } from '../tiktok'
import type { MediaFiles } from './media-files'
import type { PhotoUrls } from './photo-urls'
import type { PublishingSettings } from './post-state-machine'
import type { MediaRow, PostForPublishing } from './post-views.repository'
import type { PublishingRepository } from './publishing.repository'

export interface PublishingDeps {
  repo: PublishingRepository
  queue: JobScheduler
  tiktok: Pick<TiktokClient, 'initDirectPost' | 'initInboxVideo' | 'initPhotoPost' | 'uploadFile' | 'fetchStatus'>
  accounts: Pick<TiktokAccountsService, 'accessToken'>
  events: EventBus
  /** Tells the person a post failed (modules/notifications, ADR 034). */
  notify?: Notify
  media: MediaFiles
  /** The signed URLs TikTok pulls a photo post's images from (photo-urls.ts); without it photo posts fail. */
  photoUrls?: PhotoUrls
  /** Seals TikTok's upload_url while it is stored (it lets anyone upload into the post, like a token). */
  box: SecretBox
  clock: () => Date
  log: Log
  settings: PublishingSettings
}

/**
 * A post prepared ahead of its time (ADR 026): only what does not depend on what the person may still edit. The post's
 * content is read by the claim at its time, so an edit made after this is what goes out.
 */
export interface Prepared {
  postId: string
  /** The post's time when it was prepared; the claim checks the row's own time, so a post moved later is left. */
  dueAt: number
  accountId: string
  mediaId: string | null
  /** The checked file; null: missing or changed (the attempt fails at the post's time); undefined: not checked. */
  file: MediaRow | null | undefined
  /** The account's access token, fresh for at least an hour; undefined: asked for at the post's time. */
  token: string | undefined
}

/**
 * What the steps of the engine (prepare → send → upload → poll, and the sweep) share: their dependencies and the
 * little one process holds between jobs. Nothing here decides anything: the database does (publishing.service.ts).
 */
export interface Engine extends Omit<PublishingDeps, 'notify'> {
  notify: Notify
  /** The handlers running now, for a clean stop; `jobs.signal` fires when the stop abandons them. */
  jobs: ReturnType<typeof createJobRunner>
  /** video/init requests at once; uploads at once, which start when no init is waiting (ADR 026). */
  initSlots: Limiter
  uploadSlots: Limiter
  /** Marks "video/init is about to leave" for a claimed attempt; false when the attempt lost its claim. */
  markInitSending: (claim: { id: string; attempt: number }) => Promise<boolean>
  /** A post with its file, read together with the others prepared at the same moment. */
  readForPublishing: (postId: string) => Promise<PostForPublishing | undefined>
  /** Access tokens by account, shared by the posts prepared in the same few seconds (prepare.ts). */
  tokens: Map<string, { at: number; token: Promise<string> }>
  /** Posts prepared and waiting in memory for their time, by id, and the one timer that fires the next (prepare.ts). */
  arming: { armed: Map<string, Prepared>; timer: NodeJS.Timeout | undefined; timerAt: number; stopped: boolean }
  /** Posts with a publish_id waiting for an upload place, and the heartbeat they share (upload.ts). */
  waiting: { uploads: Map<string, { attempt: number; lost: AbortController }>; beat: NodeJS.Timeout | undefined }
}

export function createEngine(deps: PublishingDeps): Engine {
  const { repo, clock, settings } = deps
  return {
    ...deps,
    notify: deps.notify ?? (() => Promise.resolve()),
    jobs: createJobRunner('publisher'),
    initSlots: createLimiter(settings.initConcurrency),
    uploadSlots: createLimiter(settings.uploadConcurrency),
    /**
     * "video/init is about to leave" marks asked for while one is being written are written together: when many posts
     * fire at the same second, one statement marks them all instead of one each (PGlite has a single connection).
     */
    markInitSending: createBatcher<{ id: string; attempt: number }, boolean>(async (claims) => {
      const marked = await repo.markInitSendingInternal(claims, clock())
      return new Map(claims.map((c) => [c, marked.has(c.id)]))
    }, false),
    /** The posts (with their files) that jobs prepare at the same moment, read together. */
    readForPublishing: createBatcher<string, PostForPublishing | undefined>(async (ids) => {
      const rows = await repo.findManyForPublishingInternal(ids)
      return new Map(rows.map((r) => [r.post.id, r]))
    }, undefined),
    tokens: new Map(),
    arming: { armed: new Map(), timer: undefined, timerAt: Number.POSITIVE_INFINITY, stopped: false },
    waiting: { uploads: new Map(), beat: undefined },
  }
}

/** `ms` from now, by the engine's clock. */
export function later(engine: Pick<Engine, 'clock'>, ms: number): Date {
  return new Date(engine.clock().getTime() + ms)
}
