import { useEffect, useRef, type ReactNode } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { MESSAGES } from '@hookpost/shared/messages'
import { buttonClass, linkClass } from '../../components/ui/form'
import { Logo } from '../../components/ui/logo'
import { Spinner } from '../../components/ui/spinner'
import { paths } from '../../config/paths'
import { useCompleteTiktokConnect } from './api/complete-connect'
import { tiktokErrorMessage } from './utils/error-message'

/** product.md §2/§9: after success, on to the dashboard in 2 s. */
export const CALLBACK_REDIRECT_MS = 2000
export const CONNECTED_DASHBOARD = `${paths.dashboard}?tiktok_connected=true`

/**
 * Where TikTok (or the sandbox) sends the browser back to: `?code&state&scopes` on success, `?error&error_description`
 * when the person denied access or TikTok refused. The code is single-use, so it is posted to the server exactly once.
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

  useEffect(() => {
    document.title = 'Connecting TikTok · Hookpost'
  }, [])

  useEffect(() => {
    if (tiktokError || !code || !state) return
    mutate({ code, state, scopes })
  }, [mutate, tiktokError, code, state, scopes])

  const succeeded = connect.isSuccess
  useEffect(() => {
    if (!succeeded) return
    const timer = window.setTimeout(() => {
      void navigate(CONNECTED_DASHBOARD, { replace: true })
    }, CALLBACK_REDIRECT_MS)
    return () => window.clearTimeout(timer)
  }, [succeeded, navigate])

  let view: ReactNode
  if (tiktokError) {
    view = (
      <CallbackError message={MESSAGES.tiktokAuthError}>
        {tiktokErrorDescription ? (
          <p className="mt-2 text-sm [overflow-wrap:anywhere] text-slate-600">{tiktokErrorDescription}</p>
        ) : null}
      </CallbackError>
    )
  } else if (!code) {
    view = <CallbackError message={MESSAGES.noAuthorizationCode} />
  } else if (!state) {
    // TikTok always echoes `state`; without it there is nothing to check the code against.
    view = <CallbackError message={MESSAGES.connectStateInvalid} />
  } else if (connect.isError) {
    view = <CallbackError message={tiktokErrorMessage(connect.error, MESSAGES.connectFailed)} />
  } else if (connect.isSuccess) {
    view = (
      <Announced tone="status" heading="TikTok account connected">
        <p className="mt-2 font-medium [overflow-wrap:anywhere] text-slate-900">
          {connect.data.accountName}{' '}
          <span className="font-normal text-slate-600">(@{connect.data.accountUsername})</span>
        </p>
        <p className="mt-4 text-sm text-slate-600">Taking you to your dashboard…</p>
        <p className="mt-2 text-sm">
          <a
            href={CONNECTED_DASHBOARD}
            className={linkClass}
            onClick={(event) => {
              event.preventDefault()
              void navigate(CONNECTED_DASHBOARD, { replace: true })
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

/** The heading takes focus when the state changes, so screen readers hear where the flow got to. */
function Announced({ tone, heading, children }: { tone: 'status' | 'alert'; heading: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [heading])
  return (
    <div role={tone}>
      <h1 ref={ref} tabIndex={-1} className="text-xl font-bold tracking-tight text-slate-900 focus:outline-none">
        {heading}
      </h1>
      {children}
    </div>
  )
}

function CallbackError({ message, children }: { message: string; children?: ReactNode }) {
  const navigate = useNavigate()
  return (
    <>
      <Announced tone="alert" heading="We couldn't connect your TikTok account">
        <p className="mt-3 text-slate-800">{message}</p>
        {children}
      </Announced>
      <button type="button" className={`${buttonClass} mt-6`} onClick={() => void navigate(paths.dashboard)}>
        Return to Dashboard
      </button>
    </>
  )
}
