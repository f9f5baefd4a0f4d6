import { useId, useState } from 'react'
import { SLIDESHOW_WRITER_LIMITS, type WrittenSlideshow } from '@hookpost/shared/slideshows'
import { AiProblem } from '../../../../components/ui/ai-problem'
import { secondaryButtonClass } from '../../../../components/ui/button-styles'
import { CharacterCount, Field } from '../../../../components/ui/field'
import { useWriteSlideshow } from '../../api/slideshows'
import { studioErrorMessage } from '../../utils/errors'

/** An account the writer can write for (its audience, niche and goals shape the text). */
export type WriterAccount = { id: string; label: string }

const POINTS = SLIDESHOW_WRITER_LIMITS.points

/**
 * The AI slideshow writer (issue 29): a topic, how many points, and the account it is for; it writes a hook slide, the
 * point slides and a call to action, which go on the slides as text (their pictures kept; slides added if needed).
 */
export function SlideshowWriter({
  accounts,
  slideCount,
  onWritten,
}: {
  accounts: readonly WriterAccount[]
  slideCount: number
  onWritten: (written: WrittenSlideshow) => void
}) {
  const id = useId()
  const write = useWriteSlideshow()
  const [topic, setTopic] = useState('')
  const [points, setPoints] = useState(String(POINTS.default))
  const [accountId, setAccountId] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)

  function run() {
    if (write.isPending) return
    setOutcome(null)
    if (!topic.trim()) return setError('Please describe what the slideshow is about')
    if (slideCount === 0) {
      return setOutcome({ tone: 'error', text: 'Add a slide first: the writer puts its text on your slides.' })
    }
    setError(undefined)
    write.mutate(
      { topic, points: Number(points), ...(accountId ? { accountId } : {}) },
      {
        onSuccess: (written) => {
          onWritten(written)
          setOutcome({ tone: 'success', text: `Wrote ${written.slides.length} slides: check each one and edit it.` })
        },
        onError: (err) => setOutcome({ tone: 'error', text: studioErrorMessage(err, 'The writer failed. Try again.') }),
      },
    )
  }

  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">AI slideshow writer</legend>
      <p className="text-sm text-slate-700">
        Writes a hook for slide 1, your points, and a call to action last, on the pictures you chose.
      </p>
      <Field
        label="Topic"
        error={error}
        aside={<CharacterCount length={topic.length} max={SLIDESHOW_WRITER_LIMITS.topic} />}
        render={(props) => (
          <input
            {...props}
            autoComplete="off"
            maxLength={SLIDESHOW_WRITER_LIMITS.topic}
            value={topic}
            onChange={(e) => {
              setTopic(e.target.value)
              setError(undefined)
            }}
          />
        )}
      />
      <div className="flex flex-wrap gap-3">
        <label className="text-sm font-medium text-slate-800">
          Number of points
          <select
            className="mt-1 block rounded-md border border-slate-300 px-2 py-1.5"
            value={points}
            onChange={(e) => setPoints(e.target.value)}
          >
            {Array.from({ length: POINTS.max - POINTS.min + 1 }, (_, i) => POINTS.min + i).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {accounts.length > 0 ? (
          <label className="min-w-0 text-sm font-medium text-slate-800">
            Written for
            <select
              id={`${id}-account`}
              className="mt-1 block max-w-full rounded-md border border-slate-300 px-2 py-1.5"
              value={accountId}
              onChange={(e) => setAccountId(e.target.value)}
            >
              <option value="">Your profile</option>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <button type="button" className={secondaryButtonClass} disabled={write.isPending} onClick={run}>
        {write.isPending ? 'Writing...' : 'Write the slides'}
      </button>
      {outcome?.tone === 'error' ? <AiProblem message={outcome.text} accountId={accountId || null} /> : null}
      {outcome?.tone === 'success' ? (
        <p role="status" className="text-sm text-green-800">
          {outcome.text}
        </p>
      ) : null}
    </fieldset>
  )
}
