import { useState } from 'react'
import type { Slideshow } from '@hookpost/shared/slideshows'
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog'
import { LoadError } from '../../../../components/ui/load-error'
import { MessageBanner } from '../../../../components/ui/message-banner'
import { Spinner } from '../../../../components/ui/spinner'
import { useNotice } from '../../../../lib/use-notice'
import { useDeleteSlideshow, useRetrySlideshow, useSlideshows } from '../../api/slideshows'
import { studioErrorMessage } from '../../utils/errors'
import { SlideshowItem } from './slideshow-item'

/** The Library linked to a slideshow that is no longer there (deleted meanwhile, perhaps in another tab). */
const OPENED_GONE = 'The slideshow you opened from the Library is no longer here.'

/**
 * The person's slideshows, newest first, each following its render live (the server's `slideshow.updated` events).
 * `openedId` is the one the Library sent the person to: brought into view, or said to be gone.
 */
export function SlideshowsList({
  openedId = null,
  onEdit,
  onSchedule,
}: {
  openedId?: string | null
  onEdit: (slideshow: Slideshow) => void
  onSchedule?: (slideshow: Slideshow) => void
}) {
  const slideshows = useSlideshows()
  const remove = useDeleteSlideshow()
  const retry = useRetrySlideshow()
  const [deleting, setDeleting] = useState<Slideshow | null>(null)
  const [notice, setNotice] = useNotice()
  const openedGone = openedId !== null && slideshows.isSuccess && !slideshows.data.some((s) => s.id === openedId)

  return (
    <section aria-labelledby="slideshows-heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="slideshows-heading" className="text-lg font-semibold text-slate-900">
        Your slideshows
      </h2>
      {notice ? (
        <div className="mt-3">
          <MessageBanner tone={notice.tone} onDismiss={() => setNotice(null)}>
            {notice.text}
          </MessageBanner>
        </div>
      ) : null}
      {openedGone ? (
        <p role="status" className="mt-3 text-sm text-slate-700">
          {OPENED_GONE}
        </p>
      ) : null}
      {slideshows.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading your slideshows..." />
        </div>
      ) : slideshows.isError ? (
        <LoadError
          message="Your slideshows could not be loaded."
          retrying={slideshows.isFetching}
          onRetry={() => void slideshows.refetch()}
        />
      ) : slideshows.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No slideshows yet. Make one above.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {slideshows.data.map((slideshow) => (
            <SlideshowItem
              key={slideshow.id}
              slideshow={slideshow}
              retrying={retry.isPending && retry.variables === slideshow.id}
              opened={slideshow.id === openedId}
              onEdit={() => onEdit(slideshow)}
              onDelete={() => setDeleting(slideshow)}
              onRetry={() =>
                retry.mutate(slideshow.id, {
                  onError: (err) => setNotice({ tone: 'error', text: studioErrorMessage(err, 'Retry failed.') }),
                })
              }
              onSchedule={onSchedule ? () => onSchedule(slideshow) : undefined}
            />
          ))}
        </ul>
      )}
      {deleting ? (
        <ConfirmDialog
          title="Delete slideshow?"
          text={`“${deleting.title}” and its rendered slides will be deleted. Posts already scheduled keep their images.`}
          confirmLabel="Delete slideshow"
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => setNotice({ tone: 'success', text: 'Slideshow deleted.' }),
              onError: (err) =>
                setNotice({ tone: 'error', text: studioErrorMessage(err, 'The slideshow could not be deleted.') }),
              onSettled: () => setDeleting(null),
            })
          }
        />
      ) : null}
    </section>
  )
}
