import { MESSAGES } from '@hookpost/shared/messages'
import type { Post } from '@hookpost/shared/posts'
import { AccountSelect } from '../../../components/ui/account-select'
import { useAccountOptions } from '../api/get-account-options'
import type { usePostEditDraft } from '../hooks/use-post-edit-draft'
import { accountProblem, videoTooLongMessage } from '../utils/schedule-problems'
import { ReplaceVideoField } from './replace-video-field'
import { SlideshowPicker } from './slideshow-picker'

/**
 * Where an edited post goes and what it sends (issue 30 item 5): another of the person's connected accounts, and
 * another video (or, for a photo post, another rendered slideshow). An automation post keeps its video: it carries
 * the hook automation chose and learns from (ADR 043).
 */
export function EditDestinationFields({ post, draft }: { post: Post; draft: ReturnType<typeof usePostEditDraft> }) {
  const accounts = useAccountOptions()
  const { values, errors } = draft
  const choices = (accounts.data ?? [])
    .filter((a) => a.id === post.accountId || accountProblem(a) === null)
    .map((a) => ({ id: a.id, label: `${a.accountName} (@${a.accountUsername})` }))
  // Until the accounts load (or when they cannot), the post's own account is offered alone.
  if (!choices.some((c) => c.id === post.accountId)) {
    choices.unshift({ id: post.accountId, label: `${post.account.accountName} (@${post.account.accountUsername})` })
  }
  const durationMs = draft.video?.durationMs ?? post.media?.durationMs
  const tooLong = post.format === 'video' ? videoTooLongMessage(durationMs, draft.creator.data) : null
  return (
    <>
      <div>
        <AccountSelect
          accounts={choices}
          value={values.accountId}
          required
          error={errors.accountId}
          onChange={(accountId) => draft.change('accountId', accountId || post.accountId)}
        />
        {values.accountId !== post.accountId ? (
          <p className="mt-1 text-sm text-slate-700">
            It keeps its time on the other account; a post in a posting queue leaves that queue.
          </p>
        ) : null}
      </div>
      {post.source === 'automation' ? (
        <p className="text-sm text-slate-700">
          {post.media ? `Video: ${post.media.originalName}. ` : ''}
          {MESSAGES.automationVideoFixed}
        </p>
      ) : post.format === 'photo' ? (
        <SlideshowPicker
          value={values.slideshowId || (post.photos?.slideshowId ?? '')}
          error={errors.slideshowId}
          onChange={(slideshowId) =>
            draft.change('slideshowId', slideshowId === post.photos?.slideshowId ? '' : slideshowId)
          }
        />
      ) : (
        <ReplaceVideoField
          current={post.media}
          chosen={draft.video}
          problem={errors.mediaId ?? tooLong ?? undefined}
          onChoose={draft.chooseVideo}
        />
      )}
    </>
  )
}
