/**
 * Fair slots (ADR 059): at most `total` holders in this process at once, at most `perPerson` of them one person's.
 * Callers over either cap wait, and a freed slot goes round-robin by person — the person waiting who was given a slot
 * longest ago first (never: first), then their oldest caller — not to whoever asked first, so one person's burst cannot fill the line
 * in front of everyone else. A caller leaves the line when its signal aborts (the client went away) or after
 * `maxWaitMs`; a person may have at most `waitingPerPerson` callers waiting, and one more is refused at once.
 *
 * Per process, in memory, like the AI rate (ADR 055): nothing here is shared between API processes.
 */
export interface FairSlotsSettings {
  total: number
  perPerson: number
  waitingPerPerson: number
  maxWaitMs: number
}

export type FairSlotRefusal = 'line-full' | 'waited-too-long' | 'aborted'

export class FairSlotRefused extends Error {
  constructor(readonly reason: FairSlotRefusal) {
    super(`no slot: ${reason}`)
    this.name = 'FairSlotRefused'
  }
}

interface Waiter {
  admit(): void
}

/** Gives a slot back; call it once (later calls do nothing). */
export type ReleaseSlot = () => void

export function createFairSlots(settings: FairSlotsSettings) {
  for (const [name, value] of Object.entries(settings)) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number ≥ 1: ${value}`)
  }
  const running = new Map<string, number>()
  let runningTotal = 0
  /** Each person's waiting callers, oldest first (the map in the order people got in line). */
  const lines = new Map<string, Waiter[]>()
  /**
   * When each person with something running or waiting was last given a slot (a count of slots given): the turn.
   * Forgotten once they have neither, so it stays as small as the line; they come back as never served.
   */
  const servedAt = new Map<string, number>()
  let given = 0

  function forgetIfIdle(person: string): void {
    if (!running.has(person) && !lines.has(person)) servedAt.delete(person)
  }

  function hold(person: string): ReleaseSlot {
    running.set(person, (running.get(person) ?? 0) + 1)
    runningTotal++
    servedAt.set(person, ++given)
    let released = false
    return () => {
      if (released) return
      released = true
      runningTotal--
      const left = (running.get(person) ?? 1) - 1
      if (left === 0) running.delete(person)
      else running.set(person, left)
      forgetIfIdle(person)
      admitWaiting()
    }
  }

  /**
   * Hands free slots to waiting callers: among the people below their cap, the one served longest ago (never: first;
   * ties in the order they got in line), their oldest caller.
   */
  function admitWaiting(): void {
    while (runningTotal < settings.total) {
      let chosen: string | undefined
      let chosenTurn = Infinity
      for (const person of lines.keys()) {
        const turn = servedAt.get(person) ?? 0
        if ((running.get(person) ?? 0) < settings.perPerson && turn < chosenTurn) {
          chosen = person
          chosenTurn = turn
        }
      }
      if (chosen === undefined) return
      const line = lines.get(chosen)!
      const waiter = line.shift()!
      if (line.length === 0) lines.delete(chosen)
      waiter.admit()
    }
  }

  function leave(person: string, waiter: Waiter): void {
    const line = lines.get(person)
    if (!line) return
    const at = line.indexOf(waiter)
    if (at >= 0) line.splice(at, 1)
    if (line.length === 0) lines.delete(person)
    forgetIfIdle(person)
  }

  return {
    /** Resolves with the slot once it is this caller's turn; rejects with FairSlotRefused when it is not to be. */
    acquire(person: string, signal?: AbortSignal): Promise<ReleaseSlot> {
      if (signal?.aborted) return Promise.reject(new FairSlotRefused('aborted'))
      const nobodyWaiting = (lines.get(person)?.length ?? 0) === 0
      if (runningTotal < settings.total && (running.get(person) ?? 0) < settings.perPerson && nobodyWaiting) {
        return Promise.resolve(hold(person))
      }
      const line = lines.get(person) ?? []
      if (line.length >= settings.waitingPerPerson) return Promise.reject(new FairSlotRefused('line-full'))
      return new Promise<ReleaseSlot>((resolve, reject) => {
        const stopWaiting = (reason: FairSlotRefusal) => {
          leave(person, waiter)
          cleanUp()
          reject(new FairSlotRefused(reason))
        }
        const onAbort = () => stopWaiting('aborted')
        const timer = setTimeout(() => stopWaiting('waited-too-long'), settings.maxWaitMs)
        timer.unref?.()
        const cleanUp = () => {
          clearTimeout(timer)
          signal?.removeEventListener('abort', onAbort)
        }
        const waiter: Waiter = {
          admit() {
            cleanUp()
            resolve(hold(person))
          },
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        line.push(waiter)
        lines.set(person, line)
      })
    },

    /** Runs `work` in a slot of `person`'s, giving it back however `work` ends. */
    async run<T>(person: string, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
      const release = await this.acquire(person, signal)
      try {
        return await work()
      } finally {
        release()
      }
    },

    /** What is held and waiting now (for tests and logs). */
    counts(person?: string): { running: number; waiting: number } {
      if (person !== undefined) return { running: running.get(person) ?? 0, waiting: lines.get(person)?.length ?? 0 }
      let waiting = 0
      for (const line of lines.values()) waiting += line.length
      return { running: runningTotal, waiting }
    },
  }
}

export type FairSlots = ReturnType<typeof createFairSlots>
