/**
 * At most `capacity` holders at once; the others wait in arrival order. `whenNoneWaiting` lets lower-priority work
 * (uploads) hold back while anyone waits here (video/init requests at a peak, ADR 026).
 */
export function createLimiter(capacity: number) {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be ≥ 1: ${capacity}`)
  let held = 0
  const waiting: (() => void)[] = []
  let idle: { promise: Promise<void>; resolve: () => void } | undefined

  function settleIdle() {
    if (waiting.length === 0 && idle) {
      idle.resolve()
      idle = undefined
    }
  }

  return {
    get held() {
      return held
    },
    get waiting() {
      return waiting.length
    },

    /** Resolves with a release function once a place is free. Call the release exactly once. */
    async acquire(): Promise<() => void> {
      if (held < capacity) held++
      else await new Promise<void>((resolve) => waiting.push(resolve))
      settleIdle()
      let released = false
      return () => {
        if (released) return
        released = true
        const next = waiting.shift()
        // The place passes straight to the next in line, so `held` stays as it is.
        if (next) next()
        else held--
        settleIdle()
      }
    },

    /** Resolves once nobody waits for a place (at once when nobody does). */
    whenNoneWaiting(): Promise<void> {
      if (waiting.length === 0) return Promise.resolve()
      if (!idle) {
        let resolve!: () => void
        const promise = new Promise<void>((r) => (resolve = r))
        idle = { promise, resolve }
      }
      return idle.promise
    },
  }
}

export type Limiter = ReturnType<typeof createLimiter>
