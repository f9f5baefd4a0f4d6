import { afterEach, beforeEach, vi } from 'vitest'

/** Pins `Date` at `now` for every test of the file; timers stay real, so React Query and user-event run as usual. */
export function pinDate(now: Date) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
  })
  afterEach(() => {
    vi.useRealTimers()
  })
}
