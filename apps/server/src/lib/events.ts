import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { z } from 'zod'
import { serverEventSchema, type ServerEvent } from '@hookpost/shared'
import type { Log as BaseLog } from './log'

/**
 * Live events for a user's open tabs (the SSE stream, GET /api/events). Whoever changes a post publishes; every
 * process serving that user's streams receives. With PGlite there is one process, so an in-process bus is enough;
 * with PostgreSQL the worker that published a post is usually not the API process holding the stream, so events travel
 * over LISTEN/NOTIFY. Delivery is best effort: a stream that was disconnected reloads what it shows when it reconnects.
 */
export interface EventBus {
  /** Never throws and never waits: a failed delivery is logged, the change that caused it stands. */
  publish(userId: string, event: ServerEvent): void
  /** Returns the unsubscribe function. */
  subscribe(userId: string, listener: (event: ServerEvent) => void): () => void
  close(): Promise<void>
}

type Listener = (event: ServerEvent) => void

type Log = Pick<BaseLog, 'warn' | 'error'>

/** Subscribers of this process, by user. */
function createListenerRegistry(log: Log) {
  const byUser = new Map<string, Set<Listener>>()
  return {
    add(userId: string, listener: Listener): () => void {
      let set = byUser.get(userId)
      if (!set) {
        set = new Set()
        byUser.set(userId, set)
      }
      set.add(listener)
      return () => {
        const current = byUser.get(userId)
        current?.delete(listener)
        if (current?.size === 0) byUser.delete(userId)
      }
    },
    dispatch(userId: string, event: ServerEvent) {
      for (const listener of byUser.get(userId) ?? []) {
        try {
          listener(event)
        } catch (err) {
          log.error('[events] a listener failed', err)
        }
      }
    },
    clear() {
      byUser.clear()
    },
  }
}

/** One process (PGlite): publish calls the user's listeners directly. */
export function createInProcessEventBus(log: Log): EventBus {
  const listeners = createListenerRegistry(log)
  return {
    publish: (userId, event) => listeners.dispatch(userId, event),
    subscribe: (userId, listener) => listeners.add(userId, listener),
    async close() {
      listeners.clear()
    },
  }
}

/**
 * The channel the database's `session_ended` trigger NOTIFYs (payload: the user id) whenever rows of `session` are
 * deleted: sign-out, password reset, or any other code or person deleting sessions (migration 0008). Open event
 * streams of that user then check their sessions at once (ADR 021).
 */
export const SESSIONS_CHANNEL = 'hookpost_sessions'

/**
 * The channel the database's `hookpost_posts_changed` triggers NOTIFY (payload: the user id) after any write to the
 * rows a calendar answer is made of (migration 0032): every API process drops that person's cached answers (ADR 053).
 */
export const POSTS_CHANNEL = 'hookpost_posts'

/** User ids the database announced on one channel, by anyone, in any process. */
export interface UserIdFeed {
  /** Returns the unsubscribe function. */
  subscribe(listener: (userId: string) => void): () => void
}

/** User ids whose sessions were just deleted in the database. */
export type SessionEndFeed = UserIdFeed

/**
 * User ids whose posts (or what their calendar shows of them) just changed. `reset` fires when announcements may have
 * been missed (the LISTEN connection dropped, or came back): anything remembered may be out of date. `listening` is
 * false while nothing would be heard.
 */
export interface PostsChangedFeed extends UserIdFeed {
  onReset(listener: () => void): () => void
  readonly listening: boolean
}

function createUserIdFanout(log: Log) {
  const listeners = new Set<(userId: string) => void>()
  return {
    feed: {
      subscribe(listener: (userId: string) => void) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    } satisfies UserIdFeed,
    dispatch(userId: string) {
      for (const listener of listeners) {
        try {
          listener(userId)
        } catch (err) {
          log.error('[events] a feed listener failed', err)
        }
      }
    },
    clear: () => listeners.clear(),
  }
}

/** A posts feed over a fan-out: `reset()` tells its reset listeners; `listening` is whatever the owner says. */
function createPostsFanout(log: Log, listening: () => boolean) {
  const changed = createUserIdFanout(log)
  const resets = new Set<() => void>()
  return {
    feed: {
      ...changed.feed,
      onReset(listener: () => void) {
        resets.add(listener)
        return () => resets.delete(listener)
      },
      get listening() {
        return listening()
      },
    } satisfies PostsChangedFeed,
    dispatch: changed.dispatch,
    reset() {
      for (const listener of resets) listener()
    },
    clear() {
      changed.clear()
      resets.clear()
    },
  }
}

type PgliteListen = (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>

/**
 * A feed on PGlite: its own LISTEN on `channel` (PGlite delivers NOTIFYs within the process, in a microtask queued
 * while the committing statement's answer is read, so before the writer's own code goes on). `listen` is PGlite's.
 */
function createPgliteFeed<F>(
  channel: string,
  listen: PgliteListen,
  fanout: { feed: F; dispatch(userId: string): void; clear(): void },
): { feed: F; ready: Promise<void>; close(): Promise<void> } {
  let unlisten: (() => Promise<void>) | undefined
  const ready = listen(channel, (payload) => fanout.dispatch(payload)).then((stop) => {
    unlisten = stop
  })
  return {
    feed: fanout.feed,
    ready,
    async close() {
      fanout.clear()
      await ready.catch(() => undefined)
      await unlisten?.().catch(() => undefined)
    },
  }
}

export function createPgliteSessionFeed(
  listen: PgliteListen,
  log: Log,
): SessionEndFeed & { ready: Promise<void>; close(): Promise<void> } {
  const { feed, ready, close } = createPgliteFeed(SESSIONS_CHANNEL, listen, createUserIdFanout(log))
  return { ...feed, ready, close }
}

/** PGlite is one process and its own listener is never cut off: always listening, never reset. */
export function createPglitePostsFeed(
  listen: PgliteListen,
  log: Log,
): { feed: PostsChangedFeed; ready: Promise<void>; close(): Promise<void> } {
  return createPgliteFeed(
    POSTS_CHANNEL,
    listen,
    createPostsFanout(log, () => true),
  )
}

export const EVENTS_CHANNEL = 'hookpost_events'
/**
 * PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. A post event can exceed that (a 2,200-character description
 * in a script of 3-byte characters), so the JSON text is cut into slices of this many UTF-16 units: at most 6 bytes
 * each once JSON-escaped, so every part stays far below the limit.
 */
export const NOTIFY_SLICE = 1000

/** One NOTIFY payload: part `i` of `n` of the JSON text `{userId, event}` of message `id`. */
interface WirePart {
  id: string
  i: number
  n: number
  d: string
}

/** Cuts a message into NOTIFY payloads (pure, for tests). */
export function encodeNotifyParts(userId: string, event: ServerEvent, id: string = randomUUID()): string[] {
  const text = JSON.stringify({ userId, event })
  const n = Math.max(1, Math.ceil(text.length / NOTIFY_SLICE))
  return Array.from({ length: n }, (_, i) =>
    JSON.stringify({ id, i, n, d: text.slice(i * NOTIFY_SLICE, (i + 1) * NOTIFY_SLICE) } satisfies WirePart),
  )
}

const wirePartSchema = z
  .object({
    id: z.string().min(1).max(64),
    i: z.number().int().min(0),
    n: z.number().int().min(1).max(1000),
    d: z.string(),
  })
  .refine((part) => part.i < part.n)

/**
 * Puts NOTIFY payloads back together (parts may arrive from several connections, in any order). Incomplete messages
 * are dropped after `ttlMs`. Returns the message once its last part arrived.
 */
export function createNotifyAssembler(options: { ttlMs: number; now: () => number }) {
  const pending = new Map<string, { parts: (string | undefined)[]; received: number; firstAt: number }>()
  return {
    accept(payload: string): { userId: string; event: ServerEvent } | undefined {
      const now = options.now()
      for (const [id, entry] of pending) if (now - entry.firstAt > options.ttlMs) pending.delete(id)
      let part: WirePart
      try {
        const parsed = wirePartSchema.safeParse(JSON.parse(payload))
        if (!parsed.success) return undefined
        part = parsed.data
      } catch {
        return undefined
      }
      let entry = pending.get(part.id)
      if (!entry) {
        entry = { parts: Array.from({ length: part.n }, () => undefined), received: 0, firstAt: now }
        pending.set(part.id, entry)
      }
      if (entry.parts.length !== part.n || entry.parts[part.i] !== undefined) return undefined
      entry.parts[part.i] = part.d
      entry.received++
      if (entry.received < part.n) return undefined
      pending.delete(part.id)
      try {
        const message = JSON.parse(entry.parts.join('')) as { userId?: unknown; event?: unknown }
        const event = serverEventSchema.safeParse(message.event)
        if (typeof message.userId !== 'string' || !event.success) return undefined
        return { userId: message.userId, event: event.data }
      } catch {
        return undefined
      }
    },
    get pendingCount() {
      return pending.size
    },
  }
}

/**
 * PostgreSQL LISTEN/NOTIFY on channel `hookpost_events`: a dedicated connection listens (and reconnects with back-off
 * when it drops); NOTIFYs go through a small pool. A process receives its own notifications too, so local streams are
 * served the same way as remote ones. The same connection listens on `hookpost_sessions` for `sessionsEnded` and on
 * `hookpost_posts` for `postsChanged`; PostgreSQL delivers one connection's notifications in commit order, so a post's
 * `hookpost_posts` (sent by the trigger as the write commits) always comes before its live event (sent after).
 */
export function createPgEventBus(options: {
  url: string
  log: Log
  channel?: string
  /** Reconnect back-off: this, doubled per failure, capped at 30 s. */
  reconnectMs?: number
}): EventBus & { ready: Promise<void>; sessionsEnded: SessionEndFeed; postsChanged: PostsChangedFeed } {
  const channel = options.channel ?? EVENTS_CHANNEL
  const log = options.log
  const listeners = createListenerRegistry(log)
  const sessions = createUserIdFanout(log)
  const posts = createPostsFanout(log, () => client !== undefined)
  const assembler = createNotifyAssembler({ ttlMs: 10_000, now: Date.now })
  const pool = new pg.Pool({ connectionString: options.url, max: 2 })
  pool.on('error', (err) => log.warn(`[events] idle publish connection failed: ${err.message}`))
  let client: pg.Client | undefined
  let closed = false
  let failures = 0
  let retryTimer: NodeJS.Timeout | undefined

  const scheduleReconnect = () => {
    if (closed || retryTimer) return
    const delay = Math.min(30_000, (options.reconnectMs ?? 500) * 2 ** Math.min(failures, 6))
    failures++
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      void connect()
    }, delay)
    retryTimer.unref()
  }

  async function connect(): Promise<void> {
    if (closed) return
    const next = new pg.Client({ connectionString: options.url })
    next.on('notification', (message) => {
      if (message.channel === SESSIONS_CHANNEL && message.payload) return sessions.dispatch(message.payload)
      if (message.channel === POSTS_CHANNEL && message.payload) return posts.dispatch(message.payload)
      if (message.channel !== channel || message.payload === undefined) return
      const complete = assembler.accept(message.payload)
      if (complete) listeners.dispatch(complete.userId, complete.event)
    })
    next.on('error', (err) => {
      log.warn(`[events] the LISTEN connection failed: ${err.message}; reconnecting`)
      if (client === next) {
        client = undefined
        posts.reset()
      }
      next.end().catch(() => undefined)
      scheduleReconnect()
    })
    next.on('end', () => {
      if (client === next) {
        client = undefined
        posts.reset()
        scheduleReconnect()
      }
    })
    try {
      await next.connect()
      await next.query(
        [channel, SESSIONS_CHANNEL, POSTS_CHANNEL].map((name) => `LISTEN ${next.escapeIdentifier(name)};`).join(' '),
      )
      if (closed) {
        await next.end()
        return
      }
      client = next
      failures = 0
      // What was announced while no connection listened is lost: whatever was remembered meanwhile is forgotten.
      posts.reset()
    } catch (err) {
      log.warn(`[events] could not LISTEN: ${err instanceof Error ? err.message : String(err)}; retrying`)
      next.end().catch(() => undefined)
      scheduleReconnect()
    }
  }

  const ready = connect()

  return {
    ready,
    sessionsEnded: sessions.feed,
    postsChanged: posts.feed,
    publish(userId, event) {
      if (closed) return
      const parts = encodeNotifyParts(userId, event)
      void (async () => {
        for (const part of parts) await pool.query('SELECT pg_notify($1, $2)', [channel, part])
      })().catch((err: unknown) => log.error('[events] NOTIFY failed', err))
    },
    subscribe: (userId, listener) => listeners.add(userId, listener),
    async close() {
      closed = true
      if (retryTimer) clearTimeout(retryTimer)
      listeners.clear()
      sessions.clear()
      posts.clear()
      const current = client
      client = undefined
      await current?.end().catch(() => undefined)
      await pool.end().catch(() => undefined)
    },
  }
}
