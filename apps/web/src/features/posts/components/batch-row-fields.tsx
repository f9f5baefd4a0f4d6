import { useId } from 'react'
import { POST_LIMITS } from '@hookpost/shared/posts'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { rowButtonClass } from '../../../components/ui/button-styles'
import { CharacterCount, Field } from '../../../components/ui/field'
import { formatDuration, formatFileSize } from '../../../lib/format'
import type { BatchUpload } from '../hooks/use-batch-uploads'
import type { BatchRow, RowField } from '../utils/batch-rows'

function UploadStatus({ upload, fileName }: { upload: BatchUpload | undefined; fileName: string }) {
  if (!upload || upload.phase === 'waiting') return <p className="text-sm text-slate-600">Waiting to upload…</p>
  if (upload.phase === 'uploading') {
    const percent = upload.totalBytes > 0 ? Math.min(100, Math.floor((upload.sentBytes / upload.totalBytes) * 100)) : 0
    return (
      <div className="space-y-1">
        <p className="text-sm text-slate-700">
          Uploading… {percent}% · {formatFileSize(upload.sentBytes)} of {formatFileSize(upload.totalBytes)}
        </p>
        <div
          role="progressbar"
          aria-label={`Uploading ${fileName}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-fuchsia-700" style={{ width: `${percent}%` }} />
        </div>
      </div>
    )
  }
  if (upload.phase === 'checking') return <p className="text-sm text-slate-700">Checking the video…</p>
  if (upload.phase === 'failed') return null
  return (
    <p className="text-sm text-green-800">
      Uploaded · {formatDuration(upload.media.durationMs)} · {formatFileSize(upload.media.sizeBytes)}
    </p>
  )
}

/** One video of the batch: its upload, and the title, account, date and time the person gives it. */
export function BatchRowFields({
  row,
  index,
  upload,
  accounts,
  timeZone,
  onChange,
  onRemove,
}: {
  row: BatchRow
  index: number
  upload: BatchUpload | undefined
  accounts: readonly TiktokAccount[]
  timeZone: string
  onChange: (field: Exclude<RowField, 'video'>, value: string) => void
  onRemove: () => void
}) {
  const id = useId()
  const videoProblem = upload?.phase === 'failed' ? upload.message : row.errors.video
  return (
    <fieldset
      className={`rounded-md border p-3 ${Object.values(row.errors).some(Boolean) || upload?.phase === 'failed' ? 'border-red-300' : 'border-slate-200'}`}
    >
      <legend className="max-w-full px-1 text-sm font-semibold break-all text-slate-900">
        Video {index + 1}: {row.fileName}
      </legend>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1" aria-live="polite">
          <UploadStatus upload={upload} fileName={row.fileName} />
        </div>
        <button type="button" className={rowButtonClass} onClick={onRemove} aria-label={`Remove ${row.fileName}`}>
          Remove
        </button>
      </div>
      {videoProblem ? (
        <p id={`${id}-video`} role="alert" className="mt-1 text-sm text-red-700">
          {videoProblem}
        </p>
      ) : null}
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field
            label="Title"
            required
            error={row.errors.title}
            aside={<CharacterCount length={row.title.length} max={POST_LIMITS.title} />}
            render={(props) => (
              <input
                {...props}
                autoComplete="off"
                value={row.title}
                onChange={(e) => onChange('title', e.target.value)}
              />
            )}
          />
        </div>
        <div className="sm:col-span-2">
          <Field
            label="TikTok account"
            required
            error={row.errors.accountId}
            render={(props) => (
              <select {...props} value={row.accountId} onChange={(e) => onChange('accountId', e.target.value)}>
                <option value="">Choose an account</option>
                {accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.accountName} (@{a.accountUsername})
                  </option>
                ))}
              </select>
            )}
          />
        </div>
        <Field
          label="Date"
          required
          error={row.errors.date}
          render={(props) => (
            <input {...props} type="date" value={row.date} onChange={(e) => onChange('date', e.target.value)} />
          )}
        />
        <Field
          label="Time"
          required
          error={row.errors.time}
          hint={`In ${timeZone.replace(/_/g, ' ')}`}
          render={(props) => (
            <input
              {...props}
              type="time"
              step={60}
              value={row.time}
              onChange={(e) => onChange('time', e.target.value)}
            />
          )}
        />
      </div>
    </fieldset>
  )
}
