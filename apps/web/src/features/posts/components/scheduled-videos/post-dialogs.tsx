import type { RefObject } from 'react'
import type { CalendarPost } from '@hookpost/shared/posts'
import { DuplicatePostDialog } from '../duplicate-post-dialog'
import { EditPostDialog } from '../edit-post-dialog'
import { DeletePostDialog } from './delete-post-dialog'
import { MovePostDialog } from './move-post-dialog'
import { PostDetailsDialog } from './post-details-dialog'
import { PostNowDialog } from './post-now-dialog'
import type { PostActions } from './use-post-actions'

/**
 * The dialogs a post opens: its details (from a calendar entry), and on top of them the action chosen there or in the
 * List. Each closes back to the panel's heading when what opened it is gone.
 */
export function PostDialogs({
  actions,
  detailsPost,
  actionPost,
  zone,
  now,
  fallbackFocus,
}: {
  actions: PostActions
  detailsPost: CalendarPost | undefined
  actionPost: CalendarPost | undefined
  zone: string
  now: Date
  fallbackFocus: RefObject<HTMLElement | null>
}) {
  const kind = actions.action?.kind
  return (
    <>
      {detailsPost ? (
        <PostDetailsDialog
          post={detailsPost}
          zone={zone}
          onEdit={() => actions.open('edit', detailsPost)}
          onApprove={() => actions.approvePost(detailsPost)}
          approving={actions.approving}
          onMove={() => actions.open('move', detailsPost)}
          onRetry={() => actions.retryPost(detailsPost)}
          onPostNow={() => actions.open('post-now', detailsPost)}
          onDuplicate={() => actions.open('duplicate', detailsPost)}
          onDelete={() => actions.open('delete', detailsPost)}
          onClose={actions.closeDetails}
          fallbackFocus={fallbackFocus}
        />
      ) : null}
      {kind === 'move' && actionPost ? (
        <MovePostDialog
          post={actionPost}
          now={now}
          onMove={(date) => actions.moveFromDialog(actionPost, date)}
          onClose={actions.closeAction}
          fallbackFocus={fallbackFocus}
        />
      ) : null}
      {kind === 'edit' && actionPost ? (
        <EditPostDialog
          postId={actionPost.id}
          onDone={actions.edited}
          onClose={actions.closeAction}
          fallbackFocus={fallbackFocus}
        />
      ) : null}
      {kind === 'duplicate' && actionPost ? (
        <DuplicatePostDialog
          post={actionPost}
          onDone={actions.duplicated}
          onClose={actions.closeAction}
          fallbackFocus={fallbackFocus}
        />
      ) : null}
      {kind === 'post-now' && actionPost ? (
        <PostNowDialog
          post={actionPost}
          zone={zone}
          posting={actions.posting}
          onConfirm={() => actions.postNowConfirmed(actionPost)}
          onClose={actions.closeAction}
          fallbackFocus={fallbackFocus}
        />
      ) : null}
      {kind === 'delete' && actionPost ? (
        <DeletePostDialog
          post={actionPost}
          deleting={actions.deleting}
          onConfirm={() => actions.confirmDelete(actionPost)}
          onClose={actions.closeAction}
          fallbackFocus={fallbackFocus}
        />
      ) : null}
    </>
  )
}
