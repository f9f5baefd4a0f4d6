import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { CreatedVideo } from '@hookpost/shared/studio'
import { linkClass } from '../../../components/ui/form'
import { Spinner } from '../../../components/ui/spinner'
import { useFollowedVideo } from '../hooks/use-followed-video'
import { RenderProgress, VideoStateBadge } from './video-state-badge'

/**
 * One created video followed as it renders (live, from the events the dashboard applies to the videos list): its
 * progress, why it failed, or the player once it is ready. `listHref` leads to the full list of videos; `actions` are
 * what can be done with it next, once it is ready.
 */
export function VideoRenderStatus({
  videoId,
  listHref,
  actions,
}: {
  videoId: string
  listHref: string
  actions?: (video: CreatedVideo) => ReactNode
}) {
  const video = useFollowedVideo(videoId)
  if (!video) return <Spinner label="Loading the video..." className="h-6 w-6" />
  const ready = video.processed && video.processedVideoUrl !== null
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium [overflow-wrap:anywhere] text-slate-900">{video.title}</h3>
        <VideoStateBadge video={video} />
      </div>
      {video.state === 'queued' || video.state === 'rendering' ? <RenderProgress video={video} /> : null}
      {video.state === 'failed' ? (
        <p role="alert" className="text-sm [overflow-wrap:anywhere] text-red-700">
          Failed: {video.errorMessage ?? 'The video could not be rendered.'}
        </p>
      ) : null}
      {ready ? (
        <video
          src={video.processedVideoUrl!}
          poster={video.thumbnailUrl ?? undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={`${video.title} (rendered video)`}
          className="aspect-[9/16] w-full max-w-[200px] rounded bg-black"
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {ready && actions ? actions(video) : null}
        <Link to={listHref} className={linkClass}>
          See it in Your Videos
        </Link>
      </div>
    </div>
  )
}
