import type { LibraryVideo } from '@hookpost/shared/library'
import { secondaryButtonClass } from '../../../../components/ui/button-styles'
import type { LibraryPick } from '../../utils/video-draft'
import { LibraryBrowser } from '../library-browser'

/** A slot's Library: the browser, what is chosen (with a way to remove it) and what went wrong. */
export function LibrarySlot({
  label,
  pick,
  choosingId,
  busy,
  initialCategory,
  removeLabel,
  problem,
  onChoose,
  onRemove,
}: {
  label: string
  pick: LibraryPick | null
  choosingId: string | null
  busy: boolean
  initialCategory?: string
  removeLabel: string
  problem: string | null
  onChoose: (item: LibraryVideo) => void
  onRemove: () => void
}) {
  return (
    <div className="space-y-3">
      <LibraryBrowser
        label={label}
        selectedId={pick?.item.id ?? null}
        choosingId={choosingId}
        busy={busy}
        initialCategory={initialCategory}
        onChoose={onChoose}
      />
      {pick ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
          <span className="min-w-0 break-words">
            Using <strong>{pick.item.title}</strong> from the Library.
          </span>
          <button type="button" className={secondaryButtonClass} onClick={onRemove}>
            {removeLabel}
          </button>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
