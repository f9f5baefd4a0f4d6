import { buttonClass, linkClass } from '../../../components/ui/form'
import type { ConnectTiktok } from '../hooks/use-connect-tiktok'

/**
 * The ways to add an account (issue 30): "Connect TikTok account" first, always; adding one by hand is offered
 * second, saying what it is for and that such an account cannot post until it is connected.
 */
export function AddAccountActions({
  connect,
  onAddManually,
  centered = false,
}: {
  connect: ConnectTiktok
  /** Omitted where an account that cannot post is of no use (a schedule dialog). */
  onAddManually?: (() => void) | undefined
  centered?: boolean
}) {
  return (
    <div className={`flex flex-col gap-2 ${centered ? 'items-center text-center' : 'items-start'}`}>
      <button type="button" className={buttonClass} disabled={connect.busy} onClick={() => connect.start()}>
        {connect.isBusyFor({ kind: 'new' }) ? 'Connecting…' : 'Connect TikTok account'}
      </button>
      {onAddManually ? (
        <p className="max-w-prose text-sm text-slate-600">
          Not ready to sign in to TikTok?{' '}
          <button type="button" className={linkClass} onClick={onAddManually}>
            Add account manually
          </button>{' '}
          to describe it for AI hooks now. It cannot post until you connect it.
        </p>
      ) : null}
    </div>
  )
}
