import { useId, useRef, type ReactNode, type RefObject } from 'react'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { Spinner } from '../../../components/ui/spinner'
import { userMessage } from '../../../lib/api-client'
import { usePost } from '../api/edit-post'
import { EditPostForm } from './edit-post-form'

/**
 * Edit a post before it goes out (issue 18): its caption (title and description, as TikTok will show them), who can
 * see it and its interactions (the creator's fresh options), and its time in a zone. A draft awaiting approval is
 * approved here too. Opened from the calendar, the list and the automation's History; it follows the post live.
 */
export function EditPostDialog({
  postId,
  onDone,
  onClose,
  fallbackFocus,
  preview,
}: {
  postId: string
  /** Shown beside the caption: what the post sends (the automation tab gives the planned post's rendered video). */
  preview?: ReactNode
  /** Saved (or approved): what to tell the person. */
  onDone: (message: string) => void
  onClose: () => void
  fallbackFocus?: RefObject<HTMLElement | null>
}) {
  const id = useId()
  const post = usePost(postId)
  const closeRef = useRef<HTMLButtonElement>(null)
  return (
    <ModalDialog
      labelledBy={`${id}-title`}
      onClose={onClose}
      initialFocus={post.data ? undefined : closeRef}
      fallbackFocus={fallbackFocus}
    >
      {post.data ? (
        <EditPostForm post={post.data} titleId={`${id}-title`} preview={preview} onDone={onDone} onClose={onClose} />
      ) : (
        <div className="space-y-4 p-4 sm:p-6">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            Edit post
          </h2>
          {post.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {userMessage(post.error)}
            </p>
          ) : (
            <Spinner label="Loading the post..." />
          )}
          <div className="flex justify-end">
            <button ref={closeRef} type="button" className={secondaryButtonClass} onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  )
}
