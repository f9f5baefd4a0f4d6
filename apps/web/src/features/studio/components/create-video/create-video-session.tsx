import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { VIDEO_DRAFT_MESSAGES, type DroppedDraftVideo, type VideoDraftView } from '@hookpost/shared/studio'
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog'
import { MessageBanner } from '../../../../components/ui/message-banner'
import { userMessage } from '../../../../lib/api-client'
import { useDraftAutosave } from '../../hooks/use-draft-autosave'
import type { DraftReplacement } from '../../utils/draft-replacement'
import { isConflict } from '../../utils/draft-saver'
import { draftContent, draftFromSaved } from '../../utils/video-draft-content'
import type { VideoDraft } from '../../utils/video-draft'
import { CreateVideoEditor, type CreateVideoEditorProps } from './create-video-editor'
import { DraftStatusBar } from './draft-status-bar'

type SessionProps = Omit<CreateVideoEditorProps, 'initial' | 'onDraftChange' | 'dropped'> & {
  /** The draft as the server had it when the form opened. */
  saved: VideoDraftView
  headingRef: RefObject<HTMLHeadingElement | null>
  replacement: DraftReplacement | null
  onReplacementSettled: () => void
}

const EMPTY = { content: null, media: { video: null, demo: null } } as const

/**
 * The Create form over its saved draft (issue 30 item 2, ADR 044): every change is saved as the person types
 * (`useDraftAutosave`); Start over, a replacement ("Edit as new", "Make this video") and the newer draft of a conflict
 * open the form afresh on another draft. Replacing or clearing a draft with work in it asks first.
 */
export function CreateVideoSession({ saved, headingRef, replacement, onReplacementSettled, ...editor }: SessionProps) {
  const [opened, setOpened] = useState({ generation: 0, view: saved as Pick<VideoDraftView, 'content' | 'media'> })
  const [hasWork, setHasWork] = useState(saved.content !== null)
  const hasWorkRef = useRef(hasWork)
  const [asking, setAsking] = useState<DraftReplacement | 'start-over' | null>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const { status, saver, dropped, notes, setNotes, setDropped } = useDraftAutosave(saved)

  const onDraftChange = useCallback(
    (draft: VideoDraft) => {
      const content = draftContent(draft)
      saver.track(content)
      hasWorkRef.current = content !== null
      setHasWork(content !== null)
    },
    [saver],
  )

  function open(view: Pick<VideoDraftView, 'content' | 'media'> & { dropped?: DroppedDraftVideo[] }) {
    setOpened((prev) => ({ generation: prev.generation + 1, view }))
    setNotes(view.dropped ?? [])
    setDropped([])
    headingRef.current?.focus()
  }

  async function act(work: () => Promise<void>, failure: string) {
    setBusy(true)
    setProblem(null)
    try {
      await work()
    } catch (error) {
      // A conflict is said by the status bar, with its way out.
      if (!isConflict(error)) setProblem(`${failure} ${userMessage(error)}`)
    } finally {
      setBusy(false)
    }
  }

  function replaceWith(next: DraftReplacement) {
    setAsking(null)
    void act(async () => open(await saver.replace(next.content)), `Could not open ${next.what}.`).finally(
      onReplacementSettled,
    )
  }

  const replacementId = replacement?.id
  useEffect(() => {
    if (!replacement) return
    if (hasWorkRef.current) setAsking(replacement)
    else replaceWith(replacement)
    // Each replacement once, when it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [replacementId])

  return (
    <>
      <DraftStatusBar
        status={status}
        canStartOver={hasWork}
        busy={busy}
        dropped={notes}
        onStartOver={() => setAsking('start-over')}
        onRetry={() => void saver.retry()}
        onLoadNewer={() => void act(async () => open(await saver.loadNewer()), 'Could not open the newer draft.')}
        onKeepMine={() => void act(() => saver.keepMine(), 'Could not save this draft.')}
        onDismissDropped={() => setNotes([])}
      />
      {problem ? (
        <div className="mt-3">
          <MessageBanner tone="error" onDismiss={() => setProblem(null)}>
            {problem}
          </MessageBanner>
        </div>
      ) : null}
      <CreateVideoEditor
        key={opened.generation}
        {...editor}
        initial={draftFromSaved(opened.view, editor.hookDemo)}
        onDraftChange={onDraftChange}
        dropped={dropped}
      />
      {asking === 'start-over' ? (
        <ConfirmDialog
          title="Start over?"
          text={VIDEO_DRAFT_MESSAGES.discardConfirm}
          confirmLabel="Discard draft"
          busy={false}
          onConfirm={() => {
            setAsking(null)
            open(EMPTY)
          }}
          onClose={() => setAsking(null)}
          fallbackFocus={headingRef}
        />
      ) : asking ? (
        <ConfirmDialog
          title={`Replace your draft with ${asking.what}?`}
          text={VIDEO_DRAFT_MESSAGES.replaceConfirm}
          confirmLabel="Replace draft"
          busy={false}
          onConfirm={() => replaceWith(asking)}
          onClose={() => {
            setAsking(null)
            onReplacementSettled()
          }}
          fallbackFocus={headingRef}
        />
      ) : null}
    </>
  )
}
