import { useEffect, useRef } from 'react'

/**
 * Chooses the only item of a list for a picker that has nothing chosen yet: a person with one TikTok account should
 * not have to pick it (issue 21). Works when the list arrives after the first render (it is fetched), and only once:
 * a person who then clears the choice keeps it cleared.
 */
export function useOnlyChoice(
  items: readonly { id: string }[],
  chosen: string | null,
  choose: (id: string) => void,
): void {
  const done = useRef(false)
  const only = items.length === 1 ? items[0]!.id : null
  useEffect(() => {
    if (done.current || !only) return
    done.current = true
    if (!chosen) choose(only)
  }, [only, chosen, choose])
}
