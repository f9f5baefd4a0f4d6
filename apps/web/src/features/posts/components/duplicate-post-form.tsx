import { useRef } from 'react'
import type { Post } from '@hookpost/shared/posts'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { buttonClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { useDuplicateDraft } from '../hooks/use-duplicate-draft'
import { DuplicateAccountChoices } from './duplicate-account-choices'
import { ScheduleTimeFields } from './schedule-time-fields'

/** The Duplicate dialog's form, once the whole post has loaded (duplicate-post-dialog.tsx). */
export function DuplicatePostForm({
  post,
  titleId,
  textId,
  onDone,
  onClose,
}: {
  post: Post
  titleId: string
  textId: string
  onDone: (created: Post[]) => void
  onClose: () => void
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const draft = useDuplicateDraft(formRef, post, onDone)
  const count = draft.chosen.length
  return (
    <form ref={formRef} noValidate onSubmit={draft.onSubmit} className="space-y-4 p-4 sm:p-6">
      <h2 id={titleId} className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
        Duplicate “{post.title}”
      </h2>
      <p id={textId} className="text-sm text-slate-700">
        New scheduled posts with the same {post.format === 'photo' ? 'slideshow' : 'video'}, caption and TikTok
        settings, one on each account you choose. Choose when they go out; you can edit each afterwards.
      </p>
      {draft.formError ? <MessageBanner tone="error">{draft.formError}</MessageBanner> : null}
      <fieldset disabled={draft.pending} className="space-y-4">
        <legend className="sr-only">The copies</legend>
        <DuplicateAccountChoices post={post} draft={draft} />
        <ScheduleTimeFields
          values={draft.time}
          errors={draft.timeErrors}
          now={new Date()}
          zoneHint="The date and time above are in this zone."
          onChange={draft.changeTime}
        />
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButtonClass} onClick={onClose} disabled={draft.pending}>
          Cancel
        </button>
        <button type="submit" className={buttonClass} disabled={draft.pending}>
          {draft.pending ? 'Duplicating...' : count > 1 ? `Duplicate to ${count} accounts` : 'Duplicate'}
        </button>
      </div>
    </form>
  )
}
