import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { MESSAGES } from '@hookpost/shared/messages'
import { connectReturnPath } from '@hookpost/shared/tiktok'
import { useStartTiktokConnect } from '../api/start-connect'
import { tiktokErrorMessage } from '../utils/error-message'

/** Which connect is under way: a new account, or the id of the account being (re)connected. */
export type ConnectTarget = { kind: 'new' } | { kind: 'account'; id: string }

/**
 * The connect flow's first step as the UI needs it: start it, know which button started it, and say why it failed.
 * After success the browser is leaving for the authorize page, so the buttons stay busy until it has left.
 *
 * The flow comes back to the page it started on (issue 30): `returnTo` defaults to the current place when it is one
 * of the app's places that offer Connect (`connectReturnPath`); the callback page passes the place of the flow that
 * failed, for "Try again".
 */
export function useConnectTiktok(options: { returnTo?: string | null } = {}) {
  const mutation = useStartTiktokConnect()
  const { reset } = mutation
  const location = useLocation()
  const returnTo =
    options.returnTo !== undefined ? options.returnTo : connectReturnPath(`${location.pathname}${location.search}`)

  useEffect(() => {
    // Back from the authorize page may restore this page from the back/forward cache, still "leaving": start over.
    function onPageShow(event: PageTransitionEvent) {
      if (event.persisted) reset()
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [reset])

  const busy = mutation.isPending || mutation.isSuccess
  const accountId = mutation.variables?.accountId
  return {
    start: (accountId?: string | null) =>
      mutation.mutate({ ...(accountId ? { accountId } : {}), ...(returnTo ? { returnTo } : {}) }),
    busy,
    isBusyFor: (target: ConnectTarget) =>
      busy && (target.kind === 'new' ? accountId === undefined : accountId === target.id),
    error: mutation.error ? tiktokErrorMessage(mutation.error, MESSAGES.connectFailed) : null,
    dismissError: reset,
  }
}

export type ConnectTiktok = ReturnType<typeof useConnectTiktok>
