import type { RefObject } from 'react'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import type { SaveQuestion } from '../utils/save-settings'

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
    text: `Saving these changes cancels the ${waiting === 1 ? 'post' : `${waiting} posts`} automation planned that ${
      waiting === 1 ? 'is' : 'are'
    } not posted yet (including any from Run Now) and plans your coming days again with the new settings.`,
    confirmLabel: 'Save and plan again',
  }
}

/** Asked before a save that cancels planned posts: turning automation off, or changed settings while it is on. */
export function SaveConfirmDialog({
  kind,
  waiting,
  busy,
  onConfirm,
  onClose,
  fallbackFocus,
}: {
  kind: SaveQuestion['kind']
  waiting: number
  busy: boolean
  onConfirm: () => void
  onClose: () => void
  fallbackFocus: RefObject<HTMLElement | null>
}) {
  return (
    <ConfirmDialog
      {...question(kind, waiting)}
      busyLabel="Saving..."
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    />
  )
}
