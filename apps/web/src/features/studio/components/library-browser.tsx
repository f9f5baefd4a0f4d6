import { useId, useMemo, useState } from 'react'
import {
  filterLibrary,
  LIBRARY_FILTER_LABELS,
  LIBRARY_FILTERS,
  libraryCategories,
  type LibraryFilter,
  type LibraryItem,
} from '@hookpost/shared/library'
import { Field } from '../../../components/ui/field'
import { LoadError } from '../../../components/ui/load-error'
import { SegmentedRadio } from '../../../components/ui/segmented-radio'
import { Spinner } from '../../../components/ui/spinner'
import { formatDuration } from '../../../lib/format'
import { useLibrary } from '../api/get-library'
import { STUDIO_MESSAGES } from '../utils/messages'

/**
 * The Library (product.md §2 Create tab): Hookpost's stock clips and the person's rendered videos, filtered by owner (all /
 * mine / stock), category and words, in a grid capped in height (it scrolls). Each video is a toggle button: pressed
 * is the one chosen. `choosingId` is the item being made ready (its button says so and waits); while `busy` (this or
 * another browser on the page is making one ready) no other can be chosen.
 */
export function LibraryBrowser({
  selectedId,
  choosingId,
  onChoose,
  label = 'Library videos',
  busy = choosingId !== null,
  initialCategory = 'all',
}: {
  selectedId: string | null
  choosingId: string | null
  onChoose: (item: LibraryItem) => void
  /** The list's name (two browsers on one page are told apart by it). */
  label?: string
  busy?: boolean
  /** The category shown first (the hook-demo preset opens on the hook clips). */
  initialCategory?: string
}) {
  const id = useId()
  const library = useLibrary()
  const [filter, setFilter] = useState<LibraryFilter>('all')
  const [category, setCategory] = useState(initialCategory)
  const [search, setSearch] = useState('')
  const items = useMemo(() => library.data?.videos ?? [], [library.data])
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
        {shown.length === 1 ? '1 video' : `${shown.length} videos`}
        {library.data.preparing ? ' · more stock videos are being prepared…' : ''}
      </p>

      {shown.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          {items.length === 0
            ? 'The library is empty for now.'
            : filter === 'user' && !items.some((i) => i.isUserContent)
              ? 'Videos you create appear here once they are rendered.'
              : 'No videos match. Try another category or other words.'}
        </p>
      ) : (
        <ul
          aria-label={label}
          className="grid max-h-60 grid-cols-2 gap-2 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-3"
        >
          {shown.map((item) => (
            <li key={item.id}>
              <LibraryCard
                item={item}
                selected={item.id === selectedId}
                choosing={item.id === choosingId}
                disabled={busy}
                onChoose={() => onChoose(item)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function LibraryCard({
  item,
  selected,
  choosing,
  disabled,
  onChoose,
}: {
  item: LibraryItem
  selected: boolean
  choosing: boolean
  disabled: boolean
  onChoose: () => void
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-busy={choosing || undefined}
      aria-label={`${item.title}, ${item.category}, ${formatDuration(item.duration * 1000)}`}
      disabled={disabled}
      onClick={onChoose}
      className={`flex w-full items-center gap-2 rounded-md border p-1.5 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700 disabled:cursor-wait ${
        selected ? 'border-fuchsia-700 bg-fuchsia-50 ring-1 ring-fuchsia-700' : 'border-slate-200 hover:bg-slate-50'
      }`}
    >
      <img
        src={item.thumbnailUrl}
        alt=""
        width={36}
        height={64}
        loading="lazy"
        className="h-16 w-9 shrink-0 rounded bg-slate-200 object-cover"
      />
      <span className="min-w-0 text-xs">
        <span className="block truncate font-medium text-slate-900">{item.title}</span>
        <span className="block truncate text-slate-600">{item.category}</span>
        <span className="block text-slate-600">
          {choosing ? 'Preparing…' : selected ? 'Chosen' : formatDuration(item.duration * 1000)}
        </span>
      </span>
    </button>
  )
}
