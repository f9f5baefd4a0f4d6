import { buttonClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { useConnectTiktok } from '../hooks/use-connect-tiktok'

/** 'Connect TikTok account': asks the server for the authorize URL and goes there; says so if that fails. */
export function ConnectTiktokButton({ className = '' }: { className?: string }) {
  const connect = useConnectTiktok()
  return (
    <div className={`space-y-3 ${className}`}>
      {connect.error ? (
        <MessageBanner tone="error" onDismiss={connect.dismissError}>
          {connect.error}
        </MessageBanner>
      ) : null}
      <button type="button" className={buttonClass} disabled={connect.busy} onClick={() => connect.start()}>
        {connect.busy ? 'Connecting…' : 'Connect TikTok account'}
      </button>
    </div>
  )
}
