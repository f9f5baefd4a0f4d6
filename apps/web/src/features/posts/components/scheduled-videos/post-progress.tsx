import { usePostProgress } from '../../api/get-posts'

/** The upload to TikTok of a post being published, from live `post.progress` events. Nothing when there is none. */
export function PostProgressBar({
  postId,
  title,
  showPercent = false,
}: {
  postId: string
  title: string
  showPercent?: boolean
}) {
  const progress = usePostProgress(postId)
  if (!progress || progress.totalBytes <= 0) return null
  const percent = Math.min(100, Math.round((progress.sentBytes / progress.totalBytes) * 100))
  return (
    <div className="mt-1 flex items-center gap-2">
      <progress
        className="h-1.5 w-full min-w-8 flex-1 overflow-hidden rounded-full accent-blue-600"
        max={100}
        value={percent}
        aria-label={`Uploading ${title} to TikTok`}
      />
      {showPercent ? <span className="text-xs text-slate-600 tabular-nums">{percent}%</span> : null}
    </div>
  )
}
