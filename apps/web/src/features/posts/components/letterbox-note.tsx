import { letterboxNotice } from '../utils/schedule-problems'

/** Under the video field: a video that is not 9:16 posts with black bars, and how to avoid that (not a refusal). */
export function LetterboxNote({ media }: { media: { width: number; height: number } | null }) {
  const notice = letterboxNotice(media)
  if (!notice) return null
  return (
    <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {notice}
    </p>
  )
}
