import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'

/**
 * Something another tab sent in the location's state (`read` says whether it is there), taken once. The state then goes
 * from the history entry, so a reload or Back does not show it again.
 */
export function useArrivingState<T>(read: (state: unknown) => T | null) {
  const location = useLocation()
  const navigate = useNavigate()
  const [arrived, setArrived] = useState(() => read(location.state))
  const cleared = useRef(false)
  useEffect(() => {
    if (cleared.current || !read(location.state)) return
    cleared.current = true
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    )
  }, [location, navigate, read])
  return [arrived, setArrived] as const
}
