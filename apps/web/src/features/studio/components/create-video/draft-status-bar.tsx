import { droppedVideoMessage, VIDEO_DRAFT_MESSAGES, type DroppedDraftVideo } from '@hookpost/shared/studio'
import { rowButtonClass, secondaryButtonClass } from '../../../../components/ui/button-styles'
import { MessageBanner } from '../../../../components/ui/message-banner'
import type { DraftSaveStatus } from '../../utils/draft-saver'

/** The status in words; nothing while there is nothing to keep. */
function statusText(status: DraftSaveStatus): string | null {
  switch (status.state) {
    case 'empty':
    case 'conflict':
      return null
    case 'saving':
      return VIDEO_DRAFT_MESSAGES.saving
    case 'saved':
      return VIDEO_DRAFT_MESSAGES.saved
    case 'failed':
      return status.reason
        ? `${VIDEO_DRAFT_MESSAGES.saveFailed}: ${status.reason}`
        : `${VIDEO_DRAFT_MESSAGES.saveFailed}.`
  }
}

/**
 * Above the form: how its draft stands ("Saving…", "Draft saved", or why it could not be saved, with a retry), Start
 * over, the two ways out of a conflict with another page, and which videos were taken out of the draft. Saving and
 * saved are quiet (read, not announced at every pause in typing); a failure and a conflict are announced.
 */
export function DraftStatusBar({
  status,
  canStartOver,
  busy,
  dropped,
  onStartOver,
  onRetry,
  onLoadNewer,
  onKeepMine,
  onDismissDropped,
}: {
  status: DraftSaveStatus
  canStartOver: boolean
  /** A replacement or a conflict's choice is on its way. */
  busy: boolean
  dropped: readonly DroppedDraftVideo[]
  onStartOver: () => void
  onRetry: () => void
  onLoadNewer: () => void
  onKeepMine: () => void
  onDismissDropped: () => void
}) {
  const text = statusText(status)
  return (
    <div className="mt-3 space-y-3">
      <div className="flex min-h-9 flex-wrap items-center justify-between gap-2">
        <p
          role={status.state === 'failed' ? 'alert' : undefined}
          className={`text-sm ${status.state === 'failed' ? 'text-red-700' : 'text-slate-600'}`}
        >
          {text}
          {status.state === 'failed' ? (
            <button type="button" className={`${rowButtonClass} ml-2`} onClick={onRetry}>
              Try saving again
            </button>
          ) : null}
        </p>
        {canStartOver ? (
          <button type="button" className={secondaryButtonClass} aria-haspopup="dialog" onClick={onStartOver}>
            Start over
          </button>
        ) : null}
      </div>
      {status.state === 'conflict' ? (
        <div role="alert" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm">
          <p className="text-amber-900">{VIDEO_DRAFT_MESSAGES.conflict}</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={secondaryButtonClass} disabled={busy} onClick={onLoadNewer}>
              Open the newer draft
            </button>
            <button type="button" className={secondaryButtonClass} disabled={busy} onClick={onKeepMine}>
              Keep this one
            </button>
          </div>
        </div>
      ) : null}
      {dropped.length > 0 ? (
        <MessageBanner tone="info" onDismiss={onDismissDropped}>
          {dropped.map((video) => (
            <p key={`${video.slot}-${video.mediaId}`}>{droppedVideoMessage(video.name)}</p>
          ))}
        </MessageBanner>
      ) : null}
    </div>
  )
}
