import type { SlideBackground } from '../../utils/slideshow-draft'

/**
 * A slide's background as the editor shows it, covering its box like the rendered 1080×1920 slide (the server crops
 * it to 9:16 the same way).
 */
export function SlideBackgroundView({ background, className }: { background: SlideBackground; className: string }) {
  return <img src={background.url} alt="" className={`object-cover ${className}`} />
}
