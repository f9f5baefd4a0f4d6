import { useCallback, useState } from 'react'

const PREFIX = 'hookpost.choice.'

function read(key: string, fallback: string): string {
  try {
    return window.localStorage.getItem(PREFIX + key) ?? fallback
  } catch {
    return fallback
  }
}

/**
 * A picker's choice that outlives a reload, in this browser's local storage (issue 30 item 9: the queue's account and
 * the calendar's account filter went back to the first account or "All accounts" on reload, so a queued post seemed to
 * vanish). The caller checks the value against what can be chosen now: a remembered account that was deleted, or
 * another person's on a shared browser, falls back as if nothing had been remembered.
 */
export function useRememberedChoice(key: string, fallback: string): [string, (value: string) => void] {
  const [value, setValue] = useState(() => read(key, fallback))
  const remember = useCallback(
    (next: string) => {
      setValue(next)
      try {
        window.localStorage.setItem(PREFIX + key, next)
      } catch {
        // storage may be disabled (private mode): the choice holds for this visit
      }
    },
    [key],
  )
  return [value, remember]
}
