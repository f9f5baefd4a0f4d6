import { useEffect, useRef } from 'react'
import { connectServerEvents, type ServerEventHandlers } from './server-events'

/**
 * Keeps one live event stream open while `enabled` (a signed-in user on screen) and the component is mounted; closes it
 * on sign-out or unmount. The handlers may change on every render without reopening the stream.
 */
export function useServerEvents(enabled: boolean, handlers: ServerEventHandlers) {
  const latest = useRef(handlers)
  useEffect(() => {
    latest.current = handlers
  })
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return
    return connectServerEvents({
      onEvent: (event) => latest.current.onEvent(event),
      onReconnect: () => latest.current.onReconnect?.(),
      onGiveUp: () => latest.current.onGiveUp?.(),
    })
  }, [enabled])
}
