import { z } from 'zod'
import { AI_MESSAGES, CONTENT_TONES, EXAMPLE_HOOKS_MAX, HOOK_CONCEPTS, MUST_INCLUDE_MAX } from './ai'
import { INBOX_PENDING_CAP, privacyLevelSchema } from './posts'
import { SLIDESHOW_WRITER_LIMITS } from './slideshows'

/**
 * Automation (product.md §2 Automation tab, §3 automation settings, §5 automation save, §8, §9): Hookpost plans, renders and
 * schedules posts for the person every posting day, on the server, whether or not the app is open. The contract
 * between `/api/automation*` and the web.
 */

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
export type Weekday = (typeof WEEKDAYS)[number]
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
}

const WEEKDAY_OF_UTC_DAY: readonly Weekday[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
]

/** The weekday of a 'YYYY-MM-DD' date. */
export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return WEEKDAY_OF_UTC_DAY[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!
}

/**
 * product.md §9: automation adds 'random' to the hook concepts and tones; issue 19 adds 'best' (the hook bandit picks from
 * the account's results, ADR 022).
 */
export const AUTOMATION_CONCEPTS = [...HOOK_CONCEPTS, 'random', 'best'] as const
export type AutomationConcept = (typeof AUTOMATION_CONCEPTS)[number]
export const AUTOMATION_TONES = [...CONTENT_TONES, 'random', 'best'] as const
export type AutomationTone = (typeof AUTOMATION_TONES)[number]
/** Labels of the automation-only choices. */
export const AUTOMATION_CHOICE_LABELS = {
  random: 'Random',
  best: 'Best performing (learns from your results)',
} as const

/**
 * How the automation picks posting times (issue 19): 'random' minutes inside the window (product.md §9), or 'best' — the
 * account's best hours inside the window (best times, weighted by the heat map, with the same explore share) once it
 * has enough posts, random otherwise.
 */
export const POSTING_TIMES = ['random', 'best'] as const
export type PostingTimes = (typeof POSTING_TIMES)[number]
export const POSTING_TIMES_LABELS: Record<PostingTimes, string> = {
  random: 'Random times in the window',
  best: 'Best times (learns from your results)',
}

/** product.md §9 automation constants. */
export const AUTOMATION_LIMITS = {
  postsPerDayMin: 1,
  postsPerDayMax: 5,
  /** Minimum minutes between two posts of one day. */
  minGapMinutes: 30,
  /** Random picks per slot before falling back to even spacing. */
  triesPerSlot: 100,
  /** Videos one automation may rotate through. */
  videosMax: 50,
  /** Gallery images one slideshow automation may draw backgrounds from. */
  slideshowImagesMax: 50,
} as const

/**
 * What the automation posts (issue 29): videos (the Library video with the hook on it), slideshows (a photo post: the
 * hook slide, point slides and a call to action on backgrounds drawn from the chosen images), or both by turns.
 */
export const AUTOMATION_FORMATS = ['video', 'slideshow', 'alternate'] as const
export type AutomationFormat = (typeof AUTOMATION_FORMATS)[number]
export const AUTOMATION_FORMAT_LABELS: Record<AutomationFormat, string> = {
  video: 'Videos',
  slideshow: 'Slideshows',
  alternate: 'Alternate videos and slideshows',
}
/** Whether posts of this format need the Library videos, or the gallery images. */
export const formatUsesVideos = (format: AutomationFormat) => format !== 'slideshow'
export const formatUsesSlideshows = (format: AutomationFormat) => format !== 'video'
/**
 * The kind of one planned post: `alternate` takes turns per account by the post's sequence number (its place among
 * the account's planned posts, cancelled ones not counted), a video first.
 */
export function slotFormat(format: AutomationFormat, sequence: number): 'video' | 'slideshow' {
  if (format !== 'alternate') return format
  return sequence % 2 === 0 ? 'video' : 'slideshow'
}
/** Drafts sent to the TikTok inbox (tiktok-api.md §3.3): at most this many a day, so they fit TikTok's 24-hour cap. */
export function draftsPerDayIssue(postsPerDay: number): string | null {
  return postsPerDay > INBOX_PENDING_CAP
    ? `TikTok keeps at most ${INBOX_PENDING_CAP} drafts a day: choose at most ${INBOX_PENDING_CAP} posts a day to send them as drafts`
    : null
}

export const AUTOMATION_DEFAULTS = {
  days: ['monday', 'wednesday', 'friday'] as Weekday[],
  postsPerDay: 3,
  windowStart: '10:00',
  windowEnd: '18:00',
  hookConcept: 'random' as AutomationConcept,
  tone: 'random' as AutomationTone,
  postingTimes: 'random' as PostingTimes,
  format: 'video' as AutomationFormat,
  slidesPerPost: SLIDESHOW_WRITER_LIMITS.points.default,
}

export const AUTOMATION_MESSAGES = {
  accountRequired: 'Please select a TikTok account to enable automation',
  videosRequired: 'Please select at least one video for automation',
  slideshowImagesRequired: 'Please select at least one image for slideshow posts',
  daysRequired: 'Please select at least one day for posting',
  endAfterStart: 'End time must be after start time',
  privacyRequired: 'Please choose who can see the automated posts',
  customConceptRequired: AI_MESSAGES.customConceptRequired,
  customToneRequired: AI_MESSAGES.customToneRequired,
  exampleHooksMax: `Add at most ${EXAMPLE_HOOKS_MAX} example hooks`,
  exampleHookBlank: 'Example hooks cannot be blank',
  // Run Now (product.md §8).
  disabled: 'Automation is disabled',
  noAccount: 'No TikTok account selected',
  noVideos: 'No videos selected for automation',
  noSlideshowImages: 'No images selected for slideshow posts',
  noDays: 'No posting days selected',
  saveFailed: 'Failed to save automation settings',
  runFailed: 'Failed to run automation',
  fetchFailed: 'Failed to fetch automation settings',
  // Captions and review before posting (issue 18).
  awaitingApproval: 'Awaiting your approval',
  // Regenerate (issue 30 item 11, ADR 050).
  regenerateBusy: 'A new hook is already being made for this post. It shows here when it is ready.',
  regenerateNotReady: 'This post is still being made. Try again once its video is ready.',
  regenerateNotPlanned: 'Only a planned post that has not gone out can get a new hook.',
  regenerateFailed: 'Failed to make a new hook',
  // Run Now makes one post now (issue 30 item 11, ADR 050).
  runNowBusy: 'Run Now is already making a post. It shows in the History below.',
  privateTextInHook:
    'The AI writer kept putting your private Account Description into the hook, so this post was not planned. Try Run Now again, or reword the description.',
} as const

/** product.md §8: the window cannot hold `posts` posts 30 minutes apart. */
export function windowTooShortMessage(posts: number): string {
  return `Not enough time between start and end for ${posts} posts`
}

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/

/** 'HH:MM' → minutes after midnight. */
export function minutesOfDay(time: string): number {
  const m = TIME_RE.exec(time)
  if (!m) return Number.NaN
  return Number(m[1]) * 60 + Number(m[2])
}

/**
 * The posting window's problem, if any (product.md §5): end after start, and room for `postsPerDay` posts at least
 * `minGapMinutes` apart — (posts − 1) × 30 min.
 */
export function windowIssue(windowStart: string, windowEnd: string, postsPerDay: number): string | null {
  const start = minutesOfDay(windowStart)
  const end = minutesOfDay(windowEnd)
  if (!(end > start)) return AUTOMATION_MESSAGES.endAfterStart
  if (end - start < (postsPerDay - 1) * AUTOMATION_LIMITS.minGapMinutes) return windowTooShortMessage(postsPerDay)
  return null
}

const timeOfDay = z.string().regex(TIME_RE, { message: 'Please choose a time' })
const keywordList = z.array(z.string().trim().min(1).max(50)).max(10).default([])

/** TikTok post settings automation uses, chosen once explicitly (no defaults: TikTok UX rule 2b). */
export const automationPostSettingsSchema = z.object({
  privacyLevel: privacyLevelSchema.nullable(),
  allowComment: z.boolean(),
  allowDuet: z.boolean(),
  allowStitch: z.boolean(),
})
export type AutomationPostSettings = z.infer<typeof automationPostSettingsSchema>

/** PUT /api/automation: the four sub-tabs and the toggle, saved together. */
export const automationSettingsInputSchema = z
  .object({
    enabled: z.boolean(),
    // Content Settings
    hookConcept: z.enum(AUTOMATION_CONCEPTS),
    customConcept: z.string().trim().max(200).default(''),
    tone: z.enum(AUTOMATION_TONES),
    customTone: z.string().trim().max(200).default(''),
    mustInclude: keywordList.refine((words) => words.join(' ').length <= MUST_INCLUDE_MAX, {
      message: `Must-include keywords can be at most ${MUST_INCLUDE_MAX} characters together`,
    }),
    mayInclude: keywordList,
    customPrompt: z.string().trim().max(1000).default(''),
    exampleHooks: z
      .array(z.string().trim().min(1, { message: AUTOMATION_MESSAGES.exampleHookBlank }).max(150))
      .max(EXAMPLE_HOOKS_MAX, { message: AUTOMATION_MESSAGES.exampleHooksMax })
      .default([]),
    // Schedule Settings (the window is in the account's time zone)
    days: z.array(z.enum(WEEKDAYS)).max(7),
    postsPerDay: z.number().int().min(AUTOMATION_LIMITS.postsPerDayMin).max(AUTOMATION_LIMITS.postsPerDayMax),
    windowStart: timeOfDay,
    windowEnd: timeOfDay,
    postingTimes: z.enum(POSTING_TIMES).default('random'),
    // Video Selection: Library item ids (`stock:<slug>`, `video:<id>`, or `slideshow:<id>` once it is exported as a
    // video: ADR 041), rotated least recently used first.
    videoIds: z.array(z.string().min(1).max(120)).max(AUTOMATION_LIMITS.videosMax),
    // What to post (issue 29): videos, slideshows or both by turns; a slideshow's backgrounds come from these gallery
    // images (least recently used first), with this many point slides between the hook and the call to action.
    format: z.enum(AUTOMATION_FORMATS).default('video'),
    slideshowImageIds: z
      .array(z.string().min(1).max(120))
      .max(AUTOMATION_LIMITS.slideshowImagesMax, {
        message: `Choose at most ${AUTOMATION_LIMITS.slideshowImagesMax} images`,
      })
      .default([]),
    slidesPerPost: z
      .number()
      .int()
      .min(SLIDESHOW_WRITER_LIMITS.points.min)
      .max(SLIDESHOW_WRITER_LIMITS.points.max)
      .default(SLIDESHOW_WRITER_LIMITS.points.default),
    // Advanced Settings
    accountId: z.string().max(64).nullable(),
    postSettings: automationPostSettingsSchema,
    /** Planned posts wait as drafts until the person approves each one; one not approved by its time is skipped. */
    reviewBeforePosting: z.boolean().default(false),
    /** Posts go to the creator's TikTok inbox as drafts (MEDIA_UPLOAD): they add a sound and post them in TikTok. */
    sendAsDrafts: z.boolean().default(false),
    /**
     * Not a setting, what this save does (ADR 050): when it plans again (or turns automation off), the waiting posts
     * the person approved or edited are kept unless this says `replace`. Never stored.
     */
    approvedOrEdited: z.enum(['keep', 'replace']).default('keep'),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (v.hookConcept === 'other' && v.customConcept === '') {
      issue('customConcept', AUTOMATION_MESSAGES.customConceptRequired)
    }
    if (v.tone === 'other' && v.customTone === '') issue('customTone', AUTOMATION_MESSAGES.customToneRequired)
    const window = windowIssue(v.windowStart, v.windowEnd, v.postsPerDay)
    if (window) issue('windowEnd', window)
    // postsPerDayMax is 5 already; this keeps drafts within TikTok's cap should the maximum ever grow.
    const drafts = v.sendAsDrafts ? draftsPerDayIssue(v.postsPerDay) : null
    if (drafts) issue('postsPerDay', drafts)
    // product.md §5: what enabling needs, in this order.
    if (!v.enabled) return
    if (!v.accountId) issue('accountId', AUTOMATION_MESSAGES.accountRequired)
    if (formatUsesVideos(v.format) && v.videoIds.length === 0) issue('videoIds', AUTOMATION_MESSAGES.videosRequired)
    if (formatUsesSlideshows(v.format) && v.slideshowImageIds.length === 0) {
      issue('slideshowImageIds', AUTOMATION_MESSAGES.slideshowImagesRequired)
    }
    if (v.days.length === 0) issue('days', AUTOMATION_MESSAGES.daysRequired)
    // A draft's audience is chosen by the creator in TikTok (tiktok-api.md §3.3): only direct posts need one here.
    if (!v.sendAsDrafts && v.postSettings.privacyLevel === null) {
      issue('postSettings.privacyLevel', AUTOMATION_MESSAGES.privacyRequired)
    }
  })
  .meta({ id: 'AutomationSettingsBody' })
export type AutomationSettingsInput = z.input<typeof automationSettingsInputSchema>

export const automationSettingsSchema = z
  .object({
    enabled: z.boolean(),
    hookConcept: z.enum(AUTOMATION_CONCEPTS),
    customConcept: z.string(),
    tone: z.enum(AUTOMATION_TONES),
    customTone: z.string(),
    mustInclude: z.array(z.string()),
    mayInclude: z.array(z.string()),
    customPrompt: z.string(),
    exampleHooks: z.array(z.string()),
    days: z.array(z.enum(WEEKDAYS)),
    postsPerDay: z.number().int(),
    windowStart: z.string(),
    windowEnd: z.string(),
    postingTimes: z.enum(POSTING_TIMES),
    videoIds: z.array(z.string()),
    format: z.enum(AUTOMATION_FORMATS),
    slideshowImageIds: z.array(z.string()),
    slidesPerPost: z.number().int(),
    accountId: z.string().nullable(),
    postSettings: automationPostSettingsSchema,
    reviewBeforePosting: z.boolean(),
    sendAsDrafts: z.boolean(),
    /** The zone the window is in: the account's, else the person's profile zone. */
    timeZone: z.string(),
    /** null until first saved (the defaults are shown). */
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AutomationSettings' })
export type AutomationSettings = z.infer<typeof automationSettingsSchema>

/**
 * One planned post and how far it got: `preparing` (hook and caption written, video being made), `rendering`,
 * `draft` (its post waits for the person's approval), `scheduled` (the post waits for its time), `posted`, `failed`
 * (with why), `skipped` (not approved by its time: never sent), `rejected` (the person rejected the draft: never sent,
 * ADR 048), `cancelled` (automation turned off or replanned).
 */
export const AUTOMATION_SLOT_STATES = [
  'preparing',
  'rendering',
  'draft',
  'scheduled',
  // Sent to the creator's TikTok inbox as a draft (issue 29): they finish it in TikTok.
  'inbox',
  'posted',
  'failed',
  'skipped',
  'rejected',
  'cancelled',
] as const
export type AutomationSlotState = (typeof AUTOMATION_SLOT_STATES)[number]

export const automationSlotSchema = z
  .object({
    id: z.string(),
    scheduledAt: z.iso.datetime(),
    timeZone: z.string(),
    /** What it is (issue 29): a video, or a slideshow (a photo post). */
    format: z.enum(['video', 'slideshow']),
    /** Sent as a draft to the creator's TikTok inbox rather than posted directly. */
    sendAsDraft: z.boolean(),
    /** The Library video it was made from; for a slideshow, its title. */
    sourceTitle: z.string(),
    hookText: z.string(),
    /** The post's title and caption text as TikTok will receive them (tiktokCaption): never the filming brief. */
    title: z.string(),
    description: z.string(),
    state: z.enum(AUTOMATION_SLOT_STATES),
    errorMessage: z.string().nullable(),
    videoId: z.string().nullable(),
    /** The slideshow made for it (format `slideshow`), once made. */
    slideshowId: z.string().nullable(),
    postId: z.string().nullable(),
    /** Why this concept × tone (set to 'best' or 'random'), e.g. "Best so far: story × casual, 2.1× typical over 6 posts". */
    hookReason: z.string().nullable(),
    /** Why this time, e.g. "Best times: Tuesday 18:00 is 1.9× typical"; null for posts planned before issue 19. */
    timeReason: z.string().nullable(),
    /**
     * Waiting and approved by the person, or edited by them (ADR 050): saving changed settings keeps it unless they
     * choose to replace it.
     */
    approved: z.boolean(),
    edited: z.boolean(),
    /** Regenerate is making its new hook and video (ADR 050): its post keeps the earlier one until then. */
    regenerating: z.boolean(),
  })
  .meta({ id: 'AutomationSlot' })
export type AutomationSlot = z.infer<typeof automationSlotSchema>

export const AUTOMATION_TRIGGERS = ['daily', 'run_now', 'settings'] as const
export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number]
export const AUTOMATION_TRIGGER_LABELS: Record<AutomationTrigger, string> = {
  daily: 'Daily planning',
  run_now: 'Run Now',
  settings: 'Settings saved',
}

/** One run of the planner: when, why, what it planned and how each post is doing. */
export const automationRunSchema = z
  .object({
    id: z.string(),
    trigger: z.enum(AUTOMATION_TRIGGERS),
    startedAt: z.iso.datetime(),
    /** What happened, in a sentence ("Planned 3 posts for Monday, 24 November"; "Nothing to plan: …"). */
    summary: z.string(),
    slots: z.array(automationSlotSchema),
  })
  .meta({ id: 'AutomationRun' })
export type AutomationRun = z.infer<typeof automationRunSchema>

/** GET, PUT /api/automation and POST /api/automation/run-now: the settings and the newest runs (at most 20). */
export const automationOverviewSchema = z
  .object({ settings: automationSettingsSchema, runs: z.array(automationRunSchema) })
  .meta({ id: 'AutomationOverview' })
export type AutomationOverview = z.infer<typeof automationOverviewSchema>
