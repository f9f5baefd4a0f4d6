import { useState } from 'react'
import type { LibraryVideo } from '@hookpost/shared/library'
import { secondaryButtonClass } from '../../../../components/ui/button-styles'
import { Field } from '../../../../components/ui/field'
import { useChooseLibraryItem } from '../../api/choose-library-item'
import { studioErrorMessage } from '../../utils/errors'
import { STUDIO_MESSAGES } from '../../utils/messages'
import type { DraftSlide } from '../../utils/slideshow-draft'
import { LibraryBrowser } from '../library-browser'

/** GET /api/slideshows/stills/:mediaId?atMs: a JPEG frame of one of the person's videos (a clip slide's background). */
export function stillUrl(mediaId: string, atMs: number): string {
  return `/api/slideshows/stills/${encodeURIComponent(mediaId)}?atMs=${atMs}`
}

/**
 * A slide from the Library: one of the videos (a stock clip or one of the person's), and the second whose frame
 * becomes the slide's background; the video is made a media file of the person's first (as the Create form does).
 */
export function LibraryStillPicker({
  disabled,
  onAdd,
}: {
  disabled: boolean
  onAdd: (slide: Omit<DraftSlide, 'key' | 'overlays'>) => void
}) {
  const choose = useChooseLibraryItem()
  const [item, setItem] = useState<LibraryVideo | null>(null)
  const [second, setSecond] = useState('0')
  const [error, setError] = useState<string | undefined>()
  const [problem, setProblem] = useState<string | null>(null)

  function add() {
    if (!item || choose.isPending || disabled) return
    const seconds = Number(second)
    if (second.trim() === '' || !Number.isFinite(seconds) || seconds < 0 || seconds > item.duration) {
      setError(`Enter a second between 0 and ${Math.floor(item.duration * 10) / 10}.`)
      return
    }
    setError(undefined)
    setProblem(null)
    const atMs = Math.round(seconds * 1000)
    choose.mutate(item.id, {
      onSuccess: (media) =>
        onAdd({
          source: { kind: 'clip', mediaId: media.id, atMs },
          // The server's own frame of the video at that moment: what the slide is rendered on.
          background: { kind: 'image', url: stillUrl(media.id, atMs) },
          name: `Still of “${item.title}” at ${seconds} s`,
        }),
      onError: (err) => setProblem(studioErrorMessage(err, STUDIO_MESSAGES.libraryVideoFailed)),
    })
  }

  return (
    <div className="space-y-3">
      <LibraryBrowser
        label="Library videos for slides"
        videosOnly
        selectedId={item?.id ?? null}
        choosingId={choose.isPending ? (item?.id ?? null) : null}
        onChoose={(chosen) => {
          setItem(chosen)
          setError(undefined)
        }}
      />
      {item ? (
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-40">
            <Field
              label="Second of the video"
              error={error}
              render={(props) => (
                <input
                  {...props}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={item.duration}
                  step={0.1}
                  value={second}
                  onChange={(e) => {
                    setSecond(e.target.value)
                    setError(undefined)
                  }}
                />
              )}
            />
          </div>
          <button type="button" className={secondaryButtonClass} disabled={disabled || choose.isPending} onClick={add}>
            {choose.isPending ? 'Adding...' : 'Add this still as a slide'}
          </button>
        </div>
      ) : (
        <p className="text-sm text-slate-600">Choose a video, then the second whose picture becomes the slide.</p>
      )}
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
