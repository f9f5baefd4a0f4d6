import { Spinner } from '../../../components/ui/spinner'
import { useFollowedVideo } from '../hooks/use-followed-video'
import { RenderProgress } from './video-state-badge'

/**
 * A created video's player, poster = its thumbnail, named by `label` (what the video is, for a screen reader); while
 * it renders, its progress live; if it failed, why. Sized for a dialog's column: 160 px wide, 9:16.
 */
export function RenderedVideoPlayer({ videoId, label }: { videoId: string; label: string }) {
  const video = useFollowedVideo(videoId)
  if (!video) return <Spinner label="Loading the video..." className="h-6 w-6" />
  if (video.state === 'failed') {
    return (
      <p role="alert" className="text-sm [overflow-wrap:anywhere] text-red-700">
        Failed: {video.errorMessage ?? 'The video could not be rendered.'}
      </p>
    )
  }
  if (!video.processed || !video.processedVideoUrl) {
    return (
      <div className="w-40 space-y-1 text-sm text-slate-700">
        <p>Rendering the video… {Math.round(video.progress)}%</p>
        <RenderProgress video={video} />
      </div>
    )
  }
  return (
    <video
      src={video.processedVideoUrl}
      poster={video.thumbnailUrl ?? undefined}
      controls
      playsInline
      preload="metadata"
      aria-label={label}
      className="aspect-[9/16] w-40 rounded-md bg-black"
    />
  )
}
