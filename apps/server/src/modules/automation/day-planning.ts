import { randomInt as cryptoRandomInt, randomUUID } from 'node:crypto'
import { addDays, slotFormat, todayInZone, weekdayOf, type AutomationTrigger } from '@hookpost/shared'
import { mulberry32 } from '../../lib/random'
import { hourEstimates } from '../analytics'
import type { NewAutomationSlotRow } from './automation.repository'
import type { AutomationContext } from './automation-deps'
import { createApprovalNotice, PLANNING_SUMMARY } from './approval-notice'
import { accountOrNull, readiness, zoneFor } from './automation-settings'
import { plural, timeReason } from './hook-and-time-choice'
import { EXPLORE_SHARE, type HookResult } from './hook-bandit'
import { createPlannedPostWriter } from './planned-post'
import { planningSources } from './planning-sources'
import { pickSlots } from './slot-picker'

/** "Monday, 24 November" for a 'YYYY-MM-DD' date. */
function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  )
}

class DayTaken extends Error {}

/** Plans a person's posting days: times in the window, and a planned post for each (planned-post.ts). */
export function createDayPlanner(ctx: AutomationContext) {
  const { deps, tuning, announce } = ctx
  const { repo, queue, clock, log } = deps
  const seed = deps.seed ?? (() => cryptoRandomInt(2 ** 31))
  const prepareSlot = createPlannedPostWriter(ctx)
  const noticeIfAwaiting = createApprovalNotice(ctx)

  /**
   * Plans the posting days ahead that are not planned yet: today and the next `horizonDays` (Run Now makes a post now
   * instead: run-now.ts). Returns the run (none for a daily run that found nothing to do).
   */
  return async function plan(userId: string, trigger: Exclude<AutomationTrigger, 'run_now'>): Promise<string | null> {
    const row = await repo.findSettings(userId)
    const account = await accountOrNull(deps, userId, row?.accountId ?? null)
    if (readiness(row, account) || !row || !account) return null
    if (await deps.plans?.newPostsRefusal(userId)) return null
    // A draft's audience is chosen by the creator in TikTok.
    const privacyLevel = row.sendAsDrafts ? null : row.privacyLevel
    const now = clock()
    const zone = await zoneFor(deps, userId, account)
    const rng = mulberry32(seed())
    const { items, selection, lastUsed, images, missing } = await planningSources(deps, userId, row)
    // Where 'alternate' is in its turns: the account's planned posts so far (cancelled ones not counted).
    let sequence = row.format === 'alternate' ? await repo.slotCount(userId, account.id) : 0
    const today = todayInZone(now, zone)
    const horizon = tuning.horizonDays
    const planned = await repo.plannedDays(userId, account.id, today, addDays(today, horizon))
    // Posting times 'best' (issue 19): the account's best hours, once it has enough scored posts.
    const bestWanted = row.postingTimes === 'best'
    const best = bestWanted ? await deps.bestTimes(userId, account.id) : null
    // The hook bandit's evidence, read once per run when the concept or tone is 'best'.
    let hookResults: Promise<HookResult[]> | null = null
    const results = () => (hookResults ??= repo.hookResults(userId, account.id))

    // The run row is written with the first day it plans (in that day's transaction), so a run that loses every
    // day to another planner leaves nothing behind; runs that must say something anyway write it at the end.
    let runId: string | null = null
    const newRun = () => ({ id: randomUUID(), userId, trigger, summary: PLANNING_SUMMARY, startedAt: now })
    const ensureRun = async () => {
      runId ??= (await repo.insertRun(newRun())).id
      return runId
    }
    const done: { day: string; count: number; failed: number }[] = []
    let total = 0

    if (missing) {
      const summary = missing
      if (trigger === 'daily') return null
      const id = await ensureRun()
      await repo.setRunSummary(id, summary)
      announce(userId)
      return id
    }

    for (let offset = 0; offset <= horizon; offset++) {
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
      for (const [i, p] of times.entries())
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
            format: slotFormat(row.format, sequence + i),
            images,
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
      sequence += slots.length
      const failed = slots.filter((s) => s.state === 'failed').length
      done.push({ day, count: slots.length - failed, failed })
      total += slots.length - failed
    }

    if (done.length === 0) {
      if (trigger === 'daily') return null
      const id = await ensureRun()
      await repo.setRunSummary(
        id,
        'Nothing new to plan: the coming posting days are already planned, or their window has passed',
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
    // Its drafts may all be made already (a fast render while later days were planned): tell of them now, if so.
    if (row.reviewBeforePosting) await noticeIfAwaiting(userId, runId!)
    return runId
  }
}
