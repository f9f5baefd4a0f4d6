import type { Locator, Page } from '@playwright/test'
import { formatDateTime, formatDateTimeInZone } from '@hookpost/shared/date-format'
import { MESSAGES } from '@hookpost/shared/messages'
import { clipForSpec } from './clip'
import {
  connectSandboxCreator,
  expect,
  openFromDashboardMenu,
  openScheduleDialog,
  signUp,
  test,
  uniqueEmail,
  uniqueHandle,
} from './fixtures'
import { chooseTimeZone } from './time-zone-picker'

/**
 * One clock (issue 30 item 3, ADR 049), against the real server, on a desktop and on a 375 px phone: a person signs up
 * in a UTC browser (the profile's zone is UTC) and schedules a post, then opens Hookpost in Los Angeles. The dashboard
 * notices the two zones and offers Los Angeles; accepted, the calendar's list, Your Videos and the account show Los
 * Angeles times with the zone named, in the one date format. The zone picker finds zones by typing.
 */

const clip = clipForSpec('clip.mp4')
const LA = 'America/Los_Angeles'
const mismatch = (page: Page): Locator => page.getByRole('region', { name: 'Your time zone looks different' })
const calendar = (page: Page): Locator => page.getByRole('region', { name: 'Scheduled Videos' })

/** `days` after today (UTC), as the date input wants it. */
function utcDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/** Today's offset of `zone` as Intl (and the picker) write it: 'GMT-8' in a Los Angeles winter. */
function offsetNow(zone: string): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value ?? ''
  )
}

// The page of every test is a browser in Los Angeles (its console is watched by the fixtures).
test.use({ timezoneId: LA })

async function schedulePost(page: Page, title: string, date: string, time: string) {
  const form = await openScheduleDialog(page)
  await form.getByLabel('Video file').setInputFiles(clip.path)
  await expect(form.getByLabel('Preview of clip.mp4')).toBeVisible({ timeout: 30_000 })
  await form.getByLabel('Title').fill(title)
  await form.getByLabel('Who can view this video').selectOption({ label: 'Only me' })
  await form.getByRole('checkbox', { name: 'Allow comments' }).check()
  // The form starts in the profile's zone, UTC, and says so.
  await expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveValue(/^UTC \(GMT\)$/)
  await form.getByLabel('Date').fill(date)
  await form.getByLabel('Time', { exact: true }).fill(time)
  await form.getByRole('button', { name: 'Schedule video' }).click()
  await expect(form).toBeHidden({ timeout: 15_000 })
  await expect(page.getByRole('region', { name: MESSAGES.videoScheduled })).toContainText('6:30 PM (UTC).')
}

for (const [screen, viewport] of [
  ['a desktop', { width: 1280, height: 800 }],
  ['a 375 px phone', { width: 375, height: 740 }],
] as const) {
  test(`on ${screen}: the browser's zone is offered, accepted, and every time is then on Los Angeles' clock`, async ({
    browser,
    page,
  }) => {
    test.setTimeout(180_000)
    // Signed up in a UTC browser: the profile's zone is UTC.
    const utcContext = await browser.newContext({ timezoneId: 'UTC', viewport })
    const utc = await utcContext.newPage()
    const username = uniqueHandle('zones')
    await signUp(utc, uniqueEmail('zones'))
    await connectSandboxCreator(utc, `Zoe ${username.slice(-6)}`, username)
    const date = utcDay(3)
    await schedulePost(utc, 'Two clocks', date, '18:30')
    // In the profile's zone nothing is offered.
    await expect(calendar(utc).getByText(`Times in UTC`)).toBeVisible()
    await expect(mismatch(utc)).toHaveCount(0)

    // The same person in Los Angeles: the dashboard notices, says both zones, and offers Los Angeles.
    await page.setViewportSize(viewport)
    await page.context().addCookies(await utcContext.cookies())
    await utcContext.close()
    await page.goto('/dashboard?tab=schedule')
    const notice = mismatch(page)
    await expect(notice).toContainText(/This browser is in America\/Los Angeles \(GMT-[78]\)/)
    await expect(notice).toContainText('in UTC (GMT), your profile’s time zone')
    await expect(notice).toBeInViewport()
    await expect(calendar(page).getByText('Times in UTC')).toBeVisible()
    await notice.getByRole('button', { name: 'Use America/Los Angeles' }).click()
    const done = page.getByText('Times are now shown in America/Los Angeles, your profile’s time zone.')
    await expect(done).toBeVisible()
    await expect(notice).toHaveCount(0)

    // The calendar: Los Angeles' clock, named; the post at 18:30 UTC is 10:30 or 11:30 there, in the one format.
    const at = new Date(`${date}T18:30:00Z`)
    await expect(calendar(page).getByText(`Times in ${LA}`)).toBeVisible()
    await calendar(page).getByRole('button', { name: 'List' }).click()
    const row = calendar(page)
      .getByRole('list', { name: 'Scheduled videos' })
      .getByRole('listitem')
      .filter({ hasText: 'Two clocks' })
    await expect(row).toContainText(`${formatDateTime(at, LA)} (${LA})`)
    // Chosen in UTC, and still said so.
    await expect(row).toContainText('6:30 PM in UTC')
    // The account follows the profile's zone, and says which.
    await expect(page.getByText(`Times in ${LA} (your profile zone)`).first()).toBeVisible()

    // Your Videos (the Create tab) on the same clock, named.
    await openFromDashboardMenu(page, 'Create Videos')
    const studio = page.getByRole('region', { name: 'Create New Video' })
    await studio.getByLabel('Video file').setInputFiles(clip.path)
    await expect(studio.getByRole('button', { name: 'Remove video' })).toBeVisible({ timeout: 30_000 })
    await studio.getByLabel('Title').fill('Made in LA')
    await studio.getByRole('button', { name: 'Create Video' }).click()
    const item = page
      .getByRole('region', { name: 'Your Videos' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Made in LA' }) })
    const made = item.locator('time')
    await expect(made).toContainText(`(${LA})`, { timeout: 30_000 })
    const createdAt = await made.getAttribute('datetime')
    await expect(made).toHaveText(formatDateTimeInZone(createdAt!, LA))

    // The picker: typing finds zones by city and by offset; Escape keeps the saved one.
    await openFromDashboardMenu(page, 'Profile & Accounts')
    const zone = page.getByRole('combobox', { name: 'Time zone' })
    await expect(zone).toHaveValue(/^America\/Los Angeles \(GMT-[78]\)$/)
    await zone.fill('paris')
    const options = page.getByRole('listbox', { name: 'Time zones' }).getByRole('option')
    await expect(options.first()).toHaveAccessibleName(/^Europe\/Paris \(GMT\+[12]\)$/)
    // By today's offset: Los Angeles among the zones eight (in summer seven) hours behind, pinned on top.
    await zone.fill(offsetNow(LA))
    await expect(options.first()).toHaveAccessibleName(/^America\/Los Angeles/)
    await expect(options.filter({ hasText: 'Tijuana' })).toHaveCount(1)
    await zone.fill('los')
    await expect(options.first()).toHaveAccessibleName(
      /^America\/Los Angeles \(GMT-[78]\), your profile zone, detected from this browser, chosen$/,
    )
    await page.keyboard.press('Escape')
    await expect(zone).toHaveValue(/^America\/Los Angeles/)
    await chooseTimeZone(page.locator('main'), 'Europe/Paris')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Profile saved')).toBeVisible()

    // Paris is the profile's zone now, the browser is in Los Angeles: offered again, and Keep is remembered.
    await page.goto('/dashboard?tab=schedule')
    await mismatch(page).getByRole('button', { name: 'Keep Europe/Paris' }).click()
    await expect(mismatch(page)).toHaveCount(0)
    await expect(calendar(page).getByText('Times in Europe/Paris')).toBeVisible()
    await page.reload()
    await expect(calendar(page).getByText('Times in Europe/Paris')).toBeVisible()
    await expect(mismatch(page)).toHaveCount(0)

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
}
