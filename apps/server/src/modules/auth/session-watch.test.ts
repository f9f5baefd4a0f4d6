import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSessionWatch } from './session-watch'

const T0 = new Date('2026-05-01T10:00:00Z')
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000)

/** Sessions as the database holds them: id → expiry; deleting one is removing it. Counts the queries. */
function fakeSessions(initial: Record<string, Date>) {
  const rows = new Map(Object.entries(initial))
  const queries: string[][] = []
  return {
    rows,
    queries,
    findLive: async (ids: readonly string[], now: Date) => {
      queries.push([...ids])
      const live = new Map<string, Date>()
      for (const id of ids) {
        const expiresAt = rows.get(id)
        if (expiresAt && expiresAt > now) live.set(id, expiresAt)
      }
      return live
    },
  }
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 })
})
afterEach(() => {
  vi.useRealTimers()
})

const log = { warn: vi.fn() }

describe('the session watch', () => {
  it('ends on a nudge once the session is gone, and only the nudged user’s sessions are queried', async () => {
    const db = fakeSessions({ s1: minutes(60), s2: minutes(60), s3: minutes(60) })
    const watch = createSessionWatch({ findLive: db.findLive, clock: () => new Date(), log })
    const ended: string[] = []
    watch.watch({ id: 's1', userId: 'u1', expiresAt: minutes(60) }, () => ended.push('s1 stream a'))
    watch.watch({ id: 's1', userId: 'u1', expiresAt: minutes(60) }, () => ended.push('s1 stream b'))
    watch.watch({ id: 's2', userId: 'u1', expiresAt: minutes(60) }, () => ended.push('s2'))
    watch.watch({ id: 's3', userId: 'u2', expiresAt: minutes(60) }, () => ended.push('s3'))

    db.rows.delete('s1')
    watch.nudge('u1')
    await vi.advanceTimersByTimeAsync(0)
    expect(ended).toEqual(['s1 stream a', 's1 stream b'])
    expect(db.queries).toEqual([['s1', 's2']])
    watch.stop()
  })

  it('checks everything on the interval: a session deleted without a nudge ends within one interval', async () => {
    const db = fakeSessions({ s1: minutes(60) })
    const watch = createSessionWatch({ findLive: db.findLive, clock: () => new Date(), log, intervalMs: 15_000 })
    const onEnd = vi.fn()
    watch.watch({ id: 's1', userId: 'u1', expiresAt: minutes(60) }, onEnd)
    db.rows.delete('s1')
    await vi.advanceTimersByTimeAsync(14_000)
    expect(onEnd).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(onEnd).toHaveBeenCalledOnce()
    // Nothing left to watch: no more queries.
    const asked = db.queries.length
    await vi.advanceTimersByTimeAsync(60_000)
    expect(db.queries.length).toBe(asked)
  })

  it('ends at the expiry, and follows an expiry the session was given meanwhile', async () => {
    const db = fakeSessions({ s1: minutes(60) })
    const watch = createSessionWatch({ findLive: db.findLive, clock: () => new Date(), log, intervalMs: 10 * 60_000 })
    const onEnd = vi.fn()
    watch.watch({ id: 's1', userId: 'u1', expiresAt: minutes(5) }, onEnd)
    // At the expiry it was told, the database says it now lasts an hour: keep going.
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(onEnd).not.toHaveBeenCalled()
    // Shortened to 10:12 (by hand, say): the interval at 10:10 reads it and the timer moves there.
    db.rows.set('s1', minutes(12))
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(onEnd).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(2 * 60_000)
    expect(onEnd).toHaveBeenCalledOnce()
    watch.stop()
  })

  it('stops watching when the stream goes first, and keeps streams when the database cannot answer', async () => {
    const db = fakeSessions({ s1: minutes(60), s2: minutes(60) })
    let down = false
    const watch = createSessionWatch({
      findLive: async (ids, now) => {
        if (down) throw new Error('connection refused')
        return db.findLive(ids, now)
      },
      clock: () => new Date(),
      log,
      intervalMs: 1_000,
    })
    const first = vi.fn()
    const second = vi.fn()
    const stopFirst = watch.watch({ id: 's1', userId: 'u1', expiresAt: minutes(60) }, first)
    watch.watch({ id: 's2', userId: 'u1', expiresAt: minutes(60) }, second)
    stopFirst()
    db.rows.delete('s1')
    down = true
    await vi.advanceTimersByTimeAsync(3_000)
    expect(second).not.toHaveBeenCalled()
    expect(log.warn).toHaveBeenCalled()
    down = false
    await vi.advanceTimersByTimeAsync(1_000)
    expect(db.queries.every((ids) => !ids.includes('s1'))).toBe(true)
    expect(first).not.toHaveBeenCalled()
    expect(second).not.toHaveBeenCalled()
    watch.stop()
  })
})
