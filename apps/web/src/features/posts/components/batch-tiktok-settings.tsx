import { MessageBanner } from '../../../components/ui/message-banner'
import { Spinner } from '../../../components/ui/spinner'
import type { BatchDraft } from '../hooks/use-batch-draft'
import { scheduleErrorMessage } from '../utils/schedule-problems'
import { ConsentDeclaration, InteractionToggles, PrivacyField } from './tiktok-post-settings'

/**
 * "TikTok settings for every video": who can view and the interactions, chosen once for the batch from what every
 * chosen account allows, and the consent declaration. No commercial content disclosure in a batch.
 */
export function BatchTiktokSettings({ id, draft }: { id: string; draft: BatchDraft }) {
  const { creator } = draft
  return (
    <section aria-labelledby={`${id}-settings`} className="space-y-4 border-t border-slate-200 pt-4">
      <h3 id={`${id}-settings`} className="text-sm font-semibold text-slate-900">
        TikTok settings for every video
      </h3>
      {draft.accountIds.length === 0 ? (
        <p className="text-sm text-slate-600">Choose an account for the videos to see what TikTok allows.</p>
      ) : draft.creatorsLoading ? (
        <Spinner label="Loading TikTok settings for these accounts…" />
      ) : draft.creatorFailure ? (
        <MessageBanner tone="error">{scheduleErrorMessage(draft.creatorFailure)}</MessageBanner>
      ) : creator ? (
        <>
          {creator.cannotPostReason ? <MessageBanner tone="error">{creator.cannotPostReason}</MessageBanner> : null}
          <PrivacyField
            creator={creator}
            value={draft.privacy}
            branded={false}
            error={draft.privacyError}
            onChange={draft.changePrivacy}
          />
          <InteractionToggles creator={creator} values={draft.interactions} onChange={draft.changeInteraction} />
        </>
      ) : null}
      <ConsentDeclaration branded={false} />
      <p className="text-xs text-slate-600">
        Posts with a commercial content disclosure are scheduled one at a time with Schedule New Video.
      </p>
    </section>
  )
}
