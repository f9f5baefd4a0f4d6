import type { Locator, Page } from '@playwright/test'
import { expect, openFromDashboardMenu } from './fixtures'

/** The automation reviews are walked on both (issue 30 item 11). */
export const REVIEW_VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'a 375 px phone', width: 375, height: 800 },
] as const

/** 'Monday' … for `instant` in `zone`. */
export function weekdayIn(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long' }).format(instant)
}

/** The History's planned posts' state badges, of its newest run. */
export function slotStates(history: Locator): Locator {
  return history.getByRole('list', { name: 'Planned posts' }).first().locator('[data-state]')
}

/**
 * Through the Automation tab as a person would: the Feature tour clip, today and tomorrow in `zone` with one post a
 * day anywhere in the day, the account, "Only me", Review before posting on, Save Settings. Returns the History, once a
 * planned post waits as a draft ("Awaiting approval"), rendered.
 */
export async function planReviewedDrafts(
  page: Page,
  { displayName, username, zone }: { displayName: string; username: string; zone: string },
): Promise<Locator> {
  await openFromDashboardMenu(page, 'Automation')
  const settings = page.getByRole('region', { name: 'Automation settings' })
  await settings.getByRole('switch', { name: 'Automation' }).click()

  await settings.getByRole('tab', { name: /^Video Selection/ }).click()
  const featureTour = settings.getByRole('checkbox', { name: 'Feature tour' })
  await expect(featureTour).toBeVisible({ timeout: 60_000 })
  await featureTour.check()

  await settings.getByRole('tab', { name: /^Schedule Settings/ }).click()
  for (const day of ['Monday', 'Wednesday', 'Friday']) await settings.getByRole('checkbox', { name: day }).uncheck()
  const now = new Date()
  await settings.getByRole('checkbox', { name: weekdayIn(now, zone) }).check()
  await settings.getByRole('checkbox', { name: weekdayIn(new Date(now.getTime() + 86_400_000), zone) }).check()
  await settings.getByLabel('Posts per day').selectOption('1')
  await settings.getByLabel('Start time').fill('00:00')
  await settings.getByLabel('End time').fill('23:59')

  await settings.getByRole('tab', { name: /^Advanced Settings/ }).click()
  await settings.getByLabel('TikTok account').selectOption({ label: `${displayName} (@${username}) · Sandbox` })
  await settings.getByLabel('Who can see these posts').selectOption({ label: 'Only me' })
  const review = settings.getByRole('switch', { name: 'Review before posting' })
  await expect(review).not.toBeChecked()
  await review.check()
  await settings.getByRole('button', { name: 'Save Settings' }).click()
  await expect(settings.getByText(/^Automation settings saved/)).toBeVisible({ timeout: 30_000 })

  // Planned, rendered, then waiting for approval — live in the History.
  const history = page.getByRole('region', { name: 'History' })
  const states = slotStates(history)
  await expect
    .poll(async () => (await states.allTextContents()).filter((s) => s === 'Awaiting approval').length, {
      timeout: 240_000,
      intervals: [1_000],
    })
    .toBeGreaterThanOrEqual(1)
  return history
}
