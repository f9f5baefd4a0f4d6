import { useEffect, useState, type FormEvent, type RefObject } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import type { Post, PostFormat, PostMode } from '@hookpost/shared/posts'
import { SLIDESHOW_LIMITS } from '@hookpost/shared/slideshows'
import type { AddToQueueInput } from '@hookpost/shared/queue'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import type { VideoUploader } from '../../../lib/uploads/upload-video'
import { useVideoUpload } from '../../../lib/uploads/use-video-upload'
import { useCreatorInfo } from '../api/get-creator-info'
import { useSchedulePost } from '../api/schedule-post'
import {
  checkScheduleForm,
  commercialNeedsChoice,
  effectiveInteractions,
  effectivePrivacy,
  isBranded,
  presetScheduleValues,
  type CommercialChoice,
  type PresetVideo,
  type ScheduleErrors,
  type ScheduleField,
  type ScheduleFormValues,
} from '../utils/schedule-form'
import {
  accountProblem,
  creatorErrorMessage,
  scheduleErrorMessage,
  serverFieldErrors,
  videoTooLongMessage,
} from '../utils/schedule-problems'
import { nextPostPreset, type NextPostPreset, type ScheduledOutcome } from '../utils/scheduled-outcome'

/** What the form is given (ScheduleVideoForm's props), and the form element itself. */
export type ScheduleDraftOptions = {
  /** The form, where the first field to fix is found after a refused submit. */
  formRef: RefObject<HTMLFormElement | null>
  /** The account chosen in the picker above the form. */
  account: TiktokAccount
  /** Schedule this video instead of uploading one ('Schedule Video for TikTok', product.md §2 Create tab). */
  video?: PresetVideo
  /** Schedule this slideshow as a photo post (its 'Schedule' in the Create tab): format Slideshow preselected. */
  slideshow?: { id: string; title: string }
  /**
   * Called with the new post once it is scheduled or queued: the dialog around the form closes and the Schedule tab
   * shows the post (ADR 042). The form never starts over by itself, so a success cannot pass for an empty form.
   */
  onScheduled: (outcome: ScheduledOutcome) => void
  /** "Schedule another": the next post starts from the last one's account, settings and next day (ADR 042). */
  another?: NextPostPreset
  /** The zone when the account has none: the user's (profile), else the browser's. */
  userTimeZone: string
  /** The upload transport; tests pass a fake. */
  uploader: VideoUploader
  /** The day it opens on ('YYYY-MM-DD' in the zone): a calendar day the person clicked (issue 21). */
  initialDate?: string
  /** The clock (tests pin it). */
  now: () => Date
  /** "Add to queue" (issue 21 item 2): schedules at the account's next free slot; the app passes the queue's hook. */
  onAddToQueue?: (accountId: string, body: AddToQueueInput) => Promise<Post>
}

/**
 * What the Schedule New Video form holds while a person fills it in: the values, the zone they are in, the video
 * (uploaded, or preset), the creator's fresh options, what each field or the form says is wrong, and the outcome of
 * the last submit. `submit` schedules at the chosen moment, `queue` at the account's next free slot; both check the
 * form first (`checkScheduleForm`) and focus the first field to fix.
 */
export function useScheduleDraft({
  formRef,
  account,
  video,
  slideshow,
  onScheduled,
  userTimeZone,
  uploader,
  initialDate,
  now,
  onAddToQueue,
  another,
}: ScheduleDraftOptions) {
  const unavailable = accountProblem(account)
  const creator = useCreatorInfo(account.id, unavailable === null)
  const upload = useVideoUpload(uploader)
  const schedule = useSchedulePost()

  const [zoneChoice, setZoneChoice] = useState<string | null>(another?.zoneChoice ?? null)
  const timeZone = zoneChoice ?? account.timeZone ?? userTimeZone
  const [values, setValues] = useState<ScheduleFormValues>(() => ({
    ...presetScheduleValues(now(), timeZone, another?.date ?? initialDate),
    ...(another
      ? {
          time: another.time,
          format: another.format,
          postMode: another.postMode,
          privacyLevel: another.privacyLevel,
          allowComment: another.allowComment,
          allowDuet: another.allowDuet,
          allowStitch: another.allowStitch,
        }
      : {}),
    ...(video ? { title: video.title, description: video.description } : {}),
    ...(slideshow
      ? { format: 'photo' as const, slideshowId: slideshow.id, title: slideshow.title.slice(0, SLIDESHOW_LIMITS.title) }
      : {}),
  }))
  const [errors, setErrors] = useState<ScheduleErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [submitError, setSubmitError] = useState<string | null>(null)
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

  const info = creator.data
  const privacyLevel = effectivePrivacy(values, info)
  const interactions = effectiveInteractions(values, info)
  const branded = isBranded(values.commercial)

  // After a refused submit, focus the first field that needs fixing (once it has rendered as invalid).
  useEffect(() => {
    if (focusRequest === 0) return
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    invalid?.focus()
  }, [focusRequest, formRef])

  const media = video
    ? { id: video.mediaId, durationMs: video.durationMs }
    : upload.state.phase === 'ready'
      ? upload.state.media
      : null
  const photo = values.format === 'photo'
  const draftMode = values.postMode === 'inbox'
  const tooLong = photo ? null : videoTooLongMessage(media?.durationMs, info)

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
            : !draftMode && commercialNeedsChoice(values.commercial)
              ? MESSAGES.commercialNeedsChoice
              : null

  function change<K extends keyof ScheduleFormValues>(key: K, value: ScheduleFormValues[K]) {
    setValues((prev) => ({ ...prev, [key]: value }))
    const field: ScheduleField | null =
      key === 'title' || key === 'description' || key === 'date' || key === 'time' || key === 'privacyLevel'
        ? key
        : key === 'slideshowId'
          ? 'slideshow'
          : null
    if (field) setErrors((prev) => ({ ...prev, [field]: undefined }))
    setFormError(null)
    setSubmitError(null)
  }

  function changeZone(zone: string) {
    setZoneChoice(zone)
    setErrors((prev) => ({ ...prev, date: undefined, time: undefined, timeZone: undefined }))
  }

  function changeCommercial(commercial: CommercialChoice) {
    change('commercial', commercial)
    setErrors((prev) => ({ ...prev, privacyLevel: undefined }))
  }

  function chooseFile(file: File) {
    setErrors((prev) => ({ ...prev, video: undefined }))
    setFormError(null)
    upload.start(file)
  }

  function removeVideo() {
    upload.clear()
    setInputKey((n) => n + 1)
  }

  function refuse(found: ScheduleErrors, message: string | null) {
    setErrors(found)
    setFormError(message)
    setFocusRequest((n) => n + 1)
  }

  /** The outcome handed to `onScheduled`, with what "Schedule another" keeps (the settings as they were sent). */
  function outcome(post: Post, how: ScheduledOutcome['how']): ScheduledOutcome {
    return { post, how, next: nextPostPreset(post, { ...values, privacyLevel, ...interactions }, zoneChoice) }
  }

  function chooseFormat(format: PostFormat) {
    change('format', format)
    setErrors((prev) => ({ ...prev, video: undefined, slideshow: undefined, title: undefined }))
  }

  function chooseMode(mode: PostMode) {
    change('postMode', mode)
    setErrors((prev) => ({ ...prev, privacyLevel: undefined }))
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (schedule.isPending || blocked) return
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
      return refuse(found, result.formError)
    }
    setErrors({})
    setFormError(null)
    schedule.mutate(result.body, {
      onSuccess: (post) => onScheduled(outcome(post, 'scheduled')),
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
  async function queue() {
    if (!onAddToQueue || queueing || blocked) return
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
    if (!result.ok) return refuse(result.errors, result.formError)
    const checked = result.body
    const body: AddToQueueInput = {
      format: checked.format,
      postMode: checked.postMode,
      ...(checked.format === 'photo'
        ? { slideshowId: checked.slideshowId, autoAddMusic: checked.autoAddMusic }
        : { mediaId: checked.mediaId }),
      title: checked.title,
      description: checked.description,
      privacyLevel: checked.privacyLevel,
      allowComment: checked.allowComment,
      allowDuet: checked.allowDuet,
      allowStitch: checked.allowStitch,
      commercial: checked.commercial,
    }
    setQueueing(true)
    let post: Post
    try {
      post = await onAddToQueue(account.id, body)
    } catch (error) {
      setSubmitError(scheduleErrorMessage(error))
      return
    } finally {
      setQueueing(false)
    }
    onScheduled(outcome(post, 'queued'))
  }

  return {
    unavailable,
    creator,
    info,
    upload,
    scheduling: schedule.isPending,
    timeZone,
    zoneChoice,
    values,
    errors,
    formError,
    submitError,
    queueing,
    inputKey,
    privacyLevel,
    interactions,
    branded,
    tooLong,
    photo,
    draftMode,
    loadingCreator,
    blocked,
    change,
    changeZone,
    changeCommercial,
    chooseFormat,
    chooseMode,
    chooseFile,
    removeVideo,
    submit,
    queue,
  }
}

export type ScheduleDraft = ReturnType<typeof useScheduleDraft>
