import { MESSAGES } from '@hookpost/shared/messages'
import {
  POST_LIMITS,
  schedulePostBodySchema,
  tiktokCaption,
  type CreatorInfo,
  type PostFormat,
  type PostMode,
  type PrivacyLevel,
  type SchedulePostInput,
} from '@hookpost/shared/posts'
import { SLIDESHOW_LIMITS } from '@hookpost/shared/slideshows'
import { resolveScheduledAt } from '@hookpost/shared/schedule-time'
import { addDays, instantToZoned, todayInZone } from '@hookpost/shared/time'

/**
 * A video that is already on the server (a video rendered in the studio): scheduled as it is, without an upload. Its
 * title and description start the form's.
 */
export type PresetVideo = {
  mediaId: string
  name: string
  durationMs: number
  /** Where the browser plays it from (the 200×356 preview, product.md §2). */
  previewUrl: string
  title: string
  description: string
}

export type CommercialChoice = { enabled: boolean; yourBrand: boolean; brandedContent: boolean }

/** What the person typed and chose. `privacyLevel` starts empty: TikTok forbids a default (tiktok-api.md §6 2b). */
export type ScheduleFormValues = {
  /** A video, or a slideshow's photo set (issue 29). */
  format: PostFormat
  /** Posted directly, or sent as a draft to the creator's TikTok inbox. */
  postMode: PostMode
  /** The slideshow (format photo); '' until chosen. */
  slideshowId: string
  /** Photo posts: TikTok adds music (tiktok-api.md §3.10 auto_add_music). */
  autoAddMusic: boolean
  title: string
  description: string
  date: string
  time: string
  privacyLevel: PrivacyLevel | ''
  allowComment: boolean
  allowDuet: boolean
  allowStitch: boolean
  commercial: CommercialChoice
}

export type ScheduleField =
  'video' | 'slideshow' | 'title' | 'description' | 'date' | 'time' | 'timeZone' | 'privacyLevel'
export type ScheduleErrors = Partial<Record<ScheduleField, string>>

/** product.md §9: the date defaults to tomorrow (in the chosen zone), the time to 12:00; TikTok's choices start off. */
export function initialScheduleValues(now: Date, timeZone: string): ScheduleFormValues {
  return {
    format: 'video',
    postMode: 'direct',
    slideshowId: '',
    autoAddMusic: true,
    title: '',
    description: '',
    date: addDays(todayInZone(now, timeZone), 1),
    time: '12:00',
    privacyLevel: '',
    allowComment: false,
    allowDuet: false,
    allowStitch: false,
    commercial: { enabled: false, yourBrand: false, brandedContent: false },
  }
}

/**
 * The form opened on a calendar day (issue 21): that date, at 12:00 as usual; on today once 12:00 has passed, the next
 * whole hour (23:59 late in the evening), so the preset moment is never already in the past.
 */
export function presetScheduleValues(now: Date, timeZone: string, date: string | undefined): ScheduleFormValues {
  const values = initialScheduleValues(now, timeZone)
  if (!date) return values
  if (date !== todayInZone(now, timeZone)) return { ...values, date }
  const hour = Number(instantToZoned(now, timeZone).time.slice(0, 2))
  if (hour < 12) return { ...values, date }
  return { ...values, date, time: hour >= 23 ? '23:59' : `${String(hour + 1).padStart(2, '0')}:00` }
}

/** tiktok-api.md §6 rule 3: with disclosure on, at least one of the two must be chosen before posting. */
export function commercialNeedsChoice(commercial: CommercialChoice): boolean {
  return commercial.enabled && !commercial.yourBrand && !commercial.brandedContent
}

/** Branded content counts only while the disclosure is on. */
export function isBranded(commercial: CommercialChoice): boolean {
  return commercial.enabled && commercial.brandedContent
}

/** The interaction toggles as they will be sent: a toggle the creator disabled in TikTok is always off. */
export function effectiveInteractions(values: ScheduleFormValues, creator: CreatorInfo | undefined) {
  return {
    allowComment: values.allowComment && !!creator && !creator.commentDisabled,
    allowDuet: values.allowDuet && !!creator && !creator.duetDisabled,
    allowStitch: values.allowStitch && !!creator && !creator.stitchDisabled,
  }
}

/** The chosen privacy, if the creator still offers it (switching accounts may take it away). */
export function effectivePrivacy(values: ScheduleFormValues, creator: CreatorInfo | undefined): PrivacyLevel | '' {
  return values.privacyLevel && creator?.privacyLevelOptions.includes(values.privacyLevel) ? values.privacyLevel : ''
}

const CAPTION_LIMIT = POST_LIMITS.caption.toLocaleString('en-US')

/** The form field a contract path (`mediaId`, `title`, …) is shown at, for the form's own checks and the server's. */
export const FIELD_OF: Record<string, ScheduleField> = {
  mediaId: 'video',
  slideshowId: 'slideshow',
  title: 'title',
  description: 'description',
  date: 'date',
  time: 'time',
  timeZone: 'timeZone',
  privacyLevel: 'privacyLevel',
}

export type ScheduleCheck =
  { ok: true; body: SchedulePostInput } | { ok: false; formError: string | null; errors: ScheduleErrors }

/**
 * The form's own checks, in the order a person fixes them: anything required missing ('Please fill in all required
 * fields', product.md §5), then the contract's limits (`schedulePostBodySchema`), TikTok's rules, then the moment itself,
 * which must exist in the chosen zone (DST gaps), lie in the future and no more than a year ahead
 * (SCHEDULE_HORIZON_DAYS) — `resolveScheduledAt`, the server's own rule. The server checks all of it again.
 */
export function checkScheduleForm(input: {
  values: ScheduleFormValues
  accountId: string
  mediaId: string | null
  timeZone: string
  creator: CreatorInfo | undefined
  now: Date
}): ScheduleCheck {
  const { values, accountId, mediaId, timeZone, creator, now } = input
  const photo = values.format === 'photo'
  const draft = values.postMode === 'inbox'
  const privacyLevel = effectivePrivacy(values, creator)

  const missing: ScheduleErrors = {}
  if (!photo && !mediaId) missing.video = 'Choose a video to upload.'
  if (photo && !values.slideshowId) missing.slideshow = 'Choose a slideshow.'
  if (!values.title.trim()) missing.title = 'Enter a title.'
  if (!values.date) missing.date = MESSAGES.chooseDate
  if (!values.time) missing.time = MESSAGES.chooseTime
  // A draft goes without a privacy level: the creator chooses it in TikTok (tiktok-api.md §3.3).
  if (!draft && !privacyLevel) missing.privacyLevel = 'Choose who can view this video.'
  if (Object.keys(missing).length > 0) return { ok: false, formError: MESSAGES.requiredFields, errors: missing }
  // TikTok's photo title: at most 90 characters (tiktok-api.md §3.10).
  if (photo && values.title.trim().length > SLIDESHOW_LIMITS.title) {
    return {
      ok: false,
      formError: null,
      errors: { title: `A slideshow's title must be ${SLIDESHOW_LIMITS.title} characters or fewer` },
    }
  }

  // Drafts carry no TikTok settings (the creator finishes them in TikTok); photo posts have no Duet or Stitch.
  const commercial =
    values.commercial.enabled && !draft
      ? values.commercial
      : { enabled: false, yourBrand: false, brandedContent: false }
  const interactions = effectiveInteractions(values, creator)
  const body: SchedulePostInput = {
    accountId,
    format: values.format,
    postMode: values.postMode,
    ...(photo ? { slideshowId: values.slideshowId, autoAddMusic: values.autoAddMusic } : { mediaId: mediaId ?? '' }),
    title: values.title,
    description: values.description,
    ...(draft || !privacyLevel ? {} : { privacyLevel }),
    allowComment: !draft && interactions.allowComment,
    allowDuet: !draft && !photo && interactions.allowDuet,
    allowStitch: !draft && !photo && interactions.allowStitch,
    commercial,
    date: values.date,
    time: values.time,
    timeZone,
  }
  const parsed = schedulePostBodySchema.safeParse(body)
  if (!parsed.success) {
    const errors: ScheduleErrors = {}
    let formError: string | null = null
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])]
      if (field) errors[field] ??= issue.message
      else formError ??= issue.message
    }
    return { ok: false, formError, errors }
  }

  if (commercialNeedsChoice(commercial)) return { ok: false, formError: MESSAGES.commercialNeedsChoice, errors: {} }
  if (!draft && isBranded(commercial) && privacyLevel === 'SELF_ONLY') {
    return { ok: false, formError: null, errors: { privacyLevel: MESSAGES.brandedNotPrivate } }
  }
  // A video's title and description go to TikTok as one caption; a photo post keeps them apart (§3.10).
  if (!photo && tiktokCaption(values.title, values.description).length > POST_LIMITS.caption) {
    return {
      ok: false,
      formError: null,
      errors: {
        description: `TikTok allows ${CAPTION_LIMIT} characters for the title and description together.`,
      },
    }
  }

  const moment = resolveScheduledAt({ date: values.date, time: values.time, timeZone }, now)
  if (!moment.ok) return { ok: false, formError: null, errors: { [moment.field]: moment.message } }
  return { ok: true, body }
}

/**
 * Where a duplicate starts (issue 21): the original's time of day and zone, on the day after the original's day, or
 * tomorrow when that is already past. The person changes it in the dialog before anything is created.
 */
export function duplicateTimeDefaults(
  post: { scheduledAt: string; timeZone: string },
  now: Date,
): { date: string; time: string; timeZone: string } {
  const { date, time } = instantToZoned(new Date(post.scheduledAt), post.timeZone)
  const tomorrow = addDays(todayInZone(now, post.timeZone), 1)
  const next = addDays(date, 1)
  return { date: next > tomorrow ? next : tomorrow, time, timeZone: post.timeZone }
}
