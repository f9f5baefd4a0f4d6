import { randomInt as cryptoRandomInt, randomUUID } from 'node:crypto'
import {
  addDays,
  AUTOMATION_DEFAULTS,
  AUTOMATION_LIMITS,
  AUTOMATION_MESSAGES,
  CONTENT_TONE_LABELS,
  CONTENT_TONES,
  EMPTY_HOOK_CONTEXT,
  HOOK_CONCEPT_LABELS,
  HOOK_CONCEPTS,
  HOOK_OVERLAY_DEFAULTS,
  MESSAGES,
  todayInZone,
  WEEKDAY_LABELS,
  WEEKDAYS,
  windowIssue,
  type AutomationOverview,
  type AutomationRun,
  type AutomationSettings,
  type AutomationSlot,
  type AutomationTrigger,
  type BestTimes,
  type ContentTone,
  type CreatedVideo,
  type HookConcept,
  type LibraryItem,
  type MediaFile,
  type PrivacyLevel,
  type TiktokAccount,
  type Weekday,
  type automationSettingsInputSchema,
  weekdayOf,
} from '@hookpost/shared'
import type { z } from 'zod'
import { AppError } from '../../lib/errors'
import type { EventBus } from '../../lib/events'
import type { JobQueue } from '../../lib/job-queue'
import type { Log } from '../../lib/log'
import { mulberry32, pick } from '../../lib/random'
import {
  accountPrivateFields,
  PrivateTextError,
  quotedPrivateField,
  writePostCaption,
  type AiWriter,
  type PostCaption,
} from '../ai'
import type { PostsService } from '../posts'
import type { VideosService } from '../videos'
import type {
  AutomationRepository,
  AutomationSettingsRow,
  AutomationSlotRow,
  NewAutomationSlotRow,
  SlotView,
} from './automation.repository'
import { hourEstimates } from '../analytics/best-times'
import { chooseHook, EXPLORE_SHARE, type HookResult } from './hook-bandit'
import { pickSlots, type PickedSlot } from './slot-picker'

export type AutomationSettingsBody = z.output<typeof automationSettingsInputSchema>

export interface AutomationTuning {
  /** The daily planning covers today and this many days after it (so at least 24 h ahead is always planned). */
  horizonDays: number
  /** Run Now looks this far ahead for days not planned yet. */
  runNowHorizonDays: number
  /** A post is planned at least this long ahead: time to write its hook and render its video. */
  leadMs: number
  /** While its video renders, a planned post is looked at again this often. */
  renderPollSeconds: number
  /** A worker's hold on a post it is making the video of; past it, another worker may take it. */
  claimLeaseMs: number
  /** The sweep re-sends the job of a planned post untouched for this long. */
  staleAfterMs: number
  /** A planned post that still could not be scheduled this long after its time is given up. */
  giveUpAfterMs: number
  /** TikTok's posting cap per creator per 24 h ("typically around 15", tiktok-api.md §4.4). */
  dailyPostCap: number
  /** Runs the History shows. */
  historyRuns: number
}

export const DEFAULT_AUTOMATION_TUNING: AutomationTuning = {
  horizonDays: 2,
  runNowHorizonDays: 14,
  leadMs: 10 * 60_000,
  renderPollSeconds: 3,
  claimLeaseMs: 5 * 60_000,
  staleAfterMs: 2 * 60_000,
  giveUpAfterMs: 60 * 60_000,
  dailyPostCap: 15,
  historyRuns: 20,
}

export interface AutomationDeps {
  repo: AutomationRepository
  writer: AiWriter
  library: {
    list(userId: string): Promise<{ videos: LibraryItem[] }>
    use(userId: string, itemId: string): Promise<MediaFile>
  }
  videos: Pick<VideosService, 'create' | 'remove'>
  posts: Pick<PostsService, 'scheduleAt' | 'remove'>
  accounts: { get(userId: string, accountId: string): Promise<TiktokAccount> }
  /** The person's own zone (profile), when the account has none. */
  profileZone(userId: string): Promise<string | null>
  /** The account's best times to post (modules/analytics/best-times): what posting times 'best' follows. */
  bestTimes(userId: string, accountId: string): Promise<BestTimes>
  queue: JobQueue
  events: EventBus
  /** Plans and the trial (ADR 036): once the trial ended without a plan, nothing new is planned. */
  plans?: { newPostsRefusal(userId: string): Promise<AppError | null> }
  clock: () => Date
  /** A fresh seed per planning run (tests pass a fixed one). */
  seed?: () => number
  log: Log
  tuning?: Partial<AutomationTuning>
}

/** "Monday, 24 November" for a 'YYYY-MM-DD' date. */
function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  )
}

/** Times the writer is asked for ideas before a slot whose every hook quotes the private description is given up. */
const HOOK_ROUNDS = 2

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** Concepts and tones 'random' picks from: the named ones ('other' needs the person's words). */
const RANDOM_CONCEPTS = HOOK_CONCEPTS.filter((c) => c !== 'other')
const RANDOM_TONES = CONTENT_TONES.filter((t) => t !== 'other')

function defaultsRow(userId: string): AutomationSettingsRow {
  return {
    userId,
    isEnabled: false,
    accountId: null,
    hookConcept: AUTOMATION_DEFAULTS.hookConcept,
    customConcept: '',
    contentTone: AUTOMATION_DEFAULTS.tone,
    customTone: '',
    mustIncludeKeywords: [],
    mayIncludeKeywords: [],
    selectedVideos: [],
    scheduleDays: [...AUTOMATION_DEFAULTS.days],
    postsPerDay: AUTOMATION_DEFAULTS.postsPerDay,
    windowStart: AUTOMATION_DEFAULTS.windowStart,
    windowEnd: AUTOMATION_DEFAULTS.windowEnd,
    postingTimes: AUTOMATION_DEFAULTS.postingTimes,
    customPrompt: '',
    exampleHooks: [],
    privacyLevel: null,
    allowComment: false,
    allowDuet: false,
    allowStitch: false,
    reviewBeforePosting: false,
    updatedAt: new Date(0),
  }
}

/** What the planner reads: a change to any of these replans what has not gone out yet. */
function planningKey(row: AutomationSettingsRow): string {
  const { updatedAt: _updatedAt, isEnabled: _isEnabled, ...planning } = row
  return JSON.stringify(planning)
}

/** The planned post as the History shows it; once scheduled, its post says whether it went out. */
export function toSlotDto(slot: SlotView): AutomationSlot {
  let state: AutomationSlot['state'] = slot.state
  let errorMessage = slot.errorMessage
  // Once its post exists, the post says what the person sees: its caption, its time, and whether it went out.
  const post = slot.state === 'scheduled' ? slot.post : null
  if (slot.state === 'scheduled') {
    if (!post) {
      state = 'cancelled'
      errorMessage = 'The post was deleted'
    } else if (post.state === 'uploaded') {
      state = 'posted'
    } else if (post.state === 'draft') {
      state = 'draft'
    } else if (post.state === 'skipped') {
      state = 'skipped'
      errorMessage = post.errorMessage ?? MESSAGES.draftNotApproved
    } else if (post.state === 'failed' || post.state === 'unconfirmed') {
      state = 'failed'
      errorMessage = post.errorMessage ?? MESSAGES.scheduleFailed
    }
  }
  return {
    id: slot.id,
    scheduledAt: (post?.scheduledAt ?? slot.scheduledAt).toISOString(),
    timeZone: post?.timeZone ?? slot.timeZone,
    sourceTitle: slot.sourceTitle,
    hookText: slot.hookText,
    title: post?.title ?? slot.title,
    description: post?.description ?? slot.description,
    state,
    errorMessage,
    videoId: slot.videoId,
    postId: slot.post?.id ?? null,
    hookReason: slot.hookReason,
    timeReason: slot.timeReason,
  }
}

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`

/** Why a posting time was chosen, for the History (issue 19). */
function timeReason(
  picked: PickedSlot,
  method: 'random' | 'even' | 'best',
  best: { times: BestTimes | null; weekday: Weekday; wanted: boolean },
): string {
  if (method === 'even') return 'Evenly spaced in your window: no random times fitted 30 minutes apart'
  if (!best.wanted) return 'Random time in your window'
  if (!best.times?.enough) {
    return `Random time in your window: best times need at least ${best.times?.minPosts ?? 10} published posts with stats`
  }
  if (picked.preferredHour === null) {
    return `Exploring (1 in ${Math.round(1 / EXPLORE_SHARE)} times are a random time in your window)`
  }
  const cell = best.times.cells.find((c) => c.weekday === best.weekday && c.hour === picked.preferredHour)
  const when = `${WEEKDAY_LABELS[best.weekday]}s at ${hh(picked.preferredHour)}`
  return cell && cell.posts > 0 && cell.relativeViews !== null
    ? `Best times: ${when} have done ${cell.relativeViews.toFixed(1)}× typical over ${plural(cell.posts, 'post')}`
    : `Best times: weighted toward your best hours; ${when} have no posts yet`
}

/**
 * The concept and tone of one planned post: the person's, a random one ('random', spec §9), or the hook bandit's
 * ('best', issue 19: Thompson sampling over the account's results, ADR 022), with why (null when both were fixed).
 */
async function chooseConceptAndTone(
  row: Pick<AutomationSettingsRow, 'hookConcept' | 'contentTone'>,
  rng: () => number,
  results: () => Promise<HookResult[]>,
): Promise<{ concept: HookConcept; tone: ContentTone; hookReason: string | null }> {
  // 'random' is drawn first, exactly as before 'best' existed (same seed, same picks).
  const concept = row.hookConcept === 'random' ? (pick(rng, RANDOM_CONCEPTS) ?? 'curiosity_gap') : row.hookConcept
  const tone = row.contentTone === 'random' ? (pick(rng, RANDOM_TONES) ?? 'casual') : row.contentTone
  if (concept === 'best' || tone === 'best') {
    const choice = chooseHook({
      concepts: concept === 'best' ? RANDOM_CONCEPTS : [concept],
      tones: tone === 'best' ? RANDOM_TONES : [tone],
      results: await results(),
      rng,
    })
    return { concept: choice.concept, tone: choice.tone, hookReason: choice.reason }
  }
  const random = [
    row.hookConcept === 'random' ? `concept ${HOOK_CONCEPT_LABELS[concept].toLowerCase()}` : null,
    row.contentTone === 'random' ? `tone ${CONTENT_TONE_LABELS[tone].toLowerCase()}` : null,
  ].filter((x) => x !== null)
  return { concept, tone, hookReason: random.length > 0 ? `Random ${random.join(' and ')}` : null }
}

class DayTaken extends Error {}

/**
 * Automation (issue #7): the person's settings, and the planner that turns them into posts — for each posting day,
 * times in the window (slot-picker), a Library video (least recently used first), a hook and title from the AI
 * writer, a video rendered with the hook, and a post scheduled through the publishing engine. It runs on the server
 * (pg-boss cron), for every enabled person, whether or not the app is open. Every step is idempotent: a day is planned
 * once (automation_day), a planned post is made into one video and one post (post.automation_slot_id is unique).
 */
export function createAutomationService(deps: AutomationDeps) {
  const { repo, writer, library, videos, posts, accounts, queue, events, clock, log } = deps
  const tuning: AutomationTuning = { ...DEFAULT_AUTOMATION_TUNING, ...deps.tuning }
  const seed = deps.seed ?? (() => cryptoRandomInt(2 ** 31))

  const announce = (userId: string) => events.publish(userId, { type: 'automation.updated' })

  async function zoneFor(userId: string, account: TiktokAccount | null): Promise<string> {
    return account?.timeZone ?? (await deps.profileZone(userId)) ?? 'UTC'
  }

  async function accountOrNull(userId: string, accountId: string | null): Promise<TiktokAccount | null> {
    if (!accountId) return null
    try {
      return await accounts.get(userId, accountId)
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return null
      throw err
    }
  }

  async function settingsDto(userId: string, row: AutomationSettingsRow | undefined): Promise<AutomationSettings> {
    const r = row ?? defaultsRow(userId)
    const account = await accountOrNull(userId, r.accountId)
    return {
      enabled: r.isEnabled,
      hookConcept: r.hookConcept,
      customConcept: r.customConcept,
      tone: r.contentTone,
      customTone: r.customTone,
      mustInclude: r.mustIncludeKeywords,
      mayInclude: r.mayIncludeKeywords,
      customPrompt: r.customPrompt,
      exampleHooks: r.exampleHooks,
      days: WEEKDAYS.filter((d) => r.scheduleDays.includes(d)),
      postsPerDay: r.postsPerDay,
      windowStart: r.windowStart,
      windowEnd: r.windowEnd,
      postingTimes: r.postingTimes,
      videoIds: r.selectedVideos,
      accountId: account ? r.accountId : null,
      postSettings: {
        privacyLevel: r.privacyLevel,
        allowComment: r.allowComment,
        allowDuet: r.allowDuet,
        allowStitch: r.allowStitch,
      },
      reviewBeforePosting: r.reviewBeforePosting,
      timeZone: await zoneFor(userId, account),
      updatedAt: row ? row.updatedAt.toISOString() : null,
    }
  }

  async function overview(userId: string): Promise<AutomationOverview> {
    const [row, runs] = await Promise.all([repo.findSettings(userId), repo.recentRuns(userId, tuning.historyRuns)])
    return {
      settings: await settingsDto(userId, row),
      runs: runs.map(({ run, slots }): AutomationRun => ({
        id: run.id,
        trigger: run.trigger,
        startedAt: run.startedAt.toISOString(),
        summary: run.summary,
        slots: slots.map(toSlotDto),
      })),
    }
  }

  /**
   * Cancels every planned post that has not gone out (their waiting posts and unused videos go too), and forgets the
   * days none of whose posts started, so they are planned afresh. How many were cancelled.
   */
  async function cancelPending(userId: string, why: string): Promise<number> {
    const cancelled = await repo.cancelPending(userId, why, clock())
    for (const postId of await repo.waitingPostIds(
      userId,
      cancelled.map((s) => s.id),
    )) {
      await posts.remove(userId, postId).catch((err: unknown) => {
        // Already gone, or being published this instant (then it goes out: nothing is posted twice either way).
        log.warn(`[automation] could not delete post ${postId}: ${err instanceof Error ? err.message : String(err)}`)
      })
    }
    for (const slot of cancelled) {
      if (!slot.videoId) continue
      await videos.remove(userId, slot.videoId).catch((err: unknown) => {
        log.warn(
          `[automation] kept video ${slot.videoId} of cancelled slot ${slot.id}: ${err instanceof Error ? err.message : String(err)}`,
        )
      })
    }
    await repo.releaseUnstartedDays(userId)
    return cancelled.length
  }

  /** Why this person's automation cannot plan now, in the spec's Run Now words; null when it can. */
  function readiness(row: AutomationSettingsRow | undefined, account: TiktokAccount | null): string | null {
    if (!row?.isEnabled) return AUTOMATION_MESSAGES.disabled
    if (!account) return AUTOMATION_MESSAGES.noAccount
    if (row.selectedVideos.length === 0) return AUTOMATION_MESSAGES.noVideos
    if (row.scheduleDays.length === 0) return AUTOMATION_MESSAGES.noDays
    // Saving with automation on requires it; a post is never given a privacy nobody chose.
    if (!row.privacyLevel) return AUTOMATION_MESSAGES.privacyRequired
    return windowIssue(row.windowStart, row.windowEnd, row.postsPerDay)
  }

  /**
   * Plans the posting days ahead that are not planned yet. `daily` and `settings`: today and the next
   * `horizonDays`. `run_now`: the next unplanned posting days within `runNowHorizonDays`, whole days, until at least
   * 3 posts are planned. Returns the run (none for a daily run that found nothing to do).
   */
  async function plan(userId: string, trigger: AutomationTrigger): Promise<string | null> {
    const row = await repo.findSettings(userId)
    const account = await accountOrNull(userId, row?.accountId ?? null)
    const notReady = readiness(row, account)
    if (notReady || !row || !account || !row.privacyLevel) {
      if (trigger === 'run_now') throw new AppError('BAD_REQUEST', notReady ?? AUTOMATION_MESSAGES.disabled)
      return null
    }
    const refusal = await deps.plans?.newPostsRefusal(userId)
    if (refusal) {
      if (trigger === 'run_now') throw refusal
      return null
    }
    const privacyLevel = row.privacyLevel
    const now = clock()
    const zone = await zoneFor(userId, account)
    const rng = mulberry32(seed())
    const items = new Map((await library.list(userId)).videos.map((item) => [item.id, item]))
    const selection = row.selectedVideos.filter((id) => items.has(id))
    const lastUsed = await repo.lastUsed(userId)
    const today = todayInZone(now, zone)
    const horizon = trigger === 'run_now' ? tuning.runNowHorizonDays : tuning.horizonDays
    const planned = await repo.plannedDays(userId, account.id, today, addDays(today, horizon))
    const wanted = trigger === 'run_now' ? AUTOMATION_LIMITS.runNowPosts : Number.POSITIVE_INFINITY
    // Posting times 'best' (issue 19): the account's best hours, once it has enough scored posts.
    const bestWanted = row.postingTimes === 'best'
    const best = bestWanted ? await deps.bestTimes(userId, account.id) : null
    // The hook bandit's evidence, read once per run when the concept or tone is 'best'.
    let hookResults: Promise<HookResult[]> | null = null
    const results = () => (hookResults ??= repo.hookResults(userId, account.id))

    // The run row is written with the first day it plans (in that day's transaction), so a run that loses every
    // day to another planner leaves nothing behind; runs that must say something anyway write it at the end.
    let runId: string | null = null
    const newRun = () => ({ id: randomUUID(), userId, trigger, summary: 'Planning…', startedAt: now })
    const ensureRun = async () => {
      runId ??= (await repo.insertRun(newRun())).id
      return runId
    }
    const done: { day: string; count: number; failed: number }[] = []
    let total = 0

    if (selection.length === 0) {
      const summary = 'Nothing planned: none of the selected videos is in your Library any more'
      if (trigger === 'daily') return null
      const id = await ensureRun()
      await repo.setRunSummary(id, summary)
      announce(userId)
      return id
    }

    for (let offset = 0; offset <= horizon && total < wanted; offset++) {
      const day = addDays(today, offset)
      if (!row.scheduleDays.includes(weekdayOf(day)) || planned.has(day)) continue
      const weekday = weekdayOf(day)
      const picked = pickSlots({
        date: day,
        windowStart: row.windowStart,
        windowEnd: row.windowEnd,
        count: row.postsPerDay,
        timeZone: zone,
        rng,
        ...(best?.enough ? { preferHours: { scores: hourEstimates(best, weekday), exploreShare: EXPLORE_SHARE } } : {}),
      })
      if (!picked.ok) {
        log.warn(`[automation] ${userId} ${day}: ${picked.message}`)
        continue
      }
      const times = picked.picked.filter((p) => p.at.getTime() >= now.getTime() + tuning.leadMs)
      if (times.length === 0) continue // the day's window has (nearly) passed: nothing to plan for it

      const slots: Omit<NewAutomationSlotRow, 'runId'>[] = []
      for (const p of times)
        slots.push(
          await prepareSlot({
            userId,
            row,
            account,
            zone,
            day,
            at: p.at,
            timeReason: timeReason(p, picked.method, { times: best, weekday, wanted: bestWanted }),
            hookResults: results,
            items,
            selection,
            lastUsed,
            rng,
            privacyLevel,
          }),
        )
      const run = runId ? null : newRun()
      const id: string = runId ?? run!.id
      try {
        await repo.transaction(async ({ repo: tx, jobs }) => {
          if (run) await tx.insertRun(run)
          if (!(await tx.claimDay({ userId, accountId: account.id, day, runId: id }))) throw new DayTaken()
          const inserted = await tx.insertSlots(slots.map((s) => ({ ...s, runId: id })))
          for (const slot of inserted) {
            if (slot.state === 'preparing') {
              await queue.send('automation.slot', { slotId: slot.id }, { singletonKey: slot.id, tx: jobs })
            }
          }
        })
      } catch (err) {
        if (err instanceof DayTaken) continue // planned meanwhile by another run: nothing more to do for it
        throw err
      }
      runId = id
      const failed = slots.filter((s) => s.state === 'failed').length
      done.push({ day, count: slots.length - failed, failed })
      total += slots.length - failed
    }

    if (done.length === 0) {
      if (trigger === 'daily') return null
      const id = await ensureRun()
      await repo.setRunSummary(
        id,
        trigger === 'run_now'
          ? `Nothing new to plan: your posting days in the next ${tuning.runNowHorizonDays} days are already planned`
          : 'Nothing new to plan: the coming posting days are already planned, or their window has passed',
      )
      announce(userId)
      return id
    }
    const failed = done.reduce((n, d) => n + d.failed, 0)
    const days = done.map((d) => `${dayLabel(d.day)} (${d.count})`).join(', ')
    const summary =
      `Planned ${plural(total, 'post')}: ${days}` +
      (failed > 0 ? `; ${plural(failed, 'post')} could not be planned` : '')
    await repo.setRunSummary(runId!, summary)
    log.info(`[automation] ${userId} ${trigger}: ${summary}`)
    announce(userId)
    return runId
  }

  /** One planned post: its video (least recently used first), its hook and title, or why it could not be planned. */
  async function prepareSlot(input: {
    userId: string
    row: AutomationSettingsRow
    account: TiktokAccount
    zone: string
    day: string
    at: Date
    timeReason: string
    hookResults: () => Promise<HookResult[]>
    items: Map<string, LibraryItem>
    selection: string[]
    lastUsed: Map<string, Date>
    rng: () => number
    privacyLevel: PrivacyLevel
  }): Promise<Omit<NewAutomationSlotRow, 'runId'>> {
    const { userId, row, account, zone, day, at, items, selection, lastUsed, rng } = input
    // Never used first (in the order chosen), then the one used longest ago.
    const itemId = [...selection].sort(
      (a, b) => (lastUsed.get(a)?.getTime() ?? -1) - (lastUsed.get(b)?.getTime() ?? -1),
    )[0]!
    // Now the most recently used: later than every other use, so the next slot takes another video first.
    const latest = Math.max(clock().getTime(), ...[...lastUsed.values()].map((d) => d.getTime()))
    lastUsed.set(itemId, new Date(latest + 1))
    const item = items.get(itemId)!
    const { concept, tone, hookReason } = await chooseConceptAndTone(row, rng, input.hookResults)
    const base = {
      userId,
      accountId: account.id,
      day,
      scheduledAt: at,
      timeZone: zone,
      sourceItemId: itemId,
      sourceTitle: item.title,
      concept,
      tone,
      hookReason,
      timeReason: input.timeReason,
      privacyLevel: input.privacyLevel,
      allowComment: row.allowComment,
      allowDuet: row.allowDuet,
      allowStitch: row.allowStitch,
      needsApproval: row.reviewBeforePosting,
    }
    const failed = (message: string) => ({
      ...base,
      hookText: '',
      title: item.title.slice(0, 100),
      description: '',
      state: 'failed' as const,
      errorMessage: message,
    })

    const recent = await repo.postsInSpan(account.id, new Date(at.getTime() - 86_400_000), at)
    if (recent >= tuning.dailyPostCap) {
      return failed(
        `TikTok allows about ${tuning.dailyPostCap} posts a day per account; this account already has ${recent} in the 24 hours before this time`,
      )
    }
    const context = {
      ...EMPTY_HOOK_CONTEXT,
      targetAudience: account.targetAudience,
      niche: account.niche,
      appGoals: account.appGoals,
      videoTitle: item.title,
      videoDescription: item.description,
      mustInclude: row.mustIncludeKeywords,
      mayInclude: row.mayIncludeKeywords,
      customConcept: row.customConcept,
      customTone: row.customTone,
      exampleHooks: row.exampleHooks,
    }
    // The Account Description guides the writer; it never reaches the public hook or caption (ADR 018).
    const privateFields = accountPrivateFields(account)
    let hookText: string | null = null
    let caption: PostCaption
    try {
      // A few ideas, so one whose hook does not quote the private description can be taken; only the hook is used
      // (the idea's description is a filming brief for the creator, never a caption).
      for (let round = 0; round < HOOK_ROUNDS && hookText === null; round++) {
        const ideas = await writer.contentIdeas({ context, concept, tone, customPrompt: row.customPrompt, count: 3 })
        hookText = ideas.find((idea) => quotedPrivateField(idea.hookText, privateFields) === null)?.hookText ?? null
      }
      if (hookText === null) return failed(AUTOMATION_MESSAGES.privateTextInHook)
      caption = await writePostCaption({
        writer,
        request: { context, hookText, concept, tone, customPrompt: row.customPrompt },
        privateFields,
        videoTitle: item.title,
      })
    } catch (err) {
      if (err instanceof PrivateTextError) {
        log.warn(`[automation] ${userId} ${day}: the caption quoted the account's ${err.field}; not planned`)
        return failed(AUTOMATION_MESSAGES.privateTextInHook)
      }
      log.error(`[automation] writing the hook for ${userId} ${day} failed (${writer.provider})`, err)
      return failed('Failed to generate hooks. Please try again later.')
    }
    return {
      ...base,
      hookText,
      title: caption.title,
      description: caption.description,
      state: 'preparing',
      errorMessage: null,
    }
  }

  /** Makes the planned post's video: its Library video with the hook on it (centre, white, 32 px, bold). */
  async function makeVideo(slot: AutomationSlotRow): Promise<void> {
    const now = clock()
    const claimed = await repo.claimForPreparingInternal(slot.id, now, new Date(now.getTime() - tuning.claimLeaseMs))
    if (!claimed) return
    let video: CreatedVideo
    try {
      const media = await library.use(slot.userId, slot.sourceItemId)
      video = await videos.create(slot.userId, {
        title: slot.title,
        description: slot.description,
        sourceMediaId: media.id,
        demoMediaId: null,
        layout: 'sequence',
        textOverlays: [{ id: 'automation-hook', text: slot.hookText, ...HOOK_OVERLAY_DEFAULTS }],
      })
    } catch (err) {
      if (!(err instanceof AppError) || err.code === 'INTERNAL' || err.code === 'SERVICE_UNAVAILABLE') throw err
      const message =
        err.code === 'NOT_FOUND' ? `The video “${slot.sourceTitle}” is no longer in your Library` : err.message
      if (await repo.failInternal(slot.id, 'preparing', message, clock())) announce(slot.userId)
      return
    }
    if (!(await repo.setVideoInternal(slot.id, video.id, clock()))) {
      // Cancelled while the video was being made: it is not wanted.
      await videos.remove(slot.userId, video.id).catch(() => undefined)
      return
    }
    announce(slot.userId)
    await queue.send(
      'automation.slot',
      { slotId: slot.id },
      { singletonKey: slot.id, delaySeconds: tuning.renderPollSeconds },
    )
  }

  /** Once its video is rendered, schedules the planned post (never before its time, never twice). */
  async function schedulePost(slot: SlotView): Promise<void> {
    const now = clock()
    const video = slot.video
    if (!video) {
      if (await repo.failInternal(slot.id, 'rendering', 'The video was deleted before it could be posted', now)) {
        announce(slot.userId)
      }
      return
    }
    if (video.state === 'failed') {
      const message = `The video could not be rendered${video.errorMessage ? `: ${video.errorMessage}` : ''}`
      if (await repo.failInternal(slot.id, 'rendering', message, now)) announce(slot.userId)
      return
    }
    if (video.state !== 'processed' || !video.outputMediaId) {
      await queue.send(
        'automation.slot',
        { slotId: slot.id },
        { singletonKey: slot.id, delaySeconds: tuning.renderPollSeconds },
      )
      return
    }
    // Scheduled already (a retry after the post was made): only the slot's state is left to write.
    if (slot.post) {
      if (await repo.markScheduledInternal(slot.id, slot.scheduledAt, now)) announce(slot.userId)
      return
    }
    // A render that finished after the planned time posts a minute from now instead of never (a draft then has a
    // minute to be approved, or is skipped).
    const at = new Date(Math.max(slot.scheduledAt.getTime(), now.getTime() + 60_000))
    try {
      await posts.scheduleAt(slot.userId, {
        accountId: slot.accountId,
        mediaId: video.outputMediaId,
        title: slot.title,
        description: slot.description,
        privacyLevel: slot.privacyLevel,
        allowComment: slot.allowComment,
        allowDuet: slot.allowDuet,
        allowStitch: slot.allowStitch,
        commercial: { enabled: false, yourBrand: false, brandedContent: false },
        timeZone: slot.timeZone,
        scheduledAt: at,
        source: 'automation',
        automationSlotId: slot.id,
        // "Review before posting": it waits for the person's approval, and is skipped if none comes by its time.
        draft: slot.needsApproval,
      })
    } catch (err) {
      const permanent =
        err instanceof AppError && !['INTERNAL', 'SERVICE_UNAVAILABLE', 'RATE_LIMITED'].includes(err.code)
      const late = now.getTime() > slot.scheduledAt.getTime() + tuning.giveUpAfterMs
      if (!permanent && !late) throw err
      const message = err instanceof AppError ? err.message : MESSAGES.scheduleFailed
      if (await repo.failInternal(slot.id, 'rendering', message, now)) announce(slot.userId)
      return
    }
    if (!(await repo.markScheduledInternal(slot.id, at, clock()))) {
      // Cancelled while the post was being made: take it back.
      const view = await repo.findSlotInternal(slot.id)
      if (view?.post) await posts.remove(slot.userId, view.post.id).catch(() => undefined)
      return
    }
    announce(slot.userId)
  }

  return {
    /** GET /api/automation: the settings (defaults until saved) and the newest runs. */
    overview,

    /**
     * PUT /api/automation. Turning it off cancels what has not gone out. Turning it on, or changing what planning
     * reads while on, replans: what has not gone out is cancelled and the coming days are planned now.
     */
    async save(userId: string, body: AutomationSettingsBody): Promise<AutomationOverview> {
      if (body.accountId) await accounts.get(userId, body.accountId) // 404 for someone else's account
      if (body.videoIds.length > 0) {
        const known = new Set((await library.list(userId)).videos.map((v) => v.id))
        const missing = body.videoIds.filter((id) => !known.has(id))
        if (missing.length > 0) {
          throw new AppError('VALIDATION_FAILED', 'A selected video is no longer in your Library', [
            { path: 'videoIds', message: 'A selected video is no longer in your Library' },
          ])
        }
      }
      const before = await repo.findSettings(userId)
      const saved = await repo.upsertSettings({
        userId,
        isEnabled: body.enabled,
        accountId: body.accountId,
        hookConcept: body.hookConcept,
        customConcept: body.hookConcept === 'other' ? body.customConcept : '',
        contentTone: body.tone,
        customTone: body.tone === 'other' ? body.customTone : '',
        mustIncludeKeywords: body.mustInclude,
        mayIncludeKeywords: body.mayInclude,
        selectedVideos: [...new Set(body.videoIds)],
        scheduleDays: WEEKDAYS.filter((d) => body.days.includes(d)),
        postsPerDay: body.postsPerDay,
        windowStart: body.windowStart,
        windowEnd: body.windowEnd,
        postingTimes: body.postingTimes,
        customPrompt: body.customPrompt,
        exampleHooks: body.exampleHooks,
        privacyLevel: body.postSettings.privacyLevel,
        allowComment: body.postSettings.allowComment,
        allowDuet: body.postSettings.allowDuet,
        allowStitch: body.postSettings.allowStitch,
        reviewBeforePosting: body.reviewBeforePosting,
        updatedAt: clock(),
      })
      const wasOn = before?.isEnabled ?? false
      if (!saved.isEnabled) {
        if (wasOn) await cancelPending(userId, 'Automation was turned off')
      } else if (!wasOn || !before || planningKey(before) !== planningKey(saved)) {
        if (wasOn) await cancelPending(userId, 'Replanned with new settings')
        await plan(userId, 'settings')
      }
      announce(userId)
      return overview(userId)
    },

    /** POST /api/automation/run-now: plans the next posts now (at least 3), or says in the spec's words why not. */
    async runNow(userId: string): Promise<AutomationOverview> {
      await plan(userId, 'run_now')
      return overview(userId)
    },

    /** `automation.plan` (hourly): plans what is missing for every enabled automation. */
    async planAll(): Promise<{ users: number; failed: number }> {
      let failed = 0
      const users = await repo.enabledUserIdsInternal()
      for (const userId of users) {
        try {
          await plan(userId, 'daily')
        } catch (err) {
          failed++
          log.error(`[automation] planning for ${userId} failed`, err)
        }
      }
      return { users: users.length, failed }
    },

    /** `automation.slot`: moves one planned post on (make its video; schedule its post once rendered). */
    async advance(slotId: string): Promise<void> {
      const slot = await repo.findSlotInternal(slotId)
      if (!slot) return
      switch (slot.state) {
        case 'preparing':
          return makeVideo(slot)
        case 'rendering':
          return schedulePost(slot)
        case 'scheduled':
        case 'failed':
        case 'cancelled':
          return
      }
    },

    /** `automation.sweep` (every minute): re-sends the jobs of planned posts nobody moved on for a while. */
    async sweep(): Promise<number> {
      const ids = await repo.staleSlotIdsInternal(new Date(clock().getTime() - tuning.staleAfterMs), 200)
      for (const slotId of ids) await queue.send('automation.slot', { slotId }, { singletonKey: slotId })
      return ids.length
    },
  }
}
export type AutomationService = ReturnType<typeof createAutomationService>
