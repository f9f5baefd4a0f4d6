import { useId, useRef, type RefObject } from 'react'
import type { CalendarPost, Post } from '@hookpost/shared/posts'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { Spinner } from '../../../components/ui/spinner'
import { userMessage } from '../../../lib/api-client'
import { usePost } from '../api/edit-post'
import { DuplicatePostForm } from './duplicate-post-form'

/**
 * Duplicate a post (issue 21, issue 30 item 5): new scheduled posts with the same video (or photo set), caption and
 * TikTok settings, one on each account chosen here (the post's own to start), at the date, time and zone chosen here.
 * The whole post is loaded first (the calendar holds only what it shows); nothing is created until 'Duplicate' is
 * pressed, and then every copy or none.
 */
export function DuplicatePostDialog({
  post,
  onDone,
  onClose,
  fallbackFocus,
}: {
  post: CalendarPost
  /** The new posts, once created (one per chosen account). */
  onDone: (created: Post[]) => void
  onClose: () => void
  fallbackFocus?: RefObject<HTMLElement | null>
}) {
  const id = useId()
  const whole = usePost(post.id)
  const closeRef = useRef<HTMLButtonElement>(null)
  return (
    <ModalDialog
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={onClose}
      initialFocus={whole.data ? undefined : closeRef}
      fallbackFocus={fallbackFocus}
    >
      {whole.data ? (
        <DuplicatePostForm
          post={whole.data}
          titleId={`${id}-title`}
          textId={`${id}-text`}
          onDone={(created) => {
            onDone(created)
            onClose()
          }}
          onClose={onClose}
        />
      ) : (
        <div className="space-y-4 p-4 sm:p-6">
          <h2 id={`${id}-title`} className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
            Duplicate “{post.title}”
          </h2>
          <div id={`${id}-text`}>
            {whole.isError ? (
              <p role="alert" className="text-sm text-red-700">
                {userMessage(whole.error)}
              </p>
            ) : (
              <Spinner label="Loading the post..." />
            )}
          </div>
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
