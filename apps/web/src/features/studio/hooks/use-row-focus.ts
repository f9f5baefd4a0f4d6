import { useEffect, useRef } from 'react'
import type { TextOverlay } from '@hookpost/shared/studio'

/** A row's buttons that take the focus back after the list changed. */
export type FocusTarget = 'handle' | 'up' | 'down' | 'remove' | 'edit'

/**
 * Keeps the keyboard user's focus on the overlay they acted on when the list draws its rows again (a reorder re-creates
 * them, an edit puts the row back, a removal takes one away): `register` is each button's ref, `focusLater` asks for a
 * row's button once the list has changed (`overlays`, or the overlay being `editing`); a disabled one passes the focus
 * on to the next that fits.
 */
export function useRowFocus(overlays: readonly TextOverlay[], editing: unknown) {
  const controls = useRef(new Map<string, HTMLButtonElement>())
  const pendingFocus = useRef<{ id: string; target: FocusTarget } | null>(null)

  // Reordering re-creates rows: the keyboard user's focus follows the overlay they moved.
  useEffect(() => {
    const request = pendingFocus.current
    if (!request) return
    pendingFocus.current = null
    const order: FocusTarget[] = [request.target, request.target === 'up' ? 'down' : 'up', 'handle', 'remove']
    if (request.target === 'edit') order.splice(1, 0, 'remove')
    for (const target of order) {
      const button = controls.current.get(`${request.id}:${target}`)
      if (button && button.getAttribute('aria-disabled') !== 'true') {
        button.focus()
        return
      }
    }
  }, [overlays, editing])

  const register = (key: string) => (node: HTMLButtonElement | null) => {
    if (node) controls.current.set(key, node)
    else controls.current.delete(key)
  }

  function focusLater(id: string, target: FocusTarget) {
    pendingFocus.current = { id, target }
  }

  return { register, focusLater }
}
