import { useId, useMemo, useState } from 'react'
import {
  filterLibrary,
  isLibraryVideo,
  LIBRARY_FILTER_LABELS,
  LIBRARY_FILTERS,
  libraryCategories,
  type LibraryFilter,
  type LibraryItem,
  type LibraryVideo,
} from '@hookpost/shared/library'
import { Field } from '../../../components/ui/field'
import { LoadError } from '../../../components/ui/load-error'
import { SegmentedRadio } from '../../../components/ui/segmented-radio'
import { Spinner } from '../../../components/ui/spinner'
import { useLibrary } from '../api/get-library'
import { STUDIO_MESSAGES } from '../utils/messages'
import { LibrarySlideshowCard, LibraryVideoCard } from './library-card'

/** "4 videos", and the slideshows shown that are not videos yet. */
function countLine(shown: readonly LibraryItem[]): string {
  const videos = shown.filter(isLibraryVideo).length
  const others = shown.length - videos
  const line = videos === 1 ? '1 video' : `${videos} videos`
  if (others === 0) return line
  return `${line} and ${others === 1 ? '1 slideshow' : `${others} slideshows`} not exported as a video yet`
}

/**
 * The Library (product.md §2 Create tab): Hookpost's stock clips, the person's rendered videos and their slideshows,
 * filtered by owner (all / mine / stock), category and words, in a grid capped in height (it scrolls). Each video is a
 * toggle button: pressed is the one chosen. A slideshow is a video once exported; before that its card says how to
 * make it one and links to it in the Slideshow studio. `choosingId` is the item being made ready (its button says so
 * and waits); while `busy` (this or another browser on the page is making one ready) no other can be chosen.
 */
export function LibraryBrowser({
  selectedId,
  choosingId,
  onChoose,
  label = 'Library videos',
  busy = choosingId !== null,
  initialCategory = 'all',
  videosOnly = false,
}: {
  selectedId: string | null
  choosingId: string | null
  onChoose: (item: LibraryVideo) => void
  /** The list's name (two browsers on one page are told apart by it). */
  label?: string
  busy?: boolean
  /** The category shown first (the hook-demo preset opens on the hook clips). */
  initialCategory?: string
  /** Only what is a video now (the slideshow studio's stills: a slideshow not exported has no frames to take). */
  videosOnly?: boolean
}) {
  const id = useId()
  const library = useLibrary()
  const [filter, setFilter] = useState<LibraryFilter>('all')
  const [category, setCategory] = useState(initialCategory)
  const [search, setSearch] = useState('')
  const items = useMemo(() => {
    const all = library.data?.videos ?? []
    return videosOnly ? all.filter(isLibraryVideo) : all
  }, [library.data, videosOnly])
  const categories = useMemo(() => libraryCategories(items), [items])
  const shown = useMemo(() => filterLibrary(items, { filter, category, search }), [items, filter, category, search])
  const countId = `${id}-count`

  if (library.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading the library..." />
      </div>
    )
  }
  if (library.isError) {
    return (
      <LoadError
        message={STUDIO_MESSAGES.fetchLibraryFailed}
        onRetry={() => void library.refetch()}
        retrying={library.isFetching}
        className="space-y-3"
      />
    )
  }

  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[auto_minmax(0,1fr)_minmax(0,1fr)] sm:items-end">
        <SegmentedRadio
          legend="Show"
          name={`${id}-filter`}
          options={LIBRARY_FILTERS}
          labels={LIBRARY_FILTER_LABELS}
          value={filter}
          onChange={setFilter}
        />
        <Field
          label="Category"
          error={undefined}
          render={(props) => (
            <select {...props} value={category} onChange={(e) => setCategory(e.target.value)}>
              <option value="all">All categories</option>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        />
        <Field
          label="Search videos"
          error={undefined}
          render={(props) => (
            <input
              {...props}
              type="search"
              value={search}
              autoComplete="off"
              aria-describedby={countId}
              onChange={(e) => setSearch(e.target.value)}
            />
          )}
        />
      </div>

      <p id={countId} className="text-xs text-slate-600" aria-live="polite">
        {countLine(shown)}
        {library.data.preparing ? ' · more stock videos are being prepared…' : ''}
      </p>

      {shown.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          {items.length === 0
            ? 'The library is empty for now.'
            : filter === 'user' && !items.some((i) => i.isUserContent)
              ? videosOnly
                ? 'Videos you create appear here once they are rendered.'
                : 'Videos you create appear here once they are rendered. Your slideshows appear here too.'
              : 'No videos match. Try another category or other words.'}
        </p>
      ) : (
        <ul
          aria-label={label}
          className="grid max-h-60 grid-cols-2 gap-2 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-3"
        >
          {shown.map((item) => (
            <li key={item.id}>
              {isLibraryVideo(item) ? (
                <LibraryVideoCard
                  item={item}
                  selected={item.id === selectedId}
                  choosing={item.id === choosingId}
                  disabled={busy}
                  onChoose={() => onChoose(item)}
                />
              ) : (
                <LibrarySlideshowCard item={item} />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
