import { useState } from 'react'

/**
 * A post's cover from TikTok. TikTok's cover URLs expire (tiktok-api.md §5.3), so a cover that fails to load gives way
 * to a plain placeholder instead of a broken image. Decorative: the caption beside it names the post.
 */
export function PostThumbnail({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false)
  const frame = 'h-24 w-[3.375rem] shrink-0 rounded-md'
  if (!url || failed) {
    return (
      <div aria-hidden="true" className={`${frame} flex items-center justify-center bg-slate-200`}>
        <svg viewBox="0 0 24 24" className="h-6 w-6 text-slate-500" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M4 6h11a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1Zm12 4 5-3v10l-5-3" />
        </svg>
      </div>
    )
  }
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className={`${frame} bg-slate-200 object-cover`}
    />
  )
}
