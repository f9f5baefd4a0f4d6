import { useId, useRef } from 'react'
import { BATCH_MAX_ROWS } from '@hookpost/shared/posts-batch'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { Field } from '../../../components/ui/field'
import { buttonClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { TimeZoneCombobox } from '../../../components/ui/time-zone-combobox'
import { tusVideoUploader, type VideoUploader } from '../../../lib/uploads/upload-video'
import { useBatchDraft } from '../hooks/use-batch-draft'
import { BatchCsvFill } from './batch-csv-fill'
import { BatchRowFields } from './batch-row-fields'
import { BatchTiktokSettings } from './batch-tiktok-settings'
import { BatchVideoDrop } from './batch-video-drop'

/**
 * Batch schedule (issue 21 item 3): drop many videos, give each its title, account, date and time (in one zone,
 * shown), or fill them from a CSV file, review them and schedule them all. Each video uploads as the single form's
 * does; TikTok's settings (who can view, interactions) are chosen once for the batch from what every chosen account
 * allows. The server checks every row with the form's rules and creates all of them or none; a refused batch shows
 * each row's problems next to it.
 */
export function BatchScheduleDialog({
  accounts,
  userTimeZone,
  onClose,
  onScheduled,
  uploader = tusVideoUploader,
  now = () => new Date(),
}: {
  /** The person's accounts; those that can post are offered. */
  accounts: readonly TiktokAccount[]
  userTimeZone: string
  onClose: () => void
  /** Called with how many posts were scheduled; the dialog is then closed by the parent. */
  onScheduled: (count: number) => void
  uploader?: VideoUploader
  now?: () => Date
}) {
  const id = useId()
  const headingId = `${id}-heading`
  const listRef = useRef<HTMLOListElement>(null)
  const draft = useBatchDraft({ listRef, accounts, userTimeZone, onScheduled, uploader, now })
  const { rows, timeZone, scheduling } = draft

  return (
    <ModalDialog labelledBy={headingId} onClose={onClose} preventClose={scheduling}>
      <div className="space-y-5 p-4 sm:p-6">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Batch schedule
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Drop up to {BATCH_MAX_ROWS} videos, give each a title, an account, a date and a time, then schedule them all
            at once. If any row needs fixing, nothing is scheduled until it is fixed.
          </p>
        </div>

        <BatchVideoDrop id={id} onFiles={draft.addFiles} />
        {draft.notice ? <MessageBanner tone="error">{draft.notice}</MessageBanner> : null}

        <Field
          label="Time zone"
          hint="Every date and time in this batch, and in the CSV file, is in this zone."
          error={undefined}
          render={(props) => <TimeZoneCombobox {...props} value={timeZone} onChange={draft.setTimeZone} />}
        />

        <BatchCsvFill
          id={id}
          fileNames={rows.map((r) => r.fileName)}
          exampleAccount={draft.usable[0]?.accountUsername ?? 'yourname'}
          timeZone={timeZone}
          now={now}
          applied={draft.csvApplied}
          problems={draft.csvProblems}
          onFile={(file) => void draft.importCsv(file)}
        />

        {rows.length > 0 ? (
          <ol ref={listRef} className="space-y-3" aria-label="Videos in this batch">
            {rows.map((row, index) => (
              <li key={row.key}>
                <BatchRowFields
                  row={row}
                  index={index}
                  upload={draft.uploads[row.key]}
                  accounts={draft.usable}
                  timeZone={timeZone}
                  onChange={(field, value) => draft.changeRow(row.key, field, value)}
                  onRemove={() => draft.removeRow(row)}
                />
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">No videos yet.</p>
        )}

        <BatchTiktokSettings id={id} draft={draft} />

        {draft.submitError ? <MessageBanner tone="error">{draft.submitError}</MessageBanner> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={onClose} disabled={scheduling}>
            Cancel
          </button>
          <button
            type="button"
            className={`${buttonClass} w-full sm:w-auto`}
            onClick={draft.submit}
            disabled={scheduling}
            aria-busy={scheduling || undefined}
          >
            {scheduling ? 'Scheduling...' : `Schedule all (${rows.length})`}
          </button>
        </div>
      </div>
    </ModalDialog>
  )
}
