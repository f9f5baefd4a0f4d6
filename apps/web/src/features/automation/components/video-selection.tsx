import { useId, useMemo, useState } from 'react'
import { AUTOMATION_LIMITS } from '@hookpost/shared/automation'
import { MESSAGES } from '@hookpost/shared/messages'
import {
  filterLibrary,
  LIBRARY_FILTER_LABELS,
  LIBRARY_FILTERS,
  type LibraryFilter,
  type LibraryVideo,
} from '@hookpost/shared/library'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { Field } from '../../../components/ui/field'
import { LoadError } from '../../../components/ui/load-error'
import { SegmentedRadio } from '../../../components/ui/segmented-radio'
import { Spinner } from '../../../components/ui/spinner'
import { formatDuration } from '../../../lib/format'

/**
 * The person's Library videos (stock clips, their rendered videos, their slideshows exported as videos), as the app
 * composes it from the studio's list.
 */
export interface LibraryChoices {
  status: 'pending' | 'error' | 'success'
  items: readonly LibraryVideo[]
  /** The server is still making its stock clips: more will appear. */
  preparing: boolean
  retrying: boolean
  onRetry: () => void
}

/**
 * Video Selection: the Library videos automation rotates through (least recently used first), any number up to 50,
 * kept as Library ids. Chosen ids that left the Library (a deleted video) are said and can be dropped.
 */
export function VideoSelection({
  library,
  selected,
  error,
  onChange,
}: {
  library: LibraryChoices
  selected: readonly string[]
  error: string | undefined
  onChange: (videoIds: string[]) => void
}) {
  const id = useId()
  const [filter, setFilter] = useState<LibraryFilter>('all')
  const [search, setSearch] = useState('')
  const shown = useMemo(
    () => filterLibrary(library.items, { filter, category: 'all', search }),
    [library.items, filter, search],
  )
  const known = useMemo(() => new Set(library.items.map((i) => i.id)), [library.items])
  // While stock clips are still being made, a chosen one may simply not be listed yet.
  const gone =
    library.status === 'success' && !library.preparing ? selected.filter((videoId) => !known.has(videoId)) : []
  const full = selected.length >= AUTOMATION_LIMITS.videosMax
  const countId = `${id}-count`
  const errorId = `${id}-error`

  function toggle(itemId: string, on: boolean) {
    onChange(on ? [...selected, itemId] : selected.filter((v) => v !== itemId))
  }

  return (
    <fieldset className="space-y-3" aria-describedby={[error ? errorId : null, countId].filter(Boolean).join(' ')}>
      <legend className="text-sm font-medium text-slate-800">Videos to post</legend>
      <p className="text-sm text-slate-600">
        Each post uses one of these, the least recently used first, with a new hook on top. Up to{' '}
        {AUTOMATION_LIMITS.videosMax} videos.
      </p>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <p id={countId} className="text-sm font-medium text-slate-900" aria-live="polite">
          {selected.length} selected
        </p>
        {selected.length > 0 ? (
          <button type="button" className={secondaryButtonClass} onClick={() => onChange([])}>
            Clear selection
          </button>
        ) : null}
      </div>
      {gone.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-yellow-300 bg-yellow-50 p-2 text-sm text-yellow-900">
          <span>
            {gone.length === 1
              ? '1 chosen video is no longer in your Library.'
              : `${gone.length} chosen videos are no longer in your Library.`}
          </span>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => onChange(selected.filter((v) => known.has(v)))}
          >
            {gone.length === 1 ? 'Remove it' : 'Remove them'}
          </button>
        </div>
      ) : null}

      {library.status === 'pending' ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading the library..." />
        </div>
      ) : library.status === 'error' ? (
        <LoadError
          message={MESSAGES.fetchLibraryFailed}
          onRetry={library.onRetry}
          retrying={library.retrying}
          className="space-y-3"
        />
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-end">
            <SegmentedRadio
              legend="Show"
              name={`${id}-filter`}
              options={LIBRARY_FILTERS}
              labels={LIBRARY_FILTER_LABELS}
              value={filter}
              onChange={setFilter}
            />
            <Field
              label="Search videos"
              error={undefined}
              render={(props) => (
                <input
                  {...props}
                  type="search"
                  autoComplete="off"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  onKeyDown={(e) => {
                    // Enter searches (it already does as one types); it must not save the settings.
                    if (e.key === 'Enter') e.preventDefault()
                  }}
                />
              )}
            />
          </div>
          {library.preparing ? <p className="text-xs text-slate-600">More stock videos are being prepared…</p> : null}
          {shown.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
              {library.items.length === 0
                ? 'The library is empty for now.'
                : 'No videos match. Try other words or show all videos.'}
            </p>
          ) : (
            <ul
              aria-label="Library videos"
              data-field="videoIds"
              tabIndex={-1}
              className="grid max-h-80 grid-cols-1 gap-2 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-2 lg:grid-cols-3"
            >
              {shown.map((item) => {
                const checked = selected.includes(item.id)
                const detailsId = `${id}-${item.id}-details`
                return (
                  <li key={item.id}>
                    <label
                      className={`flex cursor-pointer items-center gap-2 rounded-md border p-1.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-fuchsia-700 ${
                        checked ? 'border-fuchsia-700 bg-fuchsia-50 ring-1 ring-fuchsia-700' : 'border-slate-200'
                      }`}
                    >
                      <input
                        type="checkbox"
                        aria-label={item.title}
                        aria-describedby={detailsId}
                        checked={checked}
                        disabled={!checked && full}
                        onChange={(e) => toggle(item.id, e.target.checked)}
                        className="h-4 w-4 shrink-0 rounded border-slate-300 accent-fuchsia-700"
                      />
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
                        <span id={detailsId} className="block truncate text-slate-600">
                          {item.category} · {formatDuration(item.duration * 1000)}
                        </span>
                      </span>
                    </label>
                  </li>
                )
              })}
            </ul>
          )}
        </>
      )}
    </fieldset>
  )
}
