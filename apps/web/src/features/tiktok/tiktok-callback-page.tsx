import { useEffect, type ReactNode } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { MESSAGES } from '@hookpost/shared/messages'
import { linkClass } from '../../components/ui/form'
import { Logo } from '../../components/ui/logo'
import { Spinner } from '../../components/ui/spinner'
import { paths } from '../../config/paths'
import { useConnectOrigin } from './api/abandon-connect'
import { useCompleteTiktokConnect } from './api/complete-connect'
import { Announced, CallbackError } from './components/callback-states'
import { connectedHref, returnPlace, tiktokRefusal } from './utils/connect-outcome'
import { tiktokErrorMessage } from './utils/error-message'

/** product.md §2/§9: after success, on to the dashboard in 2 s (to the place the flow started, issue 30). */
export const CALLBACK_REDIRECT_MS = 2000

/**
 * Where TikTok (or the sandbox) sends the browser back to: `?code&state&scopes` on success, `?error&error_description`
 * when the person denied access or TikTok refused. The code is single-use, so it is posted to the server exactly once.
 * A flow that ends without an account asks the server where it began, for "Try again" and the way back.
 */
export function TiktokCallbackPage() {
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const code = searchParams.get('code')
  const state = searchParams.get('state')
  const scopes = searchParams.get('scopes') ?? undefined
  const tiktokError = searchParams.get('error')
  const tiktokErrorDescription = searchParams.get('error_description')
  const connect = useCompleteTiktokConnect()
  const { mutate } = connect
  const failed = Boolean(tiktokError) || !code || !state || connect.isError
  const { origin, settled } = useConnectOrigin(state, failed)

  useEffect(() => {
    document.title = 'Connecting TikTok · Hookpost'
  }, [])

  useEffect(() => {
    if (tiktokError || !code || !state) return
    mutate({ code, state, scopes })
  }, [mutate, tiktokError, code, state, scopes])

  const place = connect.isSuccess ? returnPlace(connect.data.returnTo) : null
  const doneHref = place ? connectedHref(place) : null
  useEffect(() => {
    if (!doneHref) return
    const timer = window.setTimeout(() => {
      void navigate(doneHref, { replace: true })
    }, CALLBACK_REDIRECT_MS)
    return () => window.clearTimeout(timer)
  }, [doneHref, navigate])

  let view: ReactNode
  if (tiktokError) {
    const refusal = tiktokRefusal(tiktokError, tiktokErrorDescription)
    view = (
      <CallbackError
        heading={refusal.heading}
        message={refusal.lead ?? refusal.message}
        origin={origin}
        settled={settled}
      >
        {refusal.lead ? <p className="mt-2 text-sm text-slate-700">{refusal.message}</p> : null}
        {refusal.detail ? (
          <p className="mt-2 text-sm [overflow-wrap:anywhere] text-slate-600">{refusal.detail}</p>
        ) : null}
      </CallbackError>
    )
  } else if (!code) {
    view = <CallbackError message={MESSAGES.noAuthorizationCode} origin={origin} settled={settled} />
  } else if (!state) {
    // TikTok always echoes `state`; without it there is nothing to check the code against.
    view = <CallbackError message={MESSAGES.connectStateInvalid} origin={origin} settled={settled} />
  } else if (connect.isError) {
    view = (
      <CallbackError
        message={tiktokErrorMessage(connect.error, MESSAGES.connectFailed)}
        origin={origin}
        settled={settled}
      />
    )
  } else if (connect.isSuccess && place && doneHref) {
    const { account } = connect.data
    view = (
      <Announced tone="status" heading="TikTok account connected">
        <p className="mt-2 font-medium [overflow-wrap:anywhere] text-slate-900">
          {account.accountName} <span className="font-normal text-slate-600">(@{account.accountUsername})</span>
        </p>
        <p className="mt-4 text-sm text-slate-600">
          {place.href === paths.profile ? `Taking you back to ${place.name}…` : 'Taking you to your dashboard…'}
        </p>
        <p className="mt-2 text-sm">
          <a
            href={doneHref}
            className={linkClass}
            onClick={(event) => {
              event.preventDefault()
              void navigate(doneHref, { replace: true })
            }}
          >
            Go now
          </a>
        </p>
      </Announced>
    )
  } else {
    view = (
      <Announced tone="status" heading="Connecting your TikTok account…">
        <div className="mt-6 flex justify-center">
          <Spinner label="Connecting..." />
        </div>
      </Announced>
    )
  }

  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 py-12">
      <div className="mb-6">
        <Logo to={paths.dashboard} label="Hookpost dashboard" />
      </div>
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        {view}
      </div>
    </main>
  )
}
