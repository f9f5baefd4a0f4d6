import { buttonClass } from '../../../../components/ui/form'
import { MessageBanner } from '../../../../components/ui/message-banner'
import { STUDIO_MESSAGES } from '../../utils/messages'

/** Create Video, with why the server refused or failed above it and 'Video created successfully!' below. */
export function CreateVideoFooter({
  submitError,
  pending,
  created,
  onDismissCreated,
}: {
  submitError: string | null
  pending: boolean
  created: boolean
  onDismissCreated: () => void
}) {
  return (
    <div className="min-w-0 space-y-3 border-t border-slate-200 pt-4">
      {submitError ? <MessageBanner tone="error">{submitError}</MessageBanner> : null}
      <button
        type="submit"
        className={`${buttonClass} w-full sm:w-auto`}
        disabled={pending}
        aria-busy={pending || undefined}
      >
        {pending ? 'Creating Video...' : 'Create Video'}
      </button>
      {created ? (
        <MessageBanner tone="success" onDismiss={onDismissCreated}>
          {STUDIO_MESSAGES.videoCreated}
        </MessageBanner>
      ) : null}
    </div>
  )
}
