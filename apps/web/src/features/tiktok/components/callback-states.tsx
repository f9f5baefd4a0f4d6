import { useEffect, useRef, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import type { ConnectOrigin } from '@hookpost/shared/tiktok'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { buttonClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { useConnectTiktok } from '../hooks/use-connect-tiktok'
import { returnPlace } from '../utils/connect-outcome'

/** The heading takes focus when the state changes, so screen readers hear where the flow got to. */
export function Announced({
  tone,
  heading,
  children,
}: {
  tone: 'status' | 'alert'
  heading: string
  children: ReactNode
}) {
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

/**
 * The flow ended without an account: what happened, "Try again" (the same flow again: the same account, back to the
 * same place, issue 30) and the way back to where it started.
 */
export function CallbackError({
  heading = "We couldn't connect your TikTok account",
  message,
  origin,
  settled,
  children,
}: {
  heading?: string
  message: string
  /** Where the failed flow began and for which account (the server's answer for its state). */
  origin: ConnectOrigin
  /** False while that answer is on its way: "Try again" waits for it. */
  settled: boolean
  children?: ReactNode
}) {
  const navigate = useNavigate()
  const place = returnPlace(origin.returnTo)
  const connect = useConnectTiktok({ returnTo: origin.returnTo })
  return (
    <>
      <Announced tone="alert" heading={heading}>
        <p className="mt-3 text-slate-800">{message}</p>
        {children}
      </Announced>
      {connect.error ? (
        <div className="mt-4 text-left">
          <MessageBanner tone="error" onDismiss={connect.dismissError}>
            {connect.error}
          </MessageBanner>
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <button
          type="button"
          className={buttonClass}
          disabled={!settled || connect.busy}
          onClick={() => connect.start(origin.accountId)}
        >
          {connect.busy ? 'Connecting…' : 'Try again'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => void navigate(place.href)}>
          Return to {place.name}
        </button>
      </div>
    </>
  )
}
