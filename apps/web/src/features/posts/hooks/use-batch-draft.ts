import { useEffect, useMemo, useState, type RefObject } from 'react'
import { useQueries } from '@tanstack/react-query'
import { MESSAGES } from '@hookpost/shared/messages'
import type { PrivacyLevel } from '@hookpost/shared/posts'
import { BATCH_MAX_ROWS } from '@hookpost/shared/posts-batch'
import { addDays, todayInZone } from '@hookpost/shared/time'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { ApiRequestError } from '../../../lib/api-client'
import type { VideoUploader } from '../../../lib/uploads/upload-video'
import { creatorInfoQueryOptions } from '../api/get-creator-info'
import { useScheduleBatch } from '../api/schedule-batch'
import { readBatchCsv } from '../utils/batch-csv'
import { batchRefusal, combineCreators, type BatchRow, type RowField } from '../utils/batch-rows'
import { scheduleErrorMessage } from '../utils/schedule-problems'
import { useBatchUploads } from './use-batch-uploads'

let nextKey = 0

/**
 * What the Batch schedule dialog holds: the rows (one per video, with its upload), the batch's zone and TikTok
 * settings (chosen once from what every chosen account allows), the CSV fill-in's outcome, and the last submit's.
 * `submit` checks that every video is uploaded and who can view is chosen, then sends the batch; a refused batch
 * shows each row's problems next to it and focuses the first.
 */
export function useBatchDraft({
  listRef,
  accounts,
  userTimeZone,
  onScheduled,
  uploader,
  now,
}: {
  /** The list of rows, in the dialog where the first field to fix is found after a refusal. */
  listRef: RefObject<HTMLOListElement | null>
  accounts: readonly TiktokAccount[]
  userTimeZone: string
  onScheduled: (count: number) => void
  uploader: VideoUploader
  now: () => Date
}) {
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

  const accountIds = useMemo(() => [...new Set(rows.map((r) => r.accountId).filter(Boolean))], [rows])
  const creatorQueries = useQueries({ queries: accountIds.map((a) => creatorInfoQueryOptions(a)) })
  const creatorsLoading = creatorQueries.some((q) => q.isPending)
  const creatorFailure = creatorQueries.find((q) => q.isError)?.error
  const creator = creatorsLoading || creatorFailure ? undefined : combineCreators(creatorQueries.map((q) => q.data!))
  const privacy: PrivacyLevel | '' =
    privacyLevel && creator?.privacyLevelOptions.includes(privacyLevel) ? privacyLevel : ''

  useEffect(() => {
    if (focusRequest === 0) return
    listRef.current?.closest('dialog')?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusRequest, listRef])

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

  function changePrivacy(level: PrivacyLevel | '') {
    setPrivacyLevel(level)
    setPrivacyError(undefined)
  }

  function changeInteraction(key: keyof typeof interactions, checked: boolean) {
    setInteractions((prev) => ({ ...prev, [key]: checked }))
  }

  function submit() {
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
          setSubmitError(scheduleErrorMessage(error))
          if (!(error instanceof ApiRequestError)) return
          const { byRow, settings } = batchRefusal(error.details ?? [], sent)
          if (settings !== undefined) setPrivacyError((prev) => prev ?? settings)
          setRows((prev) => prev.map((r) => (byRow.has(r.key) ? { ...r, errors: byRow.get(r.key)! } : r)))
          setFocusRequest((n) => n + 1)
        },
      },
    )
  }

  return {
    usable,
    uploads: uploads.uploads,
    scheduling: schedule.isPending,
    rows,
    timeZone,
    setTimeZone,
    privacy,
    interactions,
    privacyError,
    notice,
    csvProblems,
    csvApplied,
    submitError,
    accountIds,
    creatorsLoading,
    creatorFailure,
    creator,
    addFiles,
    changeRow,
    removeRow,
    importCsv,
    changePrivacy,
    changeInteraction,
    submit,
  }
}

export type BatchDraft = ReturnType<typeof useBatchDraft>
