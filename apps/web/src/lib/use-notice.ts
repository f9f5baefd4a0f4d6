import { useEffect, useState } from 'react'

/** product.md §9: success notifications clear after 5 s. */
export const NOTICE_MS = 5000
/** product.md §4/§9: the notice after scheduling clears after 3 s. */
export const SCHEDULED_NOTICE_MS = 3000

export type Notice = { tone: 'success' | 'error'; text: string }

/** A section's notice: a success clears itself after {@link NOTICE_MS}; an error stays until replaced or cleared. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null)
  useEffect(() => {
    if (notice?.tone !== 'success') return
    const timer = window.setTimeout(() => setNotice(null), NOTICE_MS)
    return () => window.clearTimeout(timer)
  }, [notice])
  return [notice, setNotice] as const
}

/** State for a passing notice: set, it goes back to null `ms` later (e.g. "Scheduled" for SCHEDULED_NOTICE_MS). */
export function useClearingState<T>(ms: number) {
  const [value, setValue] = useState<T | null>(null)
  useEffect(() => {
    if (value === null) return
    const timer = window.setTimeout(() => setValue(null), ms)
    return () => window.clearTimeout(timer)
  }, [value, ms])
  return [value, setValue] as const
}
