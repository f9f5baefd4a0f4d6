import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFairSlots, FairSlotRefused, type FairSlotsSettings, type ReleaseSlot } from './fair-slots'

const settings: FairSlotsSettings = { total: 2, perPerson: 1, waitingPerPerson: 3, maxWaitMs: 30_000 }

/** Lets the promise callbacks that are due run (no timers involved). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Asks for a slot and records the order in which callers got theirs. */
function caller(
  slots: ReturnType<typeof createFairSlots>,
  person: string,
  name: string,
  log: string[],
  signal?: AbortSignal,
) {
  const state: { release?: ReleaseSlot; refused?: FairSlotRefused } = {}
  const done = slots.acquire(person, signal).then(
    (release) => {
      log.push(name)
      state.release = release
    },
    (err: unknown) => {
      if (!(err instanceof FairSlotRefused)) throw err
      state.refused = err
    },
  )
  return { state, done }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('fair slots', () => {
  it('admits at once below both caps, and never more than the caps', async () => {
    const slots = createFairSlots({ ...settings, total: 3, perPerson: 2 })
    const log: string[] = []
    const a1 = caller(slots, 'a', 'a1', log)
    const a2 = caller(slots, 'a', 'a2', log)
    const a3 = caller(slots, 'a', 'a3', log)
    const b1 = caller(slots, 'b', 'b1', log)
    const c1 = caller(slots, 'c', 'c1', log)
    await settle()
    expect(log).toEqual(['a1', 'a2', 'b1'])
    expect(slots.counts()).toEqual({ running: 3, waiting: 2 })
    expect(slots.counts('a')).toEqual({ running: 2, waiting: 1 })
    // A freed slot of a's goes to c, who waits too, before a's third.
    a1.state.release!()
    await settle()
    expect(log).toEqual(['a1', 'a2', 'b1', 'c1'])
    b1.state.release!()
    await settle()
    expect(log).toEqual(['a1', 'a2', 'b1', 'c1', 'a3'])
    expect(c1.state.refused).toBeUndefined()
    for (const c of [a2, a3, c1]) c.state.release!()
    await Promise.all([a1.done, a2.done, a3.done, b1.done, c1.done])
    expect(slots.counts()).toEqual({ running: 0, waiting: 0 })
  })

  it('hands freed slots round-robin by person, not in the order people asked', async () => {
    const slots = createFairSlots({ ...settings, total: 1, perPerson: 1, waitingPerPerson: 5 })
    const log: string[] = []
    const callers = new Map(
      ['heavy 0', 'heavy 1', 'heavy 2', 'heavy 3', 'light 1', 'light 2', 'third 1'].map((name) => [
        name,
        caller(slots, name.split(' ')[0]!, name, log),
      ]),
    )
    await settle()
    // Each time the one holding the slot gives it back, whoever's turn it is gets it.
    for (let i = 1; i < callers.size; i++) {
      callers.get(log.at(-1)!)!.state.release!()
      await settle()
    }
    expect(log).toEqual(['heavy 0', 'light 1', 'third 1', 'heavy 1', 'light 2', 'heavy 2', 'heavy 3'])
  })

  it('refuses a person’s caller at once when their waiting line is full, and only theirs', async () => {
    const slots = createFairSlots({ ...settings, total: 1, perPerson: 1, waitingPerPerson: 2 })
    const log: string[] = []
    caller(slots, 'heavy', 'running', log)
    caller(slots, 'heavy', 'waiting 1', log)
    caller(slots, 'heavy', 'waiting 2', log)
    const refused = caller(slots, 'heavy', 'one too many', log)
    const light = caller(slots, 'light', 'light', log)
    await refused.done
    expect(refused.state.refused?.reason).toBe('line-full')
    await settle()
    expect(light.state.refused).toBeUndefined()
    expect(slots.counts()).toEqual({ running: 1, waiting: 3 })
  })

  it('lets a caller whose client went away leave the line, and the slot goes to the next', async () => {
    const slots = createFairSlots({ ...settings, total: 1 })
    const log: string[] = []
    const holder = caller(slots, 'a', 'a', log)
    const gone = new AbortController()
    const leaving = caller(slots, 'b', 'b', log, gone.signal)
    const next = caller(slots, 'c', 'c', log)
    await settle()
    gone.abort()
    await leaving.done
    expect(leaving.state.refused?.reason).toBe('aborted')
    expect(slots.counts()).toEqual({ running: 1, waiting: 1 })
    holder.state.release!()
    await next.done
    expect(log).toEqual(['a', 'c'])
    // Already aborted: refused without waiting.
    const late = caller(slots, 'd', 'd', log, AbortSignal.abort())
    await late.done
    expect(late.state.refused?.reason).toBe('aborted')
  })

  it('sends away a caller who waited longer than maxWaitMs', async () => {
    vi.useFakeTimers()
    const slots = createFairSlots({ ...settings, total: 1, maxWaitMs: 1_000 })
    const log: string[] = []
    caller(slots, 'a', 'a', log)
    const waiting = caller(slots, 'b', 'b', log)
    await vi.advanceTimersByTimeAsync(999)
    expect(waiting.state.refused).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    await waiting.done
    expect(waiting.state.refused?.reason).toBe('waited-too-long')
    expect(slots.counts()).toEqual({ running: 1, waiting: 0 })
  })

  it('gives the slot back however the work ends, once', async () => {
    const slots = createFairSlots(settings)
    await expect(slots.run('a', undefined, () => Promise.reject(new Error('model down')))).rejects.toThrow('model down')
    expect(await slots.run('a', undefined, () => Promise.resolve(42))).toBe(42)
    const release = await slots.acquire('a')
    release()
    release()
    expect(slots.counts()).toEqual({ running: 0, waiting: 0 })
    expect(() => createFairSlots({ ...settings, perPerson: 0 })).toThrow(RangeError)
  })
})
