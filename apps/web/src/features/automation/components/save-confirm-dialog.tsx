import { useId, useRef, type RefObject } from 'react'
import { buttonClass } from '../../../components/ui/form'
import { dangerButtonClass, secondaryButtonClass } from '../../../components/ui/button-styles'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import type { SaveQuestion, TouchedChoice } from '../utils/save-settings'

const posts = (n: number) => (n === 1 ? 'post' : `${n} posts`)

/** The question for each kind of save that cancels planned posts; `waiting`: how many are not posted yet. */
function question(kind: SaveQuestion['kind'], waiting: number) {
  if (kind === 'off') {
    return {
      title: 'Turn automation off?',
      text: 'The posts automation planned that are not posted yet will be cancelled.',
      confirmLabel: 'Turn off and save',
    }
  }
  return {
    title: 'Plan your posts again?',
    text: `Saving these changes cancels the ${posts(waiting)} automation planned that ${
      waiting === 1 ? 'is' : 'are'
    } not posted yet (including any from Run Now) and plans your coming days again with the new settings.`,
    confirmLabel: 'Save and plan again',
  }
}

/**
 * What is asked when some of those posts are ones the person approved or edited (ADR 050): keep them, or replace
 * them too. `touched` of the `waiting` posts.
 */
export function touchedQuestion(kind: SaveQuestion['kind'], waiting: number, touched: number) {
  const them = touched === 1 ? 'it' : 'them'
  const which = `You approved or edited ${touched === waiting ? (touched === 1 ? 'it' : `all ${touched}`) : touched} of the ${posts(waiting)} not posted yet.`
  if (kind === 'off') {
    return {
      title: 'Turn automation off?',
      text: `The posts automation planned that are not posted yet will be cancelled. ${which} Keep ${them} (${
        touched === 1 ? 'it still goes' : 'they still go'
      } out at ${touched === 1 ? 'its' : 'their'} time), or cancel ${them} too?`,
      keepLabel: `Turn off, keep ${them}`,
      replaceLabel: `Turn off, cancel ${them} too`,
    }
  }
  return {
    title: 'Plan your posts again?',
    text: `Saving these changes plans your coming days again with the new settings. ${which} Keep ${them} as ${
      touched === 1 ? 'it is' : 'they are'
    } (the others are planned again; the days of the ones you keep get no new posts), or replace ${them} with new posts too?`,
    keepLabel: `Save, keep ${them}`,
    replaceLabel: `Save, replace ${them}`,
  }
}

/**
 * Asked before a save that cancels planned posts: turning automation off, or changed settings while it is on. When the
 * person approved or edited some of them, they choose to keep those or replace them (never discarded without asking).
 */
export function SaveConfirmDialog({
  question: asked,
  waiting,
  busy,
  onConfirm,
  onClose,
  fallbackFocus,
}: {
  question: Pick<SaveQuestion, 'kind' | 'touched'>
  waiting: number
  busy: boolean
  onConfirm: (choice: TouchedChoice) => void
  onClose: () => void
  fallbackFocus: RefObject<HTMLElement | null>
}) {
  if (asked.touched === 0) {
    return (
      <ConfirmDialog
        {...question(asked.kind, waiting)}
        busyLabel="Saving..."
        busy={busy}
        // None the person touched that this page knows of: any it does not know of (older runs) are still kept.
        onConfirm={() => onConfirm('keep')}
        onClose={onClose}
        fallbackFocus={fallbackFocus}
      />
    )
  }
  return (
    <KeepOrReplaceDialog
      {...touchedQuestion(asked.kind, Math.max(waiting, asked.touched), asked.touched)}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    />
  )
}

function KeepOrReplaceDialog({
  title,
  text,
  keepLabel,
  replaceLabel,
  busy,
  onConfirm,
  onClose,
  fallbackFocus,
}: {
  title: string
  text: string
  keepLabel: string
  replaceLabel: string
  busy: boolean
  onConfirm: (choice: TouchedChoice) => void
  onClose: () => void
  fallbackFocus: RefObject<HTMLElement | null>
}) {
  const id = useId()
  const cancelRef = useRef<HTMLButtonElement>(null)
  return (
    <ModalDialog
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={onClose}
      // Cancel first: nothing is saved or lost one Enter away.
      initialFocus={cancelRef}
      fallbackFocus={fallbackFocus}
      preventClose={busy}
    >
      <div className="space-y-4 p-4 sm:p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p id={`${id}-text`} className="text-sm text-slate-700">
          {text}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <button ref={cancelRef} type="button" className={secondaryButtonClass} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className={dangerButtonClass} onClick={() => onConfirm('replace')} disabled={busy}>
            {replaceLabel}
          </button>
          <button type="button" className={buttonClass} onClick={() => onConfirm('keep')} disabled={busy}>
            {busy ? 'Saving...' : keepLabel}
          </button>
        </div>
      </div>
    </ModalDialog>
  )
}
