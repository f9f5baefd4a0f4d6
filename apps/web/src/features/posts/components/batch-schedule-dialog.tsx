import { useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react'
import { useQueries } from '@tanstack/react-query'
import { MESSAGES } from '@hookpost/shared/messages'
import { POST_LIMITS, type CreatorInfo, type PrivacyLevel } from '@hookpost/shared/posts'
import { BATCH_MAX_ROWS, batchRowIssue } from '@hookpost/shared/posts-batch'
import { addDays, todayInZone } from '@hookpost/shared/time'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { secondaryButtonClass, rowButtonClass } from '../../../components/ui/button-styles'
import { CharacterCount, Field } from '../../../components/ui/field'
import { buttonClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { Spinner } from '../../../components/ui/spinner'
import { ApiRequestError, NetworkError, userMessage } from '../../../lib/api-client'
import { formatDuration, formatFileSize } from '../../../lib/format'
import { tusVideoUploader, type VideoUploader } from '../../../lib/uploads/upload-video'
import { VIDEO_ACCEPT } from '../../../lib/uploads/video-file'
import { creatorInfoQueryOptions } from '../api/get-creator-info'
import { useScheduleBatch } from '../api/schedule-batch'
import { useBatchUploads, type BatchUpload } from '../hooks/use-batch-uploads'
import { BATCH_CSV_COLUMNS, readBatchCsv } from '../utils/batch-csv'
import { timeZoneOptions } from '../utils/time-zones'
import { ConsentDeclaration, InteractionToggles, PrivacyField } from './tiktok-post-settings'

type RowField = 'video' | 'title' | 'accountId' | 'date' | 'time'
type RowErrors = Partial<Record<RowField, string>>

/** One video of the batch and what the person gave it. */
type BatchRow = {
  key: string
  fileName: string
  title: string
  accountId: string
  date: string
  time: string
  errors: RowErrors
}

/** Which row field a server issue is about (`rows.<i>.<field>`); the zone is the whole batch's, shown by the time. */
const ROW_FIELD: Record<string, RowField> = {
  title: 'title',
  description: 'title',
  accountId: 'accountId',
  date: 'date',
  time: 'time',
  timeZone: 'time',
  mediaId: 'video',
  row: 'video',
}

/**
 * What the chosen accounts all allow, as one creator for TikTok's settings: the privacy levels every one of them
 * offers, and an interaction greyed out when any of them turned it off (the server checks each row against its own).
 */
function combineCreators(creators: CreatorInfo[]): CreatorInfo | undefined {
  const [first, ...rest] = creators
  if (!first) return undefined
  return rest.reduce<CreatorInfo>(
    (all, c) => ({
      ...all,
      privacyLevelOptions: all.privacyLevelOptions.filter((level) => c.privacyLevelOptions.includes(level)),
      commentDisabled: all.commentDisabled || c.commentDisabled,
      duetDisabled: all.duetDisabled || c.duetDisabled,
      stitchDisabled: all.stitchDisabled || c.stitchDisabled,
      cannotPostReason: all.cannotPostReason ?? c.cannotPostReason,
    }),
    first,
  )
}

function submitErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status < 500) return userMessage(error)
  if (error instanceof NetworkError) return MESSAGES.connectionError
  return MESSAGES.scheduleFailed
}

let nextKey = 0

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
  const usable = useMemo(() => accounts.filter((a) => a.status === 'active'), [accounts])
  const onlyAccount = usable.length === 1 ? usable[0]!.id : ''
  const uploads = useBatchUploads(uploader)
  const schedule = useScheduleBatch()

  const [rows, setRows] = useState<BatchRow[]>([])
  const [timeZone, setTimeZone] = useState(userTimeZone)
  const [privacyLevel, setPrivacyLevel] = useState<PrivacyLevel | ''>('')
  const [interactions, setInteractions] = useState({ allowComment: false, allowDuet: false, allowStitch: false })
  const [privacyError, setPrivacyError] = useState<string | undefined>()
  const [notice, setNotice] = useState<string | null>(null)
  const [csvProblems, setCsvProblems] = useState<string[]>([])
  const [csvApplied, setCsvApplied] = useState<string | null>(null)
  const [submitError, setSubmitError] = useState<string | null>(null)
  const [focusRequest, setFocusRequest] = useState(0)
  const [dragging, setDragging] = useState(false)
  const [inputKey, setInputKey] = useState(0)

  const zones = useMemo(() => timeZoneOptions(new Date(), [timeZone]), [timeZone])
  const accountIds = useMemo(() => [...new Set(rows.map((r) => r.accountId).filter(Boolean))], [rows])
  const creatorQueries = useQueries({ queries: accountIds.map((a) => creatorInfoQueryOptions(a)) })
  const creatorsLoading = creatorQueries.some((q) => q.isPending)
  const creatorFailure = creatorQueries.find((q) => q.isError)?.error
  const creator = creatorsLoading || creatorFailure ? undefined : combineCreators(creatorQueries.map((q) => q.data!))
  const privacy = privacyLevel && creator?.privacyLevelOptions.includes(privacyLevel) ? privacyLevel : ''

  useEffect(() => {
    if (focusRequest === 0) return
    listRef.current?.closest('dialog')?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusRequest])

  function addFiles(files: readonly File[]) {
    setNotice(null)
    const room = BATCH_MAX_ROWS - rows.length
    if (files.length > room) setNotice(MESSAGES.batchTooManyRows)
    const today = todayInZone(now(), timeZone)
    const added = files.slice(0, Math.max(0, room)).map((file, i) => ({
      key: `batch-${++nextKey}`,
      file,
      row: {
        key: '',
        fileName: file.name,
        title: '',
        accountId: onlyAccount,
        // A day apart from tomorrow, 12:00 (the form's default time): a week of posts starts out spread over a week.
        date: addDays(today, 1 + rows.length + i),
        time: '12:00',
        errors: {},
      },
    }))
    setRows((prev) => [...prev, ...added.map(({ key, row }) => ({ ...row, key }))])
    uploads.add(added.map(({ key, file }) => ({ key, file })))
  }

  function changeRow(key: string, field: Exclude<RowField, 'video'>, value: string) {
    setRows((prev) =>
      prev.map((r) => (r.key === key ? { ...r, [field]: value, errors: { ...r.errors, [field]: undefined } } : r)),
    )
    setSubmitError(null)
  }

  function removeRow(row: BatchRow) {
    uploads.remove(row.key)
    setRows((prev) => prev.filter((r) => r.key !== row.key))
    setNotice(null)
  }

  async function importCsv(file: File) {
    setCsvApplied(null)
    const text = await file.text()
    const result = readBatchCsv(
      text,
      rows.map((r) => r.fileName),
      usable,
    )
    setCsvProblems(result.problems)
    if (result.lines.length === 0) return
    const byFile = new Map(result.lines.map((line) => [line.file, line]))
    setRows((prev) =>
      prev.map((r) => {
        const line = byFile.get(r.fileName)
        if (!line) return r
        return {
          ...r,
          title: line.title,
          date: line.date,
          time: line.time,
          accountId: line.accountId,
          errors: { ...line.errors, video: r.errors.video },
        }
      }),
    )
    setCsvApplied(
      `${result.lines.length} ${result.lines.length === 1 ? 'line' : 'lines'} of ${file.name} filled in. Check them below.`,
    )
    if (result.lines.some((line) => Object.keys(line.errors).length > 0)) setFocusRequest((n) => n + 1)
  }

  function onSubmit() {
    if (schedule.isPending) return
    setSubmitError(null)
    if (rows.length === 0) {
      setSubmitError(MESSAGES.batchEmpty)
      return
    }
    let refused = false
    const checked = rows.map((row) => {
      const upload = uploads.uploads[row.key]
      const video =
        upload?.phase === 'ready'
          ? undefined
          : upload?.phase === 'failed'
            ? upload.message
            : 'Please wait until the video has finished uploading.'
      if (video) refused = true
      return { ...row, errors: { ...row.errors, video } }
    })
    const missingPrivacy = privacy ? undefined : 'Choose who can view this video.'
    setPrivacyError(missingPrivacy)
    if (refused || missingPrivacy || !privacy) {
      setRows(checked)
      setSubmitError(MESSAGES.batchRowsInvalid)
      setFocusRequest((n) => n + 1)
      return
    }
    const sent = rows
    schedule.mutate(
      {
        rows: sent.map((row) => {
          const upload = uploads.uploads[row.key]
          return {
            accountId: row.accountId,
            mediaId: upload?.phase === 'ready' ? upload.media.id : '',
            title: row.title,
            description: '',
            privacyLevel: privacy,
            allowComment: interactions.allowComment && !creator?.commentDisabled,
            allowDuet: interactions.allowDuet && !creator?.duetDisabled,
            allowStitch: interactions.allowStitch && !creator?.stitchDisabled,
            date: row.date,
            time: row.time,
            timeZone,
          }
        }),
      },
      {
        onSuccess: (posts) => onScheduled(posts.length),
        onError: (error) => {
          setSubmitError(submitErrorMessage(error))
          if (!(error instanceof ApiRequestError)) return
          const byRow = new Map<string, RowErrors>()
          for (const detail of error.details ?? []) {
            const issue = batchRowIssue(detail.path)
            const row = issue ? sent[issue.index] : undefined
            if (!issue || !row) continue
            if (issue.field === 'privacyLevel' || issue.field.startsWith('allow')) {
              setPrivacyError((prev) => prev ?? detail.message)
              continue
            }
            const field = ROW_FIELD[issue.field] ?? 'video'
            const errors = byRow.get(row.key) ?? {}
            errors[field] ??= detail.message
            byRow.set(row.key, errors)
          }
          setRows((prev) => prev.map((r) => (byRow.has(r.key) ? { ...r, errors: byRow.get(r.key)! } : r)))
          setFocusRequest((n) => n + 1)
        },
      },
    )
  }

  const exampleDate = addDays(todayInZone(now(), timeZone), 1)
  const exampleAccount = usable[0]?.accountUsername ?? 'yourname'
  const example = [
    BATCH_CSV_COLUMNS.join(','),
    `${rows[0]?.fileName ?? 'morning.mp4'},"My morning routine, part 1",${exampleDate},09:30,@${exampleAccount}`,
    `${rows[1]?.fileName ?? 'lunch.mp4'},Lunch in 60 seconds #food,${addDays(exampleDate, 1)},18:00,@${exampleAccount}`,
  ].join('\n')

  return (
    <ModalDialog labelledBy={headingId} onClose={onClose} preventClose={schedule.isPending}>
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

        <div
          onDragOver={(e) => {
            e.preventDefault()
            e.dataTransfer.dropEffect = 'copy'
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e: DragEvent<HTMLDivElement>) => {
            e.preventDefault()
            setDragging(false)
            addFiles([...e.dataTransfer.files])
          }}
          className={`rounded-md border-2 border-dashed p-4 ${dragging ? 'border-fuchsia-600 bg-fuchsia-50' : 'border-slate-300'}`}
        >
          <label htmlFor={`${id}-files`} className="text-sm font-medium text-slate-800">
            Videos
          </label>
          <p className="text-sm text-slate-700" aria-hidden="true">
            Drag and drop videos here, or choose several:
          </p>
          <input
            key={inputKey}
            id={`${id}-files`}
            type="file"
            multiple
            accept={VIDEO_ACCEPT}
            aria-describedby={`${id}-files-hint`}
            onChange={(e) => {
              addFiles([...(e.target.files ?? [])])
              setInputKey((n) => n + 1)
            }}
            className="mt-2 block w-full max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-fuchsia-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-fuchsia-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700"
          />
          <p id={`${id}-files-hint`} className="mt-2 text-xs text-slate-600">
            MP4, MOV or WebM, up to {POST_LIMITS.fileBytes / 1024 / 1024} MB each. Uploads start at once, two at a time.
          </p>
        </div>
        {notice ? <MessageBanner tone="error">{notice}</MessageBanner> : null}

        <Field
          label="Time zone"
          hint="Every date and time in this batch, and in the CSV file, is in this zone."
          error={undefined}
          render={(props) => (
            <select {...props} name="timeZone" value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
              {zones.map((z) => (
                <option key={z.zone} value={z.zone}>
                  {z.label}
                </option>
              ))}
            </select>
          )}
        />

        <details className="rounded-md border border-slate-200 p-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">Fill in from a CSV file</summary>
          <div className="mt-3 space-y-2 text-slate-700">
            <p>
              Drop the videos first. Then each line of the CSV fills in the video with the same file name. The first
              line names the columns: <code>{BATCH_CSV_COLUMNS.join(',')}</code>.
            </p>
            <ul className="list-disc space-y-1 pl-5">
              <li>
                <strong>file</strong>: the video&apos;s file name, as listed below
              </li>
              <li>
                <strong>caption</strong>: its title (put it in double quotes if it has a comma)
              </li>
              <li>
                <strong>date</strong>: YYYY-MM-DD; <strong>time</strong>: HH:MM on the 24-hour clock, both in the time
                zone above
              </li>
              <li>
                <strong>account</strong>: the TikTok account&apos;s @username
              </li>
            </ul>
            <p id={`${id}-csv-example-label`}>For example:</p>
            <pre
              aria-labelledby={`${id}-csv-example-label`}
              className="overflow-x-auto rounded bg-slate-100 p-2 text-xs"
            >
              {example}
            </pre>
            <Field
              label="CSV file"
              error={undefined}
              render={(props) => (
                <input
                  {...props}
                  type="file"
                  accept=".csv,text/csv"
                  onChange={(e) => {
                    const file = e.target.files?.[0]
                    e.target.value = ''
                    if (file) void importCsv(file)
                  }}
                />
              )}
            />
          </div>
        </details>
        {csvApplied ? <MessageBanner tone="info">{csvApplied}</MessageBanner> : null}
        {csvProblems.length > 0 ? (
          <MessageBanner tone="error">
            <ul className="space-y-1">
              {csvProblems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </MessageBanner>
        ) : null}

        {rows.length > 0 ? (
          <ol ref={listRef} className="space-y-3" aria-label="Videos in this batch">
            {rows.map((row, index) => (
              <li key={row.key}>
                <BatchRowFields
                  row={row}
                  index={index}
                  upload={uploads.uploads[row.key]}
                  accounts={usable}
                  timeZone={timeZone}
                  onChange={(field, value) => changeRow(row.key, field, value)}
                  onRemove={() => removeRow(row)}
                />
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">No videos yet.</p>
        )}

        <section aria-labelledby={`${id}-settings`} className="space-y-4 border-t border-slate-200 pt-4">
          <h3 id={`${id}-settings`} className="text-sm font-semibold text-slate-900">
            TikTok settings for every video
          </h3>
          {accountIds.length === 0 ? (
            <p className="text-sm text-slate-600">Choose an account for the videos to see what TikTok allows.</p>
          ) : creatorsLoading ? (
            <Spinner label="Loading TikTok settings for these accounts…" />
          ) : creatorFailure ? (
            <MessageBanner tone="error">{submitErrorMessage(creatorFailure)}</MessageBanner>
          ) : creator ? (
            <>
              {creator.cannotPostReason ? <MessageBanner tone="error">{creator.cannotPostReason}</MessageBanner> : null}
              <PrivacyField
                creator={creator}
                value={privacy}
                branded={false}
                error={privacyError}
                onChange={(level) => {
                  setPrivacyLevel(level)
                  setPrivacyError(undefined)
                }}
              />
              <InteractionToggles
                creator={creator}
                values={interactions}
                onChange={(key, checked) => setInteractions((prev) => ({ ...prev, [key]: checked }))}
              />
            </>
          ) : null}
          <ConsentDeclaration branded={false} />
          <p className="text-xs text-slate-600">
            Posts with a commercial content disclosure are scheduled one at a time with Schedule New Video.
          </p>
        </section>

        {submitError ? <MessageBanner tone="error">{submitError}</MessageBanner> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={onClose} disabled={schedule.isPending}>
            Cancel
          </button>
          <button
            type="button"
            className={`${buttonClass} w-full sm:w-auto`}
            onClick={onSubmit}
            disabled={schedule.isPending}
            aria-busy={schedule.isPending || undefined}
          >
            {schedule.isPending ? 'Scheduling...' : `Schedule all (${rows.length})`}
          </button>
        </div>
      </div>
    </ModalDialog>
  )
}

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

function BatchRowFields({
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
