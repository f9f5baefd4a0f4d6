import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import { POST_LIMITS, type CreatorInfo, type Post } from '@hookpost/shared/posts'
import { describeSlotInstant, type AddToQueueInput } from '@hookpost/shared/queue'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { buttonClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { Spinner } from '../../../components/ui/spinner'
import { ApiRequestError, NetworkError, userMessage } from '../../../lib/api-client'
import { useCreatorInfo } from '../api/get-creator-info'
import { useSchedulePost } from '../api/schedule-post'
import { formatDuration } from '../../../lib/format'
import { tusVideoUploader, type VideoUploader } from '../../../lib/uploads/upload-video'
import { useVideoUpload } from '../../../lib/uploads/use-video-upload'
import {
  checkScheduleForm,
  commercialNeedsChoice,
  effectiveInteractions,
  effectivePrivacy,
  isBranded,
  presetScheduleValues,
  type ScheduleErrors,
  type ScheduleField,
  type ScheduleFormValues,
} from '../utils/schedule-form'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { CharacterCount, Field } from '../../../components/ui/field'
import { CommercialDisclosure, ConsentDeclaration, InteractionToggles, PrivacyField } from './tiktok-post-settings'
import { VideoFileField } from '../../../components/ui/video-file-field'
import { ScheduleTimeFields } from './schedule-time-fields'
import { SCHEDULED_NOTICE_MS } from '../../../lib/use-notice'

/**
 * A video that is already on the server (a video rendered in the studio): scheduled as it is, without an upload. Its
 * title and description start the form's.
 */
export type PresetVideo = {
  mediaId: string
  name: string
  durationMs: number
  /** Where the browser plays it from (the 200×356 preview, spec §2). */
  previewUrl: string
  title: string
  description: string
}

export type ScheduleVideoFormProps = {
  /** The account chosen in the picker above the form. */
  account: TiktokAccount
  /** Schedule this video instead of uploading one ('Schedule Video for TikTok', spec §2 Create tab). */
  video?: PresetVideo
  /** With `video`: called once it is scheduled (the form does not start over), and by Cancel. */
  onScheduled?: () => void
  onCancel?: () => void
  /** The zone when the account has none: the user's (profile), else the browser's. */
  userTimeZone: string
  /** The upload transport; tests pass a fake. */
  uploader?: VideoUploader
  /** The day it opens on ('YYYY-MM-DD' in the zone): a calendar day the person clicked (issue 21). */
  initialDate?: string
  /** The clock (tests pin it). */
  now?: () => Date
  /** "Add to queue" (issue 21 item 2): schedules at the account's next free slot; the app passes the queue's hook. */
  onAddToQueue?: (accountId: string, body: AddToQueueInput) => Promise<Post>
}

/** Why an account cannot receive posts before asking TikTok (the server's words for the same case, 409). */
function accountProblem(account: TiktokAccount): string | null {
  switch (account.status) {
    case 'active':
      return null
    case 'not_connected':
      return `@${account.accountUsername} is not connected to TikTok yet. Connect it under Profile & Accounts to post to it.`
    case 'reconnect_required':
      return `${MESSAGES.reconnectRequired}: @${account.accountUsername} must be connected to TikTok again.`
  }
}

function creatorErrorMessage(error: unknown): string {
  // 409: the account must be reconnected; 503: TikTok (or the sandbox) is not answering. Both say so themselves.
  if (error instanceof ApiRequestError && (error.status < 500 || error.code === 'SERVICE_UNAVAILABLE')) {
    return error.message
  }
  if (error instanceof NetworkError) return MESSAGES.connectionError
  return MESSAGES.unexpected
}

function scheduleErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status < 500) return userMessage(error)
  if (error instanceof NetworkError) return MESSAGES.connectionError
  return MESSAGES.scheduleFailed
}

/** Field errors the server reported (`details[].path` like `title` or `body.title`), first per field. */
function serverFieldErrors(error: unknown): ScheduleErrors {
  const fields: Record<string, ScheduleField> = {
    mediaId: 'video',
    title: 'title',
    description: 'description',
    date: 'date',
    time: 'time',
    timeZone: 'timeZone',
    privacyLevel: 'privacyLevel',
  }
  const out: ScheduleErrors = {}
  if (!(error instanceof ApiRequestError)) return out
  for (const detail of error.details ?? []) {
    const name = detail.path.split(/[./]/).filter(Boolean).pop()
    const field = name ? fields[name] : undefined
    if (field) out[field] ??= detail.message
  }
  return out
}

/**
 * 'Schedule New Video' below the account picker (spec §2, §5) with TikTok's required posting UX (tiktok-api.md §6):
 * who receives the post (fresh creator info), the video, title and description, when (date, time and zone — the
 * moment must exist in that zone and be in the future), privacy, interactions, the commercial content disclosure and
 * the consent declaration. On success the form says so for 3 s and starts over, keeping the account and the zone.
 */
export function ScheduleVideoForm({
  account,
  video,
  onScheduled,
  onCancel,
  userTimeZone,
  uploader = tusVideoUploader,
  initialDate,
  now = () => new Date(),
  onAddToQueue,
}: ScheduleVideoFormProps) {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const unavailable = accountProblem(account)
  const creator = useCreatorInfo(account.id, unavailable === null)
  const upload = useVideoUpload(uploader)
  const schedule = useSchedulePost()

  const [zoneChoice, setZoneChoice] = useState<string | null>(null)
  const timeZone = zoneChoice ?? account.timeZone ?? userTimeZone
  const [values, setValues] = useState<ScheduleFormValues>(() => ({
    ...presetScheduleValues(now(), timeZone, initialDate),
    ...(video ? { title: video.title, description: video.description } : {}),
  }))
  const [errors, setErrors] = useState<ScheduleErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [submitError, setSubmitError] = useState<string | null>(null)
  const [scheduled, setScheduled] = useState(false)
  const [queued, setQueued] = useState<string | null>(null)
  const [queueing, setQueueing] = useState(false)
  const [inputKey, setInputKey] = useState(0)
  const [focusRequest, setFocusRequest] = useState(0)
  const [settingsFor, setSettingsFor] = useState(account.id)

  // Privacy and interactions are the receiving creator's (TikTok rule 2): another account starts them over, unchosen.
  if (settingsFor !== account.id) {
    setSettingsFor(account.id)
    setValues((prev) => ({ ...prev, privacyLevel: '', allowComment: false, allowDuet: false, allowStitch: false }))
    setErrors((prev) => ({ ...prev, privacyLevel: undefined }))
  }

  const info: CreatorInfo | undefined = creator.data
  const privacyLevel = effectivePrivacy(values, info)
  const interactions = effectiveInteractions(values, info)
  const branded = isBranded(values.commercial)

  useEffect(() => {
    if (!scheduled) return
    const timer = window.setTimeout(() => setScheduled(false), SCHEDULED_NOTICE_MS)
    return () => window.clearTimeout(timer)
  }, [scheduled])

  // After a refused submit, focus the first field that needs fixing (once it has rendered as invalid).
  useEffect(() => {
    if (focusRequest === 0) return
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    invalid?.focus()
  }, [focusRequest])

  const media = video
    ? { id: video.mediaId, durationMs: video.durationMs }
    : upload.state.phase === 'ready'
      ? upload.state.media
      : null
  const maxMs = (info?.maxVideoPostDurationSec ?? 0) * 1000
  // TikTok rule 1c: stop videos longer than this creator may post.
  const tooLong =
    media && info && !info.cannotPostReason && media.durationMs > maxMs
      ? `This video is ${formatDuration(media.durationMs)} long; ${info.nickname} can post videos up to ` +
        `${formatDuration(maxMs)} long. Please choose a shorter video.`
      : null

  // Why the button cannot be pressed right now (said beside it, and as its hover text).
  const loadingCreator = unavailable === null && creator.isPending
  const blocked: string | null = unavailable
    ? unavailable
    : creator.isPending
      ? 'Loading TikTok settings for this account…'
      : creator.isError
        ? creatorErrorMessage(creator.error)
        : info?.cannotPostReason
          ? `${info.nickname} cannot post right now. ${info.cannotPostReason}`
          : tooLong
            ? tooLong
            : commercialNeedsChoice(values.commercial)
              ? MESSAGES.commercialNeedsChoice
              : null

  function change<K extends keyof ScheduleFormValues>(key: K, value: ScheduleFormValues[K]) {
    setValues((prev) => ({ ...prev, [key]: value }))
    const field: ScheduleField | null =
      key === 'title' || key === 'description' || key === 'date' || key === 'time' || key === 'privacyLevel'
        ? key
        : null
    if (field) setErrors((prev) => ({ ...prev, [field]: undefined }))
    setFormError(null)
    setSubmitError(null)
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (schedule.isPending || blocked) return
    setScheduled(false)
    setSubmitError(null)
    const uploading = upload.state.phase === 'uploading' || upload.state.phase === 'checking'
    const result = checkScheduleForm({
      values,
      accountId: account.id,
      mediaId: media?.id ?? null,
      timeZone,
      creator: info,
      now: now(),
    })
    if (!result.ok) {
      const found = { ...result.errors }
      if (found.video && uploading) found.video = 'Please wait until the video has finished uploading.'
      setErrors(found)
      setFormError(result.formError)
      setFocusRequest((n) => n + 1)
      return
    }
    setErrors({})
    setFormError(null)
    schedule.mutate(result.body, {
      onSuccess: () => {
        if (onScheduled) {
          onScheduled()
          return
        }
        setValues(presetScheduleValues(now(), timeZone, initialDate))
        upload.clear()
        setInputKey((n) => n + 1)
        setScheduled(true)
      },
      onError: (error) => {
        setSubmitError(scheduleErrorMessage(error))
        const fromServer = serverFieldErrors(error)
        if (Object.keys(fromServer).length > 0) {
          setErrors(fromServer)
          setFocusRequest((n) => n + 1)
        }
      },
    })
  }

  /** "Add to queue": the form's checks without its date and time (the queue picks the time), then the queue's call. */
  async function onQueue() {
    if (!onAddToQueue || queueing || blocked) return
    setScheduled(false)
    setQueued(null)
    setSubmitError(null)
    const placeholder = presetScheduleValues(now(), timeZone, undefined)
    const result = checkScheduleForm({
      values: { ...values, date: placeholder.date, time: placeholder.time },
      accountId: account.id,
      mediaId: media?.id ?? null,
      timeZone,
      creator: info,
      now: now(),
    })
    if (!result.ok) {
      setErrors(result.errors)
      setFormError(result.formError)
      setFocusRequest((n) => n + 1)
      return
    }
    const checked = result.body
    const body: AddToQueueInput = {
      mediaId: checked.mediaId,
      title: checked.title,
      description: checked.description,
      privacyLevel: checked.privacyLevel,
      allowComment: checked.allowComment,
      allowDuet: checked.allowDuet,
      allowStitch: checked.allowStitch,
      commercial: checked.commercial,
    }
    setQueueing(true)
    try {
      const post = await onAddToQueue(account.id, body)
      setValues(presetScheduleValues(now(), timeZone, initialDate))
      upload.clear()
      setInputKey((n) => n + 1)
      setQueued(
        `Added to the queue: ${describeSlotInstant(new Date(post.scheduledAt), post.timeZone)} (${post.timeZone}).`,
      )
    } catch (error) {
      setSubmitError(scheduleErrorMessage(error))
    } finally {
      setQueueing(false)
    }
  }

  const consentId = `${id}-consent`
  const blockedId = `${id}-blocked`

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-4 space-y-5" aria-label="Schedule a video">
      {unavailable ? (
        <MessageBanner tone="error">{unavailable}</MessageBanner>
      ) : (
        <CreatorSummary account={account} creator={creator} />
      )}

      {video ? (
        <PresetVideoPreview video={video} problem={tooLong} />
      ) : (
        <VideoFileField
          state={upload.state}
          error={errors.video}
          mediaProblem={tooLong}
          inputKey={inputKey}
          onFile={(file) => {
            setErrors((prev) => ({ ...prev, video: undefined }))
            setFormError(null)
            upload.start(file)
          }}
          onCancel={upload.clear}
          onRemove={() => {
            upload.clear()
            setInputKey((n) => n + 1)
          }}
        />
      )}

      <Field
        label="Title"
        required
        error={errors.title}
        aside={<CharacterCount length={values.title.length} max={POST_LIMITS.title} />}
        render={(props) => (
          <input
            {...props}
            name="title"
            autoComplete="off"
            value={values.title}
            onChange={(e) => change('title', e.target.value)}
          />
        )}
      />

      <Field
        label="Description"
        error={errors.description}
        hint="Hashtags and mentions go here. TikTok shows it under the title."
        aside={<CharacterCount length={values.description.length} max={POST_LIMITS.description} />}
        render={(props) => (
          <textarea
            {...props}
            name="description"
            rows={4}
            value={values.description}
            onChange={(e) => change('description', e.target.value)}
          />
        )}
      />

      <ScheduleTimeFields
        values={{ date: values.date, time: values.time, timeZone }}
        errors={errors}
        now={now()}
        suggestionsFor={unavailable === null ? account.id : undefined}
        zoneHint={
          zoneChoice === null
            ? account.timeZone
              ? "This account's time zone."
              : 'Your time zone (Profile & Accounts).'
            : 'The date and time above are in this zone.'
        }
        onChange={(field, value) => {
          if (field !== 'timeZone') return change(field, value)
          setZoneChoice(value)
          setErrors((prev) => ({ ...prev, date: undefined, time: undefined, timeZone: undefined }))
        }}
      />

      {info && !info.cannotPostReason ? (
        <>
          <PrivacyField
            creator={info}
            value={privacyLevel}
            branded={branded}
            error={errors.privacyLevel}
            onChange={(level) => change('privacyLevel', level)}
          />
          <InteractionToggles creator={info} values={interactions} onChange={(key, checked) => change(key, checked)} />
          <CommercialDisclosure
            value={values.commercial}
            privateChosen={privacyLevel === 'SELF_ONLY'}
            onChange={(commercial) => {
              change('commercial', commercial)
              setErrors((prev) => ({ ...prev, privacyLevel: undefined }))
            }}
          />
        </>
      ) : null}

      <div className="space-y-3 border-t border-slate-200 pt-4">
        <ConsentDeclaration branded={branded} id={consentId} />
        <p className="text-sm text-slate-600">
          Processing may take a few minutes: at the scheduled time Hookpost sends the video to TikTok, and TikTok can
          take a few minutes before it appears on the profile. Its status shows under Scheduled Videos.
        </p>
        {formError ? <MessageBanner tone="error">{formError}</MessageBanner> : null}
        {submitError ? <MessageBanner tone="error">{submitError}</MessageBanner> : null}
        {blocked && !loadingCreator ? (
          <p id={blockedId} className="text-sm text-amber-800">
            {blocked}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {onCancel ? (
            <button type="button" className={secondaryButtonClass} onClick={onCancel}>
              Cancel
            </button>
          ) : null}
          <button
            type="submit"
            className={`${buttonClass} w-full sm:w-auto`}
            disabled={blocked !== null || schedule.isPending}
            aria-busy={schedule.isPending || undefined}
            aria-describedby={blocked && !loadingCreator ? `${blockedId} ${consentId}` : consentId}
            title={blocked ?? undefined}
          >
            {schedule.isPending ? 'Scheduling...' : video ? 'Schedule for TikTok' : 'Schedule video'}
          </button>
          {onAddToQueue ? (
            <button
              type="button"
              className={`${secondaryButtonClass} w-full sm:w-auto`}
              disabled={blocked !== null || queueing}
              aria-busy={queueing || undefined}
              onClick={() => void onQueue()}
            >
              {queueing ? 'Adding to queue...' : 'Add to queue'}
            </button>
          ) : null}
        </div>
        {queued ? (
          <MessageBanner tone="success" onDismiss={() => setQueued(null)}>
            {queued}
          </MessageBanner>
        ) : null}
        {scheduled ? (
          <MessageBanner tone="success" onDismiss={() => setScheduled(false)}>
            {MESSAGES.videoScheduled}
          </MessageBanner>
        ) : null}
      </div>
    </form>
  )
}

/** The video being scheduled, as it will be posted (TikTok rule 5): a 200×356 player (spec §2), its name and length. */
function PresetVideoPreview({ video, problem }: { video: PresetVideo; problem: string | null }) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-800">Video</p>
      <div className="mt-1 flex flex-col gap-3 sm:flex-row sm:items-start">
        <video
          src={video.previewUrl}
          controls
          muted
          playsInline
          preload="metadata"
          width={200}
          height={356}
          aria-label={`Preview of ${video.name}`}
          className="h-[356px] w-[200px] shrink-0 rounded-md bg-black object-contain"
        />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">Name</dt>
          <dd className="[overflow-wrap:anywhere] text-slate-900">{video.name}</dd>
          <dt className="text-slate-600">Duration</dt>
          <dd className="text-slate-900">{formatDuration(video.durationMs)}</dd>
        </dl>
      </div>
      {problem ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  )
}

/** "Posting to {nickname}" (TikTok rule 1a), or why that cannot be known or done right now (rules 1b). */
function CreatorSummary({ account, creator }: { account: TiktokAccount; creator: ReturnType<typeof useCreatorInfo> }) {
  if (creator.isPending) {
    return (
      <div className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner className="h-4 w-4 border-2" label={`Loading TikTok settings for ${account.accountName}`} />
        <span aria-hidden="true">Loading TikTok settings for {account.accountName}…</span>
      </div>
    )
  }
  if (creator.isError) {
    return (
      <div className="space-y-2">
        <MessageBanner tone="error">{creatorErrorMessage(creator.error)}</MessageBanner>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={creator.isFetching}
          onClick={() => void creator.refetch()}
        >
          Try again
        </button>
      </div>
    )
  }
  const info = creator.data
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-800">
        {info.avatarUrl ? (
          <img src={info.avatarUrl} alt="" width={28} height={28} className="h-7 w-7 rounded-full object-cover" />
        ) : null}
        <span>
          Posting to <strong className="font-semibold text-slate-900">{info.nickname}</strong>
        </span>
        {info.username ? <span className="text-slate-600">@{info.username}</span> : null}
      </p>
      {info.cannotPostReason ? (
        <MessageBanner tone="error">
          {info.nickname} cannot post right now. {info.cannotPostReason} Please try again later.
        </MessageBanner>
      ) : null}
    </div>
  )
}
