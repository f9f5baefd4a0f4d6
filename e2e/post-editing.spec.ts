import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import type { Post } from '@hookpost/shared/posts'
import { makeClip, uploadClip } from './clip'
import { connectSandboxCreator, expect, signUp, test, uniqueEmail, uniqueHandle } from './fixtures'

/**
 * Issue 21 item 1 against the real server, its publishing engine and the TikTok sandbox: a scheduled post edited from
 * the calendar (a new time) and from the list, duplicated at a time chosen in the dialog, posted now (and followed to
 * 'Uploaded' over the live events), a calendar day clicked to schedule on it, and the calendar and list filtered by
 * account, each account with its colour and its name. Then the same at 375 px.
 */

const ZONE = 'Europe/Berlin'
// The browser's zone becomes the new user's profile zone, which the calendar shows.
test.use({ timezoneId: ZONE })

let clip: Buffer
let dir = ''
let clipPath = ''

test.beforeAll(() => {
  clip = makeClip()
  dir = mkdtempSync(path.join(tmpdir(), 'hookpost-post-editing-e2e-'))
  clipPath = path.join(dir, 'clip.mp4')
  writeFileSync(clipPath, clip)
})

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

function panel(page: Page): Locator {
  return page.getByRole('region', { name: 'Scheduled Videos' })
}

function dayCell(page: Page, day: string): Locator {
  return panel(page).locator(`td[data-date="${day}"]`)
}

function entry(page: Page, day: string, title: string): Locator {
  return dayCell(page, day).getByRole('listitem').filter({ hasText: title })
}

/** 'YYYY-MM-DD' of `instant` in `zone`. */
function dayIn(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  )
}

/** How the calendar names a day ('Monday, April 20'). */
function dayLabel(day: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  )
}

/** The `d`th of next month, in Berlin, with its month's title ('May 2026'). */
function nextMonth(): { day: (d: number) => string; title: string } {
  const [y, m] = dayIn(new Date(), ZONE).split('-').map(Number) as [number, number]
  const first = new Date(Date.UTC(y, m, 1))
  return {
    day: (d) => `${first.toISOString().slice(0, 8)}${String(d).padStart(2, '0')}`,
    title: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first),
  }
}

async function schedule(
  page: Page,
  post: { accountId: string; mediaId: string; title: string; date: string; time: string; timeZone: string },
): Promise<Post> {
  const res = await page.request.post('/api/posts', {
    data: {
      ...post,
      description: 'Made by the post editing e2e test #edit',
      privacyLevel: 'SELF_ONLY',
      allowComment: true,
      allowDuet: false,
      allowStitch: false,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { post: Post }).post
}

/** A second sandbox creator: the Schedule tab offers Connect with any number of accounts, and comes back to it. */
async function connectAnotherCreator(page: Page, displayName: string, username: string): Promise<string> {
  return connectSandboxCreator(page, displayName, username)
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

test.describe('Editing scheduled posts', () => {
  test('edit the time, duplicate, post now, filter by account, click a day to schedule on it', async ({ page }) => {
    test.setTimeout(300_000)
    const ana = uniqueHandle('ana')
    const ben = uniqueHandle('ben')
    const anaName = `Ana ${ana.slice(-6)}`
    const benName = `Ben ${ben.slice(-6)}`
    await signUp(page, uniqueEmail('post-editing'))
    const anaId = await connectSandboxCreator(page, anaName, ana)
    const benId = await connectAnotherCreator(page, benName, ben)

    const month = nextMonth()
    const mediaId = await uploadClip(page, clip)
    const pasta = await schedule(page, {
      accountId: anaId,
      mediaId,
      title: 'Pasta night',
      date: month.day(10),
      time: '12:00',
      timeZone: ZONE,
    })
    await schedule(page, {
      accountId: benId,
      mediaId,
      title: 'Sourdough',
      date: month.day(11),
      time: '09:00',
      timeZone: ZONE,
    })
    const soon = new Date(Date.now() + 3 * 3_600_000)
    const goNow = await schedule(page, {
      accountId: anaId,
      mediaId,
      title: 'Go now',
      date: soon.toISOString().slice(0, 10),
      time: soon.toISOString().slice(11, 16),
      timeZone: 'UTC',
    })

    // The calendar comes first: the form is behind 'Schedule a video'.
    await page.reload()
    await expect(page.getByRole('button', { name: 'Schedule a video', exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Schedule video', exact: true })).toHaveCount(0)
    await panel(page).getByRole('button', { name: 'Next month' }).click()
    await expect(panel(page).getByRole('heading', { name: month.title })).toBeVisible()

    // 1. Each entry carries its account's name beside its colour; the key lists both accounts.
    await expect(entry(page, month.day(10), 'Pasta night')).toContainText(anaName)
    await expect(entry(page, month.day(11), 'Sourdough')).toContainText(benName)
    const key = panel(page).getByRole('list', { name: 'Account colours' })
    await expect(key).toContainText(anaName)
    await expect(key).toContainText(benName)

    // 2. Edit from the calendar: a new time (not only the day).
    await entry(page, month.day(10), 'Pasta night')
      .getByRole('button', { name: /^Pasta night, 12:00 PM/ })
      .click()
    await page.getByRole('dialog', { name: 'Pasta night' }).getByRole('button', { name: 'Edit' }).click()
    let edit = page.getByRole('dialog', { name: 'Edit post' })
    await expect(edit.getByLabel('Who can view this video')).toHaveValue('SELF_ONLY')
    await edit.getByLabel('Time', { exact: true }).fill('18:45')
    const patched = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/posts/${pasta.id}`),
    )
    await edit.getByRole('button', { name: 'Save changes' }).click()
    expect((await patched).request().postDataJSON()).toEqual({ date: month.day(10), time: '18:45', timeZone: ZONE })
    await expect(edit).toBeHidden()
    await expect(panel(page).getByText(MESSAGES.postSaved)).toBeVisible()
    await expect(entry(page, month.day(10), 'Pasta night')).toContainText('6:45 PM')

    // 3. Edit from the list: the caption's title.
    await panel(page).getByRole('button', { name: 'List' }).click()
    const list = panel(page).getByRole('list', { name: 'Scheduled videos' })
    await list.getByRole('button', { name: 'Edit Sourdough' }).click()
    edit = page.getByRole('dialog', { name: 'Edit post' })
    await edit.getByLabel('Title').fill('Sourdough, day 3')
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await expect(edit).toBeHidden()
    await expect(list.getByRole('listitem').filter({ hasText: 'Sourdough, day 3' })).toHaveCount(1)

    // 4. Duplicate: the new time is chosen in the dialog; the copy is a new scheduled post.
    await list.getByRole('button', { name: 'Duplicate Pasta night' }).click()
    const duplicate = page.getByRole('dialog', { name: 'Duplicate “Pasta night”' })
    await expect(duplicate.getByLabel('Date')).toHaveValue(month.day(11))
    await expect(duplicate.getByLabel('Time', { exact: true })).toHaveValue('18:45')
    await duplicate.getByLabel('Date').fill(month.day(14))
    await duplicate.getByLabel('Time', { exact: true }).fill('08:15')
    await duplicate.getByRole('button', { name: 'Duplicate' }).click()
    await expect(duplicate).toBeHidden()
    await expect(panel(page).getByText(/^Duplicated: “Pasta night” is scheduled for /)).toBeVisible()
    await expect(list.getByRole('listitem').filter({ hasText: 'Pasta night' })).toHaveCount(2)

    // 5. Filter by account, in the list and the calendar.
    const filter = panel(page).getByRole('combobox', { name: 'Account' })
    await filter.selectOption({ label: `${benName} (@${ben})` })
    await expect(list.getByRole('listitem').filter({ hasText: 'Pasta night' })).toHaveCount(0)
    await expect(list.getByRole('listitem').filter({ hasText: 'Sourdough, day 3' })).toHaveCount(1)
    await panel(page).getByRole('button', { name: 'Calendar' }).click()
    await expect(entry(page, month.day(11), 'Sourdough, day 3')).toHaveCount(1)
    await expect(entry(page, month.day(10), 'Pasta night')).toHaveCount(0)
    await expect(entry(page, month.day(14), 'Pasta night')).toHaveCount(0)
    await filter.selectOption({ label: 'All accounts' })
    await expect(entry(page, month.day(14), 'Pasta night')).toContainText('8:15 AM')

    // 6. Click a day: the form opens on it, for the account the calendar is filtered by, and schedules there.
    await filter.selectOption({ label: `${benName} (@${ben})` })
    await dayCell(page, month.day(20))
      .getByRole('button', { name: `Schedule a video on ${dayLabel(month.day(20))}` })
      .click()
    const form = page.getByRole('dialog', { name: 'Schedule a video' })
    await expect(form.getByLabel('Date')).toHaveValue(month.day(20))
    await expect(form.getByLabel('TikTok account')).toHaveValue(benId)
    await expect(form.getByText(`Posting to ${benName}`)).toBeVisible()
    await form.getByLabel('Video file').setInputFiles(clipPath)
    await expect(form.getByLabel('Preview of clip.mp4')).toBeVisible({ timeout: 30_000 })
    await form.getByLabel('Title').fill('Picked from the calendar')
    await form.getByLabel('Who can view this video').selectOption({ label: 'Only me' })
    await form.getByRole('button', { name: 'Schedule video' }).click()
    // The dialog closes on success (ADR 042); the calendar, still on Ben's posts, marks the new one.
    await expect(form).toBeHidden({ timeout: 15_000 })
    await expect(page.getByRole('region', { name: MESSAGES.videoScheduled })).toBeVisible()
    await expect(entry(page, month.day(20), 'Picked from the calendar')).toContainText('12:00 PM')
    await expect(entry(page, month.day(20), 'Picked from the calendar')).toHaveAttribute('data-highlighted', 'true')
    await filter.selectOption({ label: 'All accounts' })

    // 7. Post now, from the list: asked first, then followed live to 'Uploaded' (nothing reloaded).
    await panel(page).getByRole('button', { name: 'List' }).click()
    const goNowRow = list.getByRole('listitem').filter({ hasText: 'Go now' })
    await goNowRow.getByRole('button', { name: 'Post Go now now' }).click()
    const confirm = page.getByRole('dialog', { name: 'Post “Go now” now?' })
    await expect(confirm).toContainText(`to @${ana}`)
    const posted = page.waitForResponse((r) => r.url().endsWith(`/api/posts/${goNow.id}/post-now`))
    await confirm.getByRole('button', { name: 'Post now' }).click()
    expect((await posted).status()).toBe(200)
    await expect(panel(page).getByText('“Go now” is being posted now.')).toBeVisible()
    await expect(goNowRow.locator('[data-status="uploaded"]')).toHaveText('Uploaded', { timeout: 150_000 })
    // Once out, it can neither be posted again nor edited; it can be duplicated.
    await expect(goNowRow.getByRole('button', { name: 'Post Go now now' })).toHaveCount(0)
    await expect(goNowRow.getByRole('button', { name: 'Edit Go now' })).toHaveCount(0)
    await expect(goNowRow.getByRole('button', { name: 'Duplicate Go now' })).toBeVisible()
    const res = await page.request.get(`/api/posts/${goNow.id}`)
    expect(((await res.json()) as { post: Post }).post.state).toBe('uploaded')
    const again = await page.request.post(`/api/posts/${goNow.id}/post-now`, { data: {} })
    expect([again.status(), ((await again.json()) as { message: string }).message]).toEqual([
      409,
      MESSAGES.postNowNotScheduled,
    ])
  })

  test('at 375 px: the calendar, a day to schedule on, the form and the edit dialog fit', async ({ page }) => {
    test.setTimeout(180_000)
    await page.setViewportSize({ width: 375, height: 740 })
    const handle = uniqueHandle('phone')
    const name = `Pia ${handle.slice(-6)}`
    await signUp(page, uniqueEmail('post-editing-phone'))
    const accountId = await connectSandboxCreator(page, name, handle)
    const tomorrow = dayIn(new Date(Date.now() + 86_400_000), ZONE)
    await schedule(page, {
      accountId,
      mediaId: await uploadClip(page, clip),
      title: 'Phone post',
      date: tomorrow,
      time: '10:30',
      timeZone: ZONE,
    })
    await page.reload()

    // The calendar is a list of days; the week shows all seven, each with its button to schedule on it.
    await expect(panel(page).getByRole('table')).toHaveCount(0)
    await panel(page).getByRole('button', { name: 'Week' }).click()
    await expect(panel(page).getByRole('heading', { level: 4 })).toHaveCount(7)
    if (new Date(`${tomorrow}T00:00:00Z`).getUTCDay() === 0) {
      await panel(page).getByRole('button', { name: 'Next week' }).click()
    }
    // The innermost item: the post's own, inside its day's.
    const phonePost = panel(page).getByRole('listitem').filter({ hasText: 'Phone post' }).last()
    await expect(phonePost).toContainText(name)
    await noSidewaysScroll(page)

    await panel(page)
      .getByRole('button', { name: `Schedule a video on ${dayLabel(tomorrow)}` })
      .click()
    const form = page.getByRole('dialog', { name: 'Schedule a video' })
    await expect(form.getByLabel('Date')).toHaveValue(tomorrow)
    await expect(form.getByText(`Posting to ${name}`)).toBeVisible()
    await form.getByLabel('Title').fill('Typed on a phone')
    await form.getByRole('button', { name: 'Schedule video' }).scrollIntoViewIfNeeded()
    await noSidewaysScroll(page)
    const box = await form.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true)
    await form.getByRole('button', { name: 'Cancel' }).click()
    await expect(form).toBeHidden()

    // The edit dialog: a new time, from the day list.
    await phonePost.getByRole('button', { name: /^Phone post, 10:30 AM/ }).click()
    await page.getByRole('dialog', { name: 'Phone post' }).getByRole('button', { name: 'Edit' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit post' })
    await edit.getByLabel('Time', { exact: true }).fill('21:15')
    await noSidewaysScroll(page)
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await expect(edit).toBeHidden()
    await expect(phonePost).toContainText('9:15 PM')
  })
})
