import { useRef, useState } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import type { CreatedVideo } from '@hookpost/shared/studio'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { MessageBanner } from '../../../components/ui/message-banner'
import { Spinner } from '../../../components/ui/spinner'
import { ApiRequestError, NetworkError } from '../../../lib/api-client'
import { useDeleteVideo } from '../api/delete-video'
import { useVideos } from '../api/get-videos'
import { useRetryVideo } from '../api/retry-video'
import { STUDIO_MESSAGES } from '../utils/messages'
import { CreatedVideoItem } from './created-video-item'
import { useNotice } from '../../../lib/use-notice'
import { LoadError } from '../../../components/ui/load-error'

function deleteErrorMessage(error: unknown): string {
  // 409: a scheduled post uses it; the server says so.
  if (error instanceof ApiRequestError && error.status < 500 && error.status !== 401) return error.message
  if (error instanceof NetworkError) return MESSAGES.connectionError
  return MESSAGES.videoDeleteFailed
}

/**
 * The created videos (product.md §2 Create tab), newest first, following their renders live: state, thumbnail, play, download,
 * schedule for TikTok (when the app offers it), edit as new (a rendered one, into the Create form), delete and details.
 */
export function CreatedVideos({
  onSchedule,
  onEditAsNew,
}: {
  onSchedule?: (video: CreatedVideo) => void
  onEditAsNew?: (video: CreatedVideo) => void
}) {
  const videos = useVideos()
  const remove = useDeleteVideo()
  const retry = useRetryVideo()
  const [deleting, setDeleting] = useState<CreatedVideo | null>(null)
  const [notice, setNotice] = useNotice()
  const headingRef = useRef<HTMLHeadingElement>(null)

  function onConfirmDelete(video: CreatedVideo) {
    remove.mutate(video.id, {
      onSuccess: () => setNotice({ tone: 'success', text: MESSAGES.videoDeleted }),
      onError: (error) => setNotice({ tone: 'error', text: deleteErrorMessage(error) }),
      onSettled: () => setDeleting(null),
    })
  }

  function onRetry(video: CreatedVideo) {
    setNotice(null)
    retry.mutate(video.id, {
      onError: (error) =>
        setNotice({
          tone: 'error',
          text: error instanceof ApiRequestError && error.status < 500 ? error.message : MESSAGES.unexpected,
        }),
    })
  }

  return (
    <section
      aria-labelledby="created-videos-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2
        id="created-videos-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        Your Videos
      </h2>
      {notice ? (
        <div className="mt-4">
          <MessageBanner tone={notice.tone} onDismiss={() => setNotice(null)}>
            {notice.text}
          </MessageBanner>
        </div>
      ) : null}
      {videos.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading your videos..." />
        </div>
      ) : videos.isError ? (
        <LoadError
          message={STUDIO_MESSAGES.fetchVideosFailed}
          retrying={videos.isFetching}
          onRetry={() => void videos.refetch()}
        />
      ) : videos.data.length === 0 ? (
        <p className="mt-4 rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          No videos yet. Create your first one above: it appears here while it renders.
        </p>
      ) : (
        <ul aria-label="Your videos" className="mt-4 divide-y divide-slate-200">
          {videos.data.map((video) => (
            <CreatedVideoItem
              key={video.id}
              video={video}
              retrying={retry.isPending && retry.variables === video.id}
              onRetry={() => onRetry(video)}
              onDelete={() => setDeleting(video)}
              onSchedule={onSchedule ? () => onSchedule(video) : undefined}
              onEditAsNew={onEditAsNew ? () => onEditAsNew(video) : undefined}
            />
          ))}
        </ul>
      )}
      {deleting ? (
        <ConfirmDialog
          title={`Delete “${deleting.title}”?`}
          text={STUDIO_MESSAGES.deleteVideoConfirm}
          confirmLabel="Delete video"
          busy={remove.isPending}
          onConfirm={() => onConfirmDelete(deleting)}
          onClose={() => setDeleting(null)}
          fallbackFocus={headingRef}
        />
      ) : null}
    </section>
  )
}
