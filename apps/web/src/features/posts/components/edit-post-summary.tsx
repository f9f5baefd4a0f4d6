import { MESSAGES } from '@hookpost/shared/messages'
import { isEditablePost, type Post } from '@hookpost/shared/posts'
import { SourceBadge } from './scheduled-videos/source-badge'
import { StatusBadge } from './scheduled-videos/status-badge'

/**
 * The top of the Edit post dialog: its title ('Review post' for a draft awaiting approval), the post's status and
 * source, its account and video, and what its state means for editing it.
 */
export function EditPostSummary({ post, titleId }: { post: Post; titleId: string }) {
  const draft = post.state === 'draft'
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {draft ? 'Review post' : 'Edit post'}
        </h2>
        <span className="flex flex-wrap gap-1">
          <StatusBadge state={post.state} />
          <SourceBadge post={post} />
        </span>
      </div>
      <p className="text-sm [overflow-wrap:anywhere] text-slate-700">
        {post.account.accountName} (@{post.account.accountUsername})
        {post.media ? <span className="text-slate-500"> · {post.media.originalName}</span> : null}
      </p>
      {draft ? (
        <p className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          Awaiting your approval. It is posted at its time only once you approve it; if it is not approved by then, it
          is skipped and nothing is posted.
        </p>
      ) : null}
      {post.rejectedAt ? (
        <p className="rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
          {MESSAGES.rejectedCannotBeApproved}
        </p>
      ) : post.state === 'skipped' ? (
        <p className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
          {post.errorMessage ?? MESSAGES.draftNotApproved} {MESSAGES.skippedNeedsNewTime}
        </p>
      ) : null}
      {!isEditablePost(post.state) && !post.rejectedAt ? (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          {MESSAGES.postNotEditable}
        </p>
      ) : null}
    </>
  )
}
