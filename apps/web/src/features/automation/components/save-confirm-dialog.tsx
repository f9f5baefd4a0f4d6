import type { RefObject } from 'react'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
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
  const one = touched === 1
  const them = one ? 'it' : 'them'
  const which =
    touched === waiting
      ? `You approved or edited ${one ? 'it' : `all ${touched} of them`}.`
      : `You approved or edited ${touched} of the ${posts(waiting)} not posted yet.`
  if (kind === 'off') {
    return {
      title: 'Turn automation off?',
      text: `The posts automation planned that are not posted yet will be cancelled. ${which} Keep ${them} (${
        one ? 'it still goes out at its' : 'they still go out at their'
      } time), or cancel ${them} too?`,
      keepLabel: `Turn off, keep ${them}`,
      replaceLabel: `Turn off, cancel ${them} too`,
    }
  }
  const rest = touched === waiting ? '' : 'the others are planned again; '
  return {
    title: 'Plan your posts again?',
    text: `Saving these changes plans your coming days again with the new settings. ${which} Keep ${them} as ${
      one ? 'it is' : 'they are'
    } (${rest}${one ? 'its day gets' : 'their days get'} no new posts), or replace ${them} with new posts too?`,
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
  const { keepLabel, replaceLabel, ...asking } = touchedQuestion(
    asked.kind,
    Math.max(waiting, asked.touched),
    asked.touched,
  )
  return (
    <ConfirmDialog
      {...asking}
      confirmLabel={replaceLabel}
      busyLabel="Saving..."
      busy={busy}
      onConfirm={() => onConfirm('replace')}
      alternative={{ label: keepLabel, onClick: () => onConfirm('keep') }}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    />
  )
}
