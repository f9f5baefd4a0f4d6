import { AI_MESSAGES, type ContentIdea } from '@hookpost/shared/ai'
import { MESSAGES } from '@hookpost/shared/messages'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { useFlash } from '../hooks/use-flash'
import { WRITER_LABELS, type AiProvider } from '../utils/providers'

/**
 * The content ideas generated (title, what to film, the hook), each with Copy, Save as hook and Make this video;
 * `notice` says why a copy or a save did not happen.
 */
export function ContentIdeas({
  baseId: id,
  ideas,
  provider,
  notice,
  onNotice,
  onSaveHook,
  onMakeVideo,
}: {
  baseId: string
  ideas: readonly ContentIdea[]
  provider: AiProvider | null
  notice: string | null
  onNotice: (notice: string | null) => void
  /** Saves a hook's text (the studio's saved hooks); rejects with the reason when it could not. */
  onSaveHook: (text: string) => Promise<void>
  /** Opens Create Videos on the idea (its title, what to film, its hook as the first overlay); composed by the app. */
  onMakeVideo?: (idea: ContentIdea) => void
}) {
  const [copied, flashCopied] = useFlash()
  const [saved, flashSaved] = useFlash()

  async function copy(idea: ContentIdea) {
    onNotice(null)
    try {
      await navigator.clipboard.writeText(idea.hookText)
      flashCopied(idea.id)
    } catch {
      onNotice(AI_MESSAGES.copyFailed)
    }
  }

  async function save(idea: ContentIdea) {
    onNotice(null)
    try {
      await onSaveHook(idea.hookText)
      flashSaved(idea.id)
    } catch (error) {
      onNotice(error instanceof Error && error.message ? error.message : MESSAGES.saveHookFailed)
    }
  }

  return (
    <section aria-labelledby={`${id}-ideas`} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-ideas`} className="text-lg font-semibold text-slate-900">
        Content ideas
      </h2>
      {notice ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {notice}
        </p>
      ) : null}
      {provider && ideas.length > 0 ? <p className="mt-1 text-xs text-slate-600">{WRITER_LABELS[provider]}</p> : null}
      {ideas.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Your ideas appear here: a title, what to film, and its hook.</p>
      ) : (
        <ul aria-label="Content ideas" className="mt-3 space-y-3">
          {ideas.map((idea) => (
            <li key={idea.id} className="rounded-md border border-slate-200 p-3">
              <h3 className="font-medium text-slate-900">{idea.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{idea.description}</p>
              <p className="mt-2 text-sm font-semibold text-slate-900">
                <span className="sr-only">Hook: </span>“{idea.hookText}”
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  className={secondaryButtonClass}
                  aria-label={`Copy the hook of ${idea.title}`}
                  onClick={() => void copy(idea)}
                >
                  {copied === idea.id ? 'Copied ✓' : 'Copy'}
                </button>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  aria-label={`Save the hook of ${idea.title}`}
                  onClick={() => void save(idea)}
                >
                  {saved === idea.id ? 'Saved ✓' : 'Save as hook'}
                </button>
                {onMakeVideo ? (
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    aria-label={`Make a video of ${idea.title}`}
                    onClick={() => onMakeVideo(idea)}
                  >
                    Make this video
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="sr-only" aria-live="polite">
        {copied ? 'Hook copied' : saved ? 'Hook saved' : ''}
      </p>
    </section>
  )
}
