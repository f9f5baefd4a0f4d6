import { useId, useRef, useState } from 'react'
import type { SavedHook } from '@hookpost/shared/studio'
import { rowButtonClass, rowDangerButtonClass } from '../../../components/ui/button-styles'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { MessageBanner } from '../../../components/ui/message-banner'
import { Spinner } from '../../../components/ui/spinner'
import type { Notice } from '../../../lib/use-notice'
import { useDeleteSavedHook } from '../api/delete-saved-hook'
import { useSavedHooks } from '../api/get-saved-hooks'
import { STUDIO_MESSAGES } from '../utils/messages'
import { describeOverlayStyle } from '../utils/overlays'
import { OVERLAY_TEXT_STYLE } from '../utils/overlay-text-style'
import { studioErrorMessage } from '../utils/errors'
import { LoadError } from '../../../components/ui/load-error'

/**
 * The creator's saved hooks (product.md §2 Text Overlays, §3 saved_hooks), newest first: Apply adds one as an overlay with
 * its style, Delete removes it (after a confirmation). Hooks are saved from the overlay list ("Save as hook"); the
 * notice of that, and of what happens here, shows at the top of this section.
 */
export function SavedHooks({
  notice,
  onNotice,
  onApply,
  onMakeVideo,
  emptyHint = 'No saved hooks yet. Use “Save as hook” on an overlay below to keep its text and style for other videos.',
}: {
  notice: Notice | null
  onNotice: (notice: Notice | null) => void
  /** Adds the hook as an overlay; without it (the Create Hooks tab) the list only shows and deletes. */
  onApply?: (hook: SavedHook) => void
  /** Starts a video with the hook as its first overlay (the Create Hooks tab, issue 30). */
  onMakeVideo?: (hook: SavedHook) => void
  /** What an empty list says: how hooks get here from where the list is shown. */
  emptyHint?: string
}) {
  const id = useId()
  const hooks = useSavedHooks()
  const remove = useDeleteSavedHook()
  const [deleting, setDeleting] = useState<SavedHook | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)

  function onConfirmDelete(hook: SavedHook) {
    remove.mutate(hook.id, {
      onSuccess: () => onNotice({ tone: 'success', text: STUDIO_MESSAGES.savedHookDeleted }),
      onError: (error) =>
        onNotice({ tone: 'error', text: studioErrorMessage(error, STUDIO_MESSAGES.deleteSavedHookFailed) }),
      onSettled: () => setDeleting(null),
    })
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-md border border-slate-200 p-3 sm:p-4">
      <h3
        id={`${id}-heading`}
        ref={headingRef}
        tabIndex={-1}
        className="text-sm font-semibold text-slate-900 focus:outline-none"
      >
        Saved hooks
      </h3>
      {notice ? (
        <MessageBanner tone={notice.tone} onDismiss={() => onNotice(null)}>
          {notice.text}
        </MessageBanner>
      ) : null}
      {hooks.isPending ? (
        <Spinner label="Loading your saved hooks..." />
      ) : hooks.isError ? (
        <LoadError
          className="space-y-2"
          message={STUDIO_MESSAGES.fetchSavedHooksFailed}
          retrying={hooks.isFetching}
          onRetry={() => void hooks.refetch()}
        />
      ) : hooks.data.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyHint}</p>
      ) : (
        <ul aria-label="Saved hooks" className="max-h-60 space-y-2 overflow-y-auto">
          {hooks.data.map((hook) => (
            <li
              key={hook.id}
              className="flex flex-wrap items-start gap-2 rounded-md border border-slate-200 bg-white p-2"
            >
              <div className="min-w-0 flex-1 basis-40">
                <p className="font-medium [overflow-wrap:anywhere] text-slate-900" style={OVERLAY_TEXT_STYLE}>
                  {hook.text}
                </p>
                <p className="text-xs text-slate-600">
                  <span
                    aria-hidden="true"
                    className="mr-1.5 inline-block h-3 w-3 rounded-full border border-slate-400 align-[-2px]"
                    style={{ backgroundColor: hook.color }}
                  />
                  {describeOverlayStyle({ ...hook, target: 'both' }, false)}
                </p>
              </div>
              <div className="flex flex-wrap gap-1.5">
                {onApply ? (
                  <button
                    type="button"
                    className={rowButtonClass}
                    aria-label={`Apply hook “${hook.text}”`}
                    onClick={() => onApply(hook)}
                  >
                    Apply
                  </button>
                ) : null}
                {onMakeVideo ? (
                  <button
                    type="button"
                    className={rowButtonClass}
                    aria-label={`Make a video with hook “${hook.text}”`}
                    onClick={() => onMakeVideo(hook)}
                  >
                    Make this video
                  </button>
                ) : null}
                <button
                  type="button"
                  className={rowDangerButtonClass}
                  aria-label={`Delete hook “${hook.text}”`}
                  onClick={() => setDeleting(hook)}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {deleting ? (
        <ConfirmDialog
          title={`Delete hook “${deleting.text}”?`}
          text={STUDIO_MESSAGES.deleteSavedHookConfirm}
          confirmLabel="Delete hook"
          busy={remove.isPending}
          onConfirm={() => onConfirmDelete(deleting)}
          onClose={() => setDeleting(null)}
          fallbackFocus={headingRef}
        />
      ) : null}
    </section>
  )
}
