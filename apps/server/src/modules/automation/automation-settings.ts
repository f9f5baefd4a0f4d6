import {
  AUTOMATION_DEFAULTS,
  AUTOMATION_MESSAGES,
  formatUsesSlideshows,
  formatUsesVideos,
  WEEKDAYS,
  windowIssue,
  type AutomationSettings,
  type automationSettingsInputSchema,
  type TiktokAccount,
} from '@hookpost/shared'
import type { z } from 'zod'
import { AppError } from '../../lib/errors'
import type { AutomationSettingsRow, NewAutomationSettingsRow } from './automation.repository'
import type { AutomationDeps } from './automation-deps'

export type AutomationSettingsBody = z.output<typeof automationSettingsInputSchema>
export function defaultsRow(userId: string): AutomationSettingsRow {
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
    format: AUTOMATION_DEFAULTS.format,
    slideshowImageIds: [],
    slidesPerPost: AUTOMATION_DEFAULTS.slidesPerPost,
    sendAsDrafts: false,
    updatedAt: new Date(0),
  }
}

/** What the planner reads: a change to any of these replans what has not gone out yet. */
export function planningKey(row: AutomationSettingsRow): string {
  const { updatedAt: _updatedAt, isEnabled: _isEnabled, ...planning } = row
  return JSON.stringify(planning)
}

/** The row a saved body becomes (a custom concept or tone is kept only while 'other' is chosen). */
export function settingsRow(userId: string, body: AutomationSettingsBody, now: Date): NewAutomationSettingsRow {
  return {
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
    format: body.format,
    slideshowImageIds: [...new Set(body.slideshowImageIds)],
    slidesPerPost: body.slidesPerPost,
    sendAsDrafts: body.sendAsDrafts,
    updatedAt: now,
  }
}

/** The zone the person's days are planned in: the account's, else their profile's, else UTC. */
export async function zoneFor(
  deps: Pick<AutomationDeps, 'profileZone'>,
  userId: string,
  account: TiktokAccount | null,
): Promise<string> {
  return account?.timeZone ?? (await deps.profileZone(userId)) ?? 'UTC'
}

/** The chosen account, or null when none is chosen or it has been disconnected since. */
export async function accountOrNull(
  deps: Pick<AutomationDeps, 'accounts'>,
  userId: string,
  accountId: string | null,
): Promise<TiktokAccount | null> {
  if (!accountId) return null
  try {
    return await deps.accounts.get(userId, accountId)
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null
    throw err
  }
}

/** The settings as the Automation tab shows them: the defaults until saved, an account only while it exists. */
export async function settingsDto(
  deps: Pick<AutomationDeps, 'accounts' | 'profileZone'>,
  userId: string,
  row: AutomationSettingsRow | undefined,
): Promise<AutomationSettings> {
  const r = row ?? defaultsRow(userId)
  const account = await accountOrNull(deps, userId, r.accountId)
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
    format: r.format,
    slideshowImageIds: r.slideshowImageIds,
    slidesPerPost: r.slidesPerPost,
    sendAsDrafts: r.sendAsDrafts,
    timeZone: await zoneFor(deps, userId, account),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  }
}

/** Why this person's automation cannot plan now, in the spec's Run Now words; null when it can. */
export function readiness(row: AutomationSettingsRow | undefined, account: TiktokAccount | null): string | null {
  if (!row?.isEnabled) return AUTOMATION_MESSAGES.disabled
  if (!account) return AUTOMATION_MESSAGES.noAccount
  if (formatUsesVideos(row.format) && row.selectedVideos.length === 0) return AUTOMATION_MESSAGES.noVideos
  if (formatUsesSlideshows(row.format) && row.slideshowImageIds.length === 0) {
    return AUTOMATION_MESSAGES.noSlideshowImages
  }
  if (row.scheduleDays.length === 0) return AUTOMATION_MESSAGES.noDays
  // Saving with automation on requires it; a post is never given a privacy nobody chose (a draft's is chosen in TikTok).
  if (!row.privacyLevel && !row.sendAsDrafts) return AUTOMATION_MESSAGES.privacyRequired
  return windowIssue(row.windowStart, row.windowEnd, row.postsPerDay)
}
