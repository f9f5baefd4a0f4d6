import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { buttonClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import type { ScheduleDraft } from '../hooks/use-schedule-draft'
import { ConsentDeclaration } from './tiktok-post-settings'

/**
 * The end of the Schedule form: TikTok's consent declaration right before the buttons (rule 4), what happens next,
 * what is wrong or why the button cannot be pressed yet, and Cancel / Schedule / Add to queue. What was done is said
 * by the Schedule tab once the dialog has closed (ADR 042), never here below the buttons.
 */
export function ScheduleFormActions({
  draft,
  id,
  presetVideo,
  onCancel,
  canQueue,
}: {
  draft: ScheduleDraft
  /** The form's id, the prefix of the consent's and the blocked reason's ids. */
  id: string
  presetVideo: boolean
  onCancel: (() => void) | undefined
  canQueue: boolean
}) {
  const { blocked, loadingCreator, scheduling, queueing } = draft
  const consentId = `${id}-consent`
  const blockedId = `${id}-blocked`
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      <ConsentDeclaration branded={draft.branded} id={consentId} />
      <p className="text-sm text-slate-600">
        Processing may take a few minutes: at the scheduled time Hookpost sends the{' '}
        {draft.photo ? 'slideshow' : 'video'} to TikTok, and TikTok can take a few minutes before it appears{' '}
        {draft.draftMode ? "in the creator's TikTok inbox" : 'on the profile'}. Its status shows under Scheduled Videos.
      </p>
      {draft.formError ? <MessageBanner tone="error">{draft.formError}</MessageBanner> : null}
      {draft.submitError ? <MessageBanner tone="error">{draft.submitError}</MessageBanner> : null}
      {blocked && !loadingCreator ? (
        <p id={blockedId} className="text-sm text-amber-800">
          {blocked}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {onCancel ? (
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button
          type="submit"
          className={`${buttonClass} w-full sm:w-auto`}
          disabled={blocked !== null || scheduling}
          aria-busy={scheduling || undefined}
          aria-describedby={blocked && !loadingCreator ? `${blockedId} ${consentId}` : consentId}
          title={blocked ?? undefined}
        >
          {scheduling
            ? 'Scheduling...'
            : presetVideo
              ? 'Schedule for TikTok'
              : draft.photo
                ? 'Schedule slideshow'
                : 'Schedule video'}
        </button>
        {canQueue ? (
          <button
            type="button"
            className={`${secondaryButtonClass} w-full sm:w-auto`}
            disabled={blocked !== null || queueing}
            aria-busy={queueing || undefined}
            onClick={() => void draft.queue()}
          >
            {queueing ? 'Adding to queue...' : 'Add to queue'}
          </button>
        ) : null}
      </div>
    </div>
  )
}
