import type { Locator, Page } from '@playwright/test'
import { AUTOMATION_MESSAGES, windowTooShortMessage } from '@hookpost/shared/automation'
import { MESSAGES } from '@hookpost/shared/messages'
import type { Post } from '@hookpost/shared/posts'
import {
  connectSandboxCreator,
  expect,
  openFromDashboardMenu,
  signUp,
  test,
  uniqueEmail,
  uniqueHandle,
} from './fixtures'

/**
 * The Automation tab against the real server, its planner and renderer, and the TikTok sandbox: what enabling needs
 * (each of the spec's messages in turn, nothing sent), then a real configuration saved and Run Now (one post, posted now), the run's posts
 * going from preparing to rendering to scheduled in the History without a reload, and those posts on the Schedule
 * tab's calendar and list with their 'Automation' marker. And the tab on a 375 px phone, by keyboard.
 */

const ZONE = 'Europe/Berlin'
// The browser's zone becomes the new user's profile zone: the window's zone for an account without its own.
test.use({ timezoneId: ZONE })

/** 'Monday' … for `instant` in `zone`. */
function weekdayIn(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long' }).format(instant)
}

/** 'YYYY-MM' of `instant` in `zone`. */
function monthIn(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' })
    .format(instant)
    .slice(0, 7)
}

async function openAutomation(page: Page): Promise<Locator> {
  await openFromDashboardMenu(page, 'Automation')
  await expect(page).toHaveURL('/dashboard?tab=automation')
  const settings = page.getByRole('region', { name: 'Automation settings' })
  await expect(settings.getByRole('switch', { name: 'Automation' })).toBeVisible()
  return settings
}

/** A sub-tab, whatever problem count it shows after its name. */
function subTab(settings: Locator, name: string): Locator {
  return settings.getByRole('tab', { name: new RegExp(`^${name}`) })
}

/** The messages of the problem summary at the top of the form, in order. */
function summaryMessages(settings: Locator) {
  return settings
    .getByRole('alert')
    .filter({ hasText: /^Please fix/ })
    .getByRole('listitem')
    .locator('span')
    .allTextContents()
}

test('enable automation: each missing choice said in turn, then save, Run Now, the run live, the posts on the calendar', async ({
  page,
}) => {
  test.setTimeout(300_000)
  const username = uniqueHandle('auto')
  const displayName = `Ava ${username.slice(-6)}`
  await signUp(page, uniqueEmail('automation'))
  const accountId = await connectSandboxCreator(page, displayName, username)

  const settings = await openAutomation(page)
  const toggle = settings.getByRole('switch', { name: 'Automation' })
  const save = settings.getByRole('button', { name: 'Save Settings' })
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  const history = page.getByRole('region', { name: 'History' })
  await expect(history.getByText(/^No runs yet/)).toBeVisible()

  // Nothing sent while anything is missing: each message in turn, the first one fixed each time.
  let puts = 0
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/api/automation')) puts += 1
  })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-checked', 'true')
  await save.click()
  await expect
    .poll(() => summaryMessages(settings))
    .toEqual([AUTOMATION_MESSAGES.videosRequired, AUTOMATION_MESSAGES.privacyRequired])
  // The only account is chosen already (issue 21); the summary leads to a field, on its sub-tab.
  await settings.getByRole('button', { name: 'Go to Advanced Settings' }).first().click()
  await expect(settings.getByLabel('Who can see these posts')).toBeFocused()
  await expect(settings.getByLabel('TikTok account')).toHaveValue(accountId)
  await expect(settings.getByLabel('TikTok account').getByRole('option', { selected: true })).toHaveText(
    `${displayName} (@${username}) · Sandbox`,
  )

  await settings.getByRole('button', { name: 'Go to Video Selection' }).click()
  // Stock clips are made when the server starts: they may take a moment to appear.
  const featureTour = settings.getByRole('checkbox', { name: 'Feature tour' })
  await expect(featureTour).toBeVisible({ timeout: 60_000 })
  await featureTour.check()
  await expect(settings.getByText('1 selected')).toBeVisible()
  await save.click()
  await expect.poll(() => summaryMessages(settings)).toEqual([AUTOMATION_MESSAGES.privacyRequired])

  await subTab(settings, 'Advanced Settings').click()
  await settings.getByLabel('Who can see these posts').selectOption({ label: 'Only me' })
  await subTab(settings, 'Schedule Settings').click()
  for (const day of ['Monday', 'Wednesday', 'Friday']) await settings.getByRole('checkbox', { name: day }).uncheck()
  await save.click()
  await expect.poll(() => summaryMessages(settings)).toEqual([AUTOMATION_MESSAGES.daysRequired])

  // Today's and tomorrow's weekdays (in the window's zone), one post a day.
  const now = new Date()
  const today = weekdayIn(now, ZONE)
  const tomorrow = weekdayIn(new Date(now.getTime() + 24 * 3_600_000), ZONE)
  await settings.getByRole('checkbox', { name: today }).check()
  await settings.getByRole('checkbox', { name: tomorrow }).check()
  await expect(settings.getByText(`Times are in ${ZONE}`)).toBeVisible()

  // The window: end before start, then too short for 5 posts 30 minutes apart — said at once, and on save.
  await settings.getByLabel('Start time').fill('10:00')
  await settings.getByLabel('End time').fill('09:00')
  await expect(settings.getByText(AUTOMATION_MESSAGES.endAfterStart)).toBeVisible()
  await save.click()
  await expect.poll(() => summaryMessages(settings)).toEqual([AUTOMATION_MESSAGES.endAfterStart])
  await settings.getByLabel('End time').fill('11:00')
  await settings.getByLabel('Posts per day').selectOption('5')
  await expect(settings.getByText(windowTooShortMessage(5))).toBeVisible()
  await save.click()
  await expect.poll(() => summaryMessages(settings)).toEqual([windowTooShortMessage(5)])
  expect(puts).toBe(0)

  // A real configuration: one post a day, any time of the day.
  await settings.getByLabel('Posts per day').selectOption('1')
  await settings.getByLabel('Start time').fill('00:00')
  await settings.getByLabel('End time').fill('23:59')
  await expect(settings.getByRole('alert')).toHaveCount(0)
  await subTab(settings, 'Content Settings').click()
  await settings.getByLabel('Must-include keywords').fill('sandbox')

  // The save is held at the network until its busy state has been seen (a fast server would answer before a look).
  let releaseSave = () => {}
  const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve))
  await page.route('**/api/automation', async (route) => {
    if (route.request().method() === 'PUT') await saveHeld
    await route.continue()
  })
  await save.click()
  await expect(settings.getByRole('button', { name: 'Saving...' })).toBeDisabled()
  releaseSave()
  await expect(settings.getByText(/^Automation settings saved/)).toBeVisible({ timeout: 30_000 })
  expect(puts).toBe(1)
  await expect(history.getByRole('listitem', { name: 'Settings saved' })).toBeVisible()
  // product.md §9: a success notice clears after 5 s.
  await expect(settings.getByText(/^Automation settings saved/)).toBeHidden({ timeout: 8_000 })

  // The planned posts of the save are made live, without a reload: from being prepared or rendered to scheduled.
  const planned = history.getByRole('listitem', { name: 'Settings saved' }).first()
  const states = planned.getByRole('list', { name: 'Planned posts' }).locator('[data-state]')
  await expect.poll(() => states.count()).toBeGreaterThanOrEqual(1)
  const count = await states.count()
  await expect
    .poll(async () => (await states.allTextContents()).filter((s) => s === 'Scheduled').length, {
      timeout: 200_000,
      intervals: [1_000],
    })
    .toBe(count)
  await expect(planned.getByText('Failed')).toHaveCount(0)

  // Run Now (ADR 050): one post made now and posted as soon as its video is ready, said live as it goes.
  await settings.getByRole('button', { name: 'Run Now' }).click()
  const runStatus = settings.getByRole('status').filter({ hasText: /^Run Now: / })
  await expect(runStatus).toHaveText(/^Run Now: (making|rendering|posting)/, { timeout: 30_000 })
  const run = history.getByRole('listitem', { name: 'Run Now' }).first()
  await expect(run.getByText('Made 1 post now: it is posted as soon as its video is ready')).toBeVisible()
  await expect(run.getByRole('list', { name: 'Planned posts' }).locator('[data-state]')).toHaveCount(1)
  await expect(runStatus).toHaveText('Run Now: posted to TikTok.', { timeout: 200_000 })
  await expect(run.locator('[data-state]')).toHaveText('Posted')

  // The planned posts are on the Schedule tab, marked as automation's.
  const res = await page.request.get(
    `/api/posts?from=${encodeURIComponent(now.toISOString())}&to=${encodeURIComponent(
      new Date(now.getTime() + 40 * 24 * 3_600_000).toISOString(),
    )}`,
  )
  expect(res.status()).toBe(200)
  const automated = ((await res.json()) as { posts: Post[] }).posts
    .filter((p) => p.source === 'automation' && p.state === 'scheduled')
    .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt))
  expect(automated.length).toBeGreaterThanOrEqual(count)
  const first = automated[0]!

  await openFromDashboardMenu(page, 'Schedule Videos')
  const panel = page.getByRole('region', { name: 'Scheduled Videos' })
  const grid = panel.getByRole('table')
  await expect(grid).toBeVisible()
  const months =
    (Number(monthIn(new Date(first.scheduledAt), ZONE).slice(0, 4)) - Number(monthIn(now, ZONE).slice(0, 4))) * 12 +
    Number(monthIn(new Date(first.scheduledAt), ZONE).slice(5)) -
    Number(monthIn(now, ZONE).slice(5))
  for (let i = 0; i < months; i++) await panel.getByRole('button', { name: 'Next month' }).click()
  const entry = grid.getByRole('button', {
    name: new RegExp(`^${escapeRegExp(first.title)}, .*, Scheduled, Automation$`),
  })
  await expect(entry.first()).toBeVisible()
  await expect(entry.first().getByText('Automation')).toBeVisible()

  await panel.getByRole('button', { name: 'List' }).click()
  const row = panel
    .getByRole('list', { name: 'Scheduled videos' })
    .getByRole('listitem')
    .filter({ hasText: first.title })
  await expect(row.first().getByText('Automation', { exact: true })).toBeVisible()

  // Turning it off asks first, then cancels what has not gone out: the history says so, the posts are gone.
  const again = await openAutomation(page)
  await again.getByRole('switch', { name: 'Automation' }).click()
  await again.getByRole('button', { name: 'Save Settings' }).click()
  const confirm = page.getByRole('dialog', { name: 'Turn automation off?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Turn off and save' }).click()
  await expect(confirm).toBeHidden()
  const cancelled = page
    .getByRole('region', { name: 'History' })
    .getByRole('listitem', { name: 'Settings saved' })
    .first()
    .getByRole('list', { name: 'Planned posts' })
    .locator('[data-state]')
  await expect.poll(async () => new Set(await cancelled.allTextContents())).toEqual(new Set(['Cancelled']))
  const after = await page.request.get(
    `/api/posts?from=${encodeURIComponent(now.toISOString())}&to=${encodeURIComponent(
      new Date(now.getTime() + 40 * 24 * 3_600_000).toISOString(),
    )}`,
  )
  // What Run Now posted stays posted.
  const left = ((await after.json()) as { posts: Post[] }).posts.filter((p) => p.source === 'automation')
  expect(left.map((p) => p.state)).toEqual(['uploaded'])
})

test('the Automation tab on a 375 px phone, by keyboard', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 375, height: 800 })
  await signUp(page, uniqueEmail('automation-phone'))
  // The side menu on a phone: the tab is reached through the URL the menu links to.
  await page.goto('/dashboard?tab=automation')
  const settings = page.getByRole('region', { name: 'Automation settings' })
  const toggle = settings.getByRole('switch', { name: 'Automation' })
  await expect(toggle).toBeVisible()

  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(await overflow()).toBeLessThanOrEqual(0)

  // The switch works by keyboard.
  await toggle.focus()
  await page.keyboard.press('Space')
  await expect(toggle).toHaveAttribute('aria-checked', 'true')
  await page.keyboard.press('Space')
  await expect(toggle).toHaveAttribute('aria-checked', 'false')

  // The sub-tabs: arrow keys move between them; every one fits the width.
  await subTab(settings, 'Content Settings').focus()
  for (const name of ['Schedule Settings', 'Video Selection', 'Advanced Settings']) {
    await page.keyboard.press('ArrowRight')
    await expect(subTab(settings, name)).toBeFocused()
    await expect(subTab(settings, name)).toHaveAttribute('aria-selected', 'true')
    if (name === 'Video Selection') {
      await expect(settings.getByRole('checkbox', { name: 'Feature tour' })).toBeVisible({ timeout: 60_000 })
    }
    expect(await overflow(), `${name} fits 375 px`).toBeLessThanOrEqual(0)
    // The account choice sits above the sub-tabs: there on every one (issue 30 item 11).
    await expect(settings.getByLabel('TikTok account')).toBeVisible()
  }
  await expect(settings.getByLabel('Who can see these posts')).toBeVisible()
  await expect(settings.getByText(MESSAGES.noAccountsConnected)).toBeVisible()

  // Saving with nothing chosen says so here too, and nothing overflows with the summary shown.
  await toggle.click()
  await settings.getByRole('button', { name: 'Save Settings' }).click()
  await expect(settings.getByRole('alert').filter({ hasText: /^Please fix/ })).toBeFocused()
  expect(await overflow()).toBeLessThanOrEqual(0)
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
