import { useId } from 'react'
import { Link } from 'react-router'
import type { LibraryItem, LibraryVideo } from '@hookpost/shared/library'
import { slideshowStudioPath } from '../../../config/paths'
import { formatDuration } from '../../../lib/format'

const slideCount = (n: number) => (n === 1 ? '1 slide' : `${n} slides`)

/** What a card says under its title: the category, and a slideshow's slide count. */
function kindLine(item: LibraryItem): string {
  return item.slideshow ? `${item.category} · ${slideCount(item.slideshow.slideCount)}` : item.category
}

function Thumbnail({ url }: { url: string }) {
  return (
    <img
      src={url}
      alt=""
      width={36}
      height={64}
      loading="lazy"
      className="h-16 w-9 shrink-0 rounded bg-slate-200 object-cover"
    />
  )
}

/**
 * A Library item that is a video (a stock clip, a rendered video, a slideshow exported as one): a toggle button,
 * pressed when it is the one chosen.
 */
export function LibraryVideoCard({
  item,
  selected,
  choosing,
  disabled,
  onChoose,
}: {
  item: LibraryVideo
  selected: boolean
  choosing: boolean
  disabled: boolean
  onChoose: () => void
}) {
  const length = formatDuration(item.duration * 1000)
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-busy={choosing || undefined}
      aria-label={`${item.title}, ${kindLine(item).replace(' · ', ', ')}, ${length}`}
      disabled={disabled}
      onClick={onChoose}
      className={`flex w-full items-center gap-2 rounded-md border p-1.5 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700 disabled:cursor-wait ${
        selected ? 'border-fuchsia-700 bg-fuchsia-50 ring-1 ring-fuchsia-700' : 'border-slate-200 hover:bg-slate-50'
      }`}
    >
      <Thumbnail url={item.thumbnailUrl} />
      <span className="min-w-0 text-xs">
        <span className="block truncate font-medium text-slate-900">{item.title}</span>
        <span className="block truncate text-slate-600">{kindLine(item)}</span>
        <span className="block text-slate-600">{choosing ? 'Preparing…' : selected ? 'Chosen' : length}</span>
      </span>
    </button>
  )
}

/**
 * One of the person's slideshows that is not a video (yet): it cannot be chosen, so it is no button. It says why and
 * how to get a video of it — "Export as video" in the Slideshow studio — and links there, to that slideshow.
 */
export function LibrarySlideshowCard({ item }: { item: LibraryItem }) {
  const id = useId()
  const slideshow = item.slideshow
  if (!slideshow) return null
  const exporting = slideshow.exportState === 'queued' || slideshow.exportState === 'rendering'
  const status = exporting
    ? 'Exporting as a video…'
    : slideshow.exportState === 'failed'
      ? 'The video export failed'
      : 'Not a video yet'
  const hint = exporting
    ? 'It can be chosen here once the video is ready.'
    : 'Use “Export as video” in the Slideshow studio, then choose it here.'
  return (
    <div
      role="group"
      aria-label={`${item.title}, ${kindLine(item).replace(' · ', ', ')}, ${status}`}
      className="flex h-full flex-col gap-1.5 rounded-md border border-dashed border-slate-300 p-1.5 text-xs"
    >
      <div className="flex items-center gap-2">
        <Thumbnail url={item.thumbnailUrl} />
        <span className="min-w-0">
          <span className="block truncate font-medium text-slate-900">{item.title}</span>
          <span className="block truncate text-slate-600">{kindLine(item)}</span>
          <span className="block text-slate-700">{status}</span>
        </span>
      </div>
      <p id={`${id}-hint`} className="text-slate-600">
        {hint}
      </p>
      {/* Named with its title (every such card has this link), starting with the words shown. */}
      <Link
        to={slideshowStudioPath(slideshow.id)}
        aria-label={`Open in Slideshow studio: “${item.title}”`}
        aria-describedby={`${id}-hint`}
        className="self-start font-medium text-fuchsia-800 underline underline-offset-2 hover:text-fuchsia-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700"
      >
        Open in Slideshow studio
      </Link>
    </div>
  )
}
