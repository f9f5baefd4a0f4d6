import { useEffect, useRef, useState } from 'react'

/** product.md §9: the copy checkmark and the saved tick show for 2 s. */
export const FEEDBACK_MS = 2000

/** A short-lived mark (the copy checkmark, the saved tick): the id it is on, cleared after FEEDBACK_MS. */
export function useFlash() {
  const [on, setOn] = useState<string | null>(null)
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])
  return [
    on,
    (id: string) => {
      window.clearTimeout(timer.current)
      setOn(id)
      timer.current = window.setTimeout(() => setOn(null), FEEDBACK_MS)
    },
  ] as const
}
