import { useEffect, useState } from 'react'

/** Spec §9: success notifications clear after 5 s. */
export const NOTICE_MS = 5000

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
