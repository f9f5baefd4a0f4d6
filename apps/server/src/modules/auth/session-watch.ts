import type { Log } from '../../lib/log'

/** A signed-in session something long-lived (a live event stream) belongs to. */
export interface WatchedSession {
  id: string
  userId: string
  expiresAt: Date
}

export interface SessionWatchDeps {
  /** Of `ids`, the sessions still valid at `now`, with their current expiry (sessionsRepository.findLive). */
  findLive: (ids: readonly string[], now: Date) => Promise<Map<string, Date>>
  /** The clock session expiry is judged by: better-auth's, the system's (tests move it). */
  clock: () => Date
  log: Pick<Log, 'warn'>
  /**
   * Every watched session is checked again this often: the net under every way a session can end, including code
   * that deletes sessions without anyone telling us. Nudges and expiry timers make the usual cases immediate.
   */
  intervalMs?: number
}

export interface SessionWatch {
  /** Calls `onEnd` once, soon after the session is deleted or expires. Returns the function that stops watching. */
  watch(session: WatchedSession, onEnd: () => void): () => void
  /** Sessions of this user were deleted somewhere (the database said so): check theirs now. */
  nudge(userId: string): void
  /** Stops every timer; nothing is ended. */
  stop(): void
}

export const SESSION_CHECK_INTERVAL_MS = 15_000
/** setTimeout's ceiling (about 24.8 days); a later expiry is re-armed when that timer fires. */
const MAX_TIMER_MS = 2 ** 31 - 1
/** Ids per query: keeps the statement small however many streams one process holds. */
const BATCH = 500

interface Entry {
  userId: string
  expiresAt: Date
  listeners: Set<() => void>
  timer: NodeJS.Timeout | undefined
}

/**
 * Ends what belongs to a session when the session ends (ADR 021), in every process holding some of it. The cost is
 * one query per check for all of a process's watched sessions, not one per stream: a check runs on the interval (only
 * while something is watched), when a nudge says a user's sessions were deleted, and at a session's expiry.
 */
export function createSessionWatch(deps: SessionWatchDeps): SessionWatch {
  const { clock, log } = deps
  const intervalMs = deps.intervalMs ?? SESSION_CHECK_INTERVAL_MS
  const entries = new Map<string, Entry>()
  const pending = new Set<string>()
  let running = false
  let interval: NodeJS.Timeout | undefined
  let stopped = false

  function end(id: string, entry: Entry) {
    entries.delete(id)
    if (entry.timer) clearTimeout(entry.timer)
    for (const listener of entry.listeners) {
      try {
        listener()
      } catch (err) {
        log.warn(`[sessions] ending what belonged to a session failed: ${String(err)}`)
      }
    }
    idleCheck()
  }

  function arm(id: string, entry: Entry) {
    if (entry.timer) clearTimeout(entry.timer)
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, entry.expiresAt.getTime() - clock().getTime()))
    entry.timer = setTimeout(() => check([id]), delay)
    entry.timer.unref()
  }

  function idleCheck() {
    if (entries.size === 0 && interval) {
      clearInterval(interval)
      interval = undefined
    }
  }

  /** Queues ids for the next query; one query runs at a time, and ids that came in meanwhile go in the next. */
  function check(ids: Iterable<string>) {
    for (const id of ids) if (entries.has(id)) pending.add(id)
    if (running || pending.size === 0 || stopped) return
    running = true
    void (async () => {
      try {
        while (pending.size > 0 && !stopped) {
          const batch = [...pending].slice(0, BATCH)
          for (const id of batch) pending.delete(id)
          let live: Map<string, Date>
          try {
            live = await deps.findLive(batch, clock())
          } catch (err) {
            // The database being unreachable is not the session ending: keep everything, try again next interval.
            log.warn(`[sessions] could not check sessions: ${err instanceof Error ? err.message : String(err)}`)
            continue
          }
          for (const id of batch) {
            const entry = entries.get(id)
            if (!entry) continue
            const expiresAt = live.get(id)
            if (!expiresAt) {
              end(id, entry)
            } else {
              // better-auth extends a session as it is used; the timer follows.
              entry.expiresAt = expiresAt
              arm(id, entry)
            }
          }
        }
      } finally {
        running = false
      }
    })()
  }

  return {
    watch(session, onEnd) {
      let entry = entries.get(session.id)
      if (!entry) {
        entry = { userId: session.userId, expiresAt: session.expiresAt, listeners: new Set(), timer: undefined }
        entries.set(session.id, entry)
        arm(session.id, entry)
      }
      const listener = () => onEnd()
      entry.listeners.add(listener)
      if (!interval && !stopped) {
        interval = setInterval(() => check(entries.keys()), intervalMs)
        interval.unref()
      }
      return () => {
        const current = entries.get(session.id)
        if (!current) return
        current.listeners.delete(listener)
        if (current.listeners.size === 0) {
          if (current.timer) clearTimeout(current.timer)
          entries.delete(session.id)
          idleCheck()
        }
      }
    },
    nudge(userId) {
      const ids: string[] = []
      for (const [id, entry] of entries) if (entry.userId === userId) ids.push(id)
      check(ids)
    },
    stop() {
      stopped = true
      if (interval) clearInterval(interval)
      interval = undefined
      for (const entry of entries.values()) if (entry.timer) clearTimeout(entry.timer)
      entries.clear()
      pending.clear()
    },
  }
}
