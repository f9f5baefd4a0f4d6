import type { SlideBackground } from '../../utils/slideshow-draft'

/**
 * A slide's background as the editor shows it, covering its box like the rendered 1080×1920 slide: an image, or the
 * video paused at the chosen second (the browser shows that frame).
 */
export function SlideBackgroundView({ background, className }: { background: SlideBackground; className: string }) {
  if (background.kind === 'image') {
    return <img src={background.url} alt="" className={`object-cover ${className}`} />
  }
  const seconds = background.atMs / 1000
  return (
    <video
      src={`${background.url}#t=${seconds}`}
      muted
      playsInline
      preload="auto"
      aria-hidden="true"
      tabIndex={-1}
      className={`object-cover ${className}`}
      onLoadedMetadata={(e) => {
        e.currentTarget.currentTime = seconds
      }}
    />
  )
}
