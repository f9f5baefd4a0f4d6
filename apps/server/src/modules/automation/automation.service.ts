import { isLibraryVideo, type AutomationOverview } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import {
  DEFAULT_AUTOMATION_TUNING,
  type AutomationContext,
  type AutomationDeps,
  type AutomationTuning,
} from './automation-deps'
import { planningKey, settingsDto, settingsRow, type AutomationSettingsBody } from './automation-settings'
import { createDayPlanner } from './day-planning'
import { createRegenerator } from './regenerate'
import { createPlannedPostSteps } from './render-and-schedule'
import { createRunNow } from './run-now'
import { toRunDto } from './run-history'

/**
 * Automation (issue #7): the person's settings, and the planner that turns them into posts — for each posting day,
 * times in the window (slot-picker), a Library video (least recently used first), a hook and title from the AI
 * writer, a video rendered with the hook, and a post scheduled through the publishing engine. It runs on the server
 * (pg-boss cron), for every enabled person, whether or not the app is open. Every step is idempotent: a day is planned
 * once (automation_day), a planned post is made into one video and one post (post.automation_slot_id is unique).
 */
export function createAutomationService(deps: AutomationDeps) {
  const { repo, library, videos, slideshows, images, posts, accounts, queue, events, clock, log } = deps
  const tuning: AutomationTuning = { ...DEFAULT_AUTOMATION_TUNING, ...deps.tuning }

  const announce = (userId: string) => events.publish(userId, { type: 'automation.updated' })
  const ctx: AutomationContext = { deps, tuning, announce }
  const plan = createDayPlanner(ctx)
  const { makePost, schedulePost } = createPlannedPostSteps(ctx)
  const makeNow = createRunNow(ctx)
  const regenerate = createRegenerator(ctx)

  async function overview(userId: string): Promise<AutomationOverview> {
    const [row, runs] = await Promise.all([repo.findSettings(userId), repo.recentRuns(userId, tuning.historyRuns)])
    return { settings: await settingsDto(deps, userId, row), runs: runs.map(toRunDto) }
  }

  /**
   * Cancels every planned post that has not gone out (their waiting posts and unused videos go too), and forgets the
   * days none of whose posts started, so they are planned afresh. `keepTouched` (ADR 050): the posts the person
   * approved or edited stay, and so does the plan of their days. How many were cancelled.
   */
  async function cancelPending(userId: string, why: string, keepTouched: boolean): Promise<number> {
    const cancelled = await repo.cancelPending(userId, why, clock(), { keepTouched })
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
      if (slot.slideshowId) {
        await slideshows.remove(userId, slot.slideshowId).catch((err: unknown) => {
          log.warn(
            `[automation] kept slideshow ${slot.slideshowId} of cancelled slot ${slot.id}: ${err instanceof Error ? err.message : String(err)}`,
          )
        })
      }
      // A slot cancelled while regenerating (ADR 050) has the video its post had as well as the new one.
      const previous = slot.regeneratedFrom?.videoId
      for (const videoId of [slot.videoId, previous !== slot.videoId ? previous : null]) {
        if (!videoId) continue
        await videos.remove(userId, videoId).catch((err: unknown) => {
          log.warn(
            `[automation] kept video ${videoId} of cancelled slot ${slot.id}: ${err instanceof Error ? err.message : String(err)}`,
          )
        })
      }
    }
    await repo.releaseUnstartedDays(userId)
    return cancelled.length
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
        // A slideshow is a video to rotate only once exported (issue 29): its MP4 is what a post uses.
        const known = new Set((await library.list(userId)).videos.filter(isLibraryVideo).map((v) => v.id))
        const missing = body.videoIds.filter((id) => !known.has(id))
        if (missing.length > 0) {
          throw new AppError('VALIDATION_FAILED', 'A selected video is no longer in your Library', [
            { path: 'videoIds', message: 'A selected video is no longer in your Library' },
          ])
        }
      }
      if (body.slideshowImageIds.length > 0) {
        // Only the person's own gallery images (another person's id is as unknown as a deleted one).
        const known = new Set((await images.listSaved(userId)).map((i) => i.id))
        if (body.slideshowImageIds.some((id) => !known.has(id))) {
          const message = 'A selected image is no longer in your gallery'
          throw new AppError('VALIDATION_FAILED', message, [{ path: 'slideshowImageIds', message }])
        }
      }
      const before = await repo.findSettings(userId)
      const saved = await repo.upsertSettings(settingsRow(userId, body, clock()))
      const wasOn = before?.isEnabled ?? false
      // Never silently: the posts the person approved or edited go only when they chose to replace them (ADR 050).
      const keepTouched = body.approvedOrEdited === 'keep'
      if (!saved.isEnabled) {
        if (wasOn) await cancelPending(userId, 'Automation was turned off', keepTouched)
      } else if (!wasOn || !before || planningKey(before) !== planningKey(saved)) {
        if (wasOn) await cancelPending(userId, 'Replanned with new settings', keepTouched)
        await plan(userId, 'settings')
      }
      announce(userId)
      return overview(userId)
    },

    /**
     * POST /api/automation/run-now: makes one post now and publishes it (or sends it, or puts it up for review) as soon
     * as it is rendered (run-now.ts), or says in the spec's words why not.
     */
    async runNow(userId: string): Promise<AutomationOverview> {
      await makeNow(userId)
      return overview(userId)
    },

    /** POST /api/automation/slots/:slotId/regenerate: a new hook and video for a waiting planned post (regenerate.ts). */
    async regenerate(userId: string, slotId: string): Promise<AutomationOverview> {
      await regenerate(userId, slotId)
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

    /** `automation.slot`: moves one planned post on (make its video or slideshow; schedule its post once rendered). */
    async advance(slotId: string): Promise<void> {
      const slot = await repo.findSlotInternal(slotId)
      if (!slot) return
      switch (slot.state) {
        case 'preparing':
          return makePost(slot)
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
