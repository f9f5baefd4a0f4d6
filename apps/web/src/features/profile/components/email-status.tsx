import { MessageBanner } from '../../../components/ui/message-banner'
import { RequestError } from '../../../components/ui/request-error'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { useNotice } from '../../../lib/use-notice'
import { useResendVerification } from '../api/account-api'

/** Whether the address is confirmed, and a way to get a new link while it is not. */
export function EmailStatus({ verified }: { verified: boolean }) {
  const resend = useResendVerification()
  const [notice, setNotice] = useNotice()
  if (verified) {
    return <span className="font-medium text-green-800">Verified</span>
  }
  return (
    <div className="space-y-2">
      <p className="text-slate-900">Not verified yet. Open the link we mailed you to confirm this address.</p>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={resend.isPending}
        onClick={() => {
          setNotice(null)
          resend.mutate(undefined, { onSuccess: (answer) => setNotice({ tone: 'success', text: answer.message }) })
        }}
      >
        {resend.isPending ? 'Sending...' : 'Send the link again'}
      </button>
      <RequestError error={resend.error} className="" />
      {notice ? <MessageBanner tone={notice.tone}>{notice.text}</MessageBanner> : null}
    </div>
  )
}
