import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import type { Post } from '@hookpost/shared/posts'
import type { LibraryItem } from '@hookpost/shared/library'
import { makeClip, uploadClip } from './clip'
import { connectSandboxCreator, expect, signUp, test, uniqueEmail, uniqueHandle } from './fixtures'

/**
 * Cross-posting (issue 30 item 5) against the real server, its publishing engine and the TikTok sandbox, with two
 * connected sandbox creators: a post duplicated to both accounts becomes two calendar entries, each with its account;
 * the original, edited to the other account and a Library stock clip, shows there on the calendar; posted now, it
 * reaches that creator with that clip and nothing reaches the first. At desktop width and at 375 px.
 */

const ZONE = 'Europe/Berlin'
test.use({ timezoneId: ZONE })

const root = path.resolve(import.meta.dirname, '..')
const port = Number(process.env.E2E_PORT ?? 3100)
const sandboxUrl = `http://127.0.0.1:${port + 1}`
const sandboxHeaders = () => ({
  'x-sandbox-admin-key': readFileSync(
    path.join(root, '.tmp', `e2e-${port}`, 'secrets', 'tiktok-sandbox.key'),
    'utf8',
  ).trim(),
})

let clip: Buffer
test.beforeAll(() => {
  clip = makeClip()
})

/** What the sandbox received for the creator with this username. */
async function sandboxVideosOf(page: Page, username: string): Promise<{ video_size: number; status: string }[]> {
  const listed = await page.request.get(`${sandboxUrl}/sandbox/admin/creators`, { headers: sandboxHeaders() })
  const { creators } = (await listed.json()) as { creators: { open_id: string; username: string }[] }
  const creator = creators.find((c) => c.username === username)
  expect(creator, 'the sandbox creator').toBeDefined()
  const res = await page.request.get(`${sandboxUrl}/sandbox/admin/creators/${creator!.open_id}/videos`, {
    headers: sandboxHeaders(),
  })
  return ((await res.json()) as { videos: { video_size: number; status: string }[] }).videos
}

function panel(page: Page): Locator {
  return page.getByRole('region', { name: 'Scheduled Videos' })
}

/** 'Monday, April 20' in UTC (a calendar date). */
function dayLabel(day: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  )
}

/** A day of the calendar: a cell of the month's table, or at 375 px a day of the list of days. */
function day(page: Page, date: string, phone: boolean): Locator {
  if (!phone) return panel(page).locator(`td[data-date="${date}"]`)
  return panel(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 4, name: dayLabel(date), exact: true }) })
}

function entries(page: Page, date: string, phone: boolean, title: string): Locator {
  return day(page, date, phone).getByRole('listitem').filter({ hasText: title })
}

/** The `d`th of next month in Berlin, and next month's title ('May 2026'). */
function nextMonth(): { day: (d: number) => string; title: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())
  const [y, m] = today.split('-').map(Number) as [number, number]
  const first = new Date(Date.UTC(y, m, 1))
  return {
    day: (d) => `${first.toISOString().slice(0, 8)}${String(d).padStart(2, '0')}`,
    title: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first),
  }
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

async function crossPost(page: Page, phone: boolean) {
  const ana = uniqueHandle('xana')
  const ben = uniqueHandle('xben')
  const anaName = `Ana ${ana.slice(-6)}`
  const benName = `Ben ${ben.slice(-6)}`
  await signUp(page, uniqueEmail(phone ? 'cross-posting-phone' : 'cross-posting'))
  const anaId = await connectSandboxCreator(page, anaName, ana)
  const benId = await connectSandboxCreator(page, benName, ben)
  const month = nextMonth()
  const created = await page.request.post('/api/posts', {
    data: {
      accountId: anaId,
      mediaId: await uploadClip(page, clip),
      title: 'Pasta night',
      description: 'Made by the cross-posting e2e test #crosspost',
      privacyLevel: 'SELF_ONLY',
      allowComment: true,
      allowDuet: false,
      allowStitch: false,
      date: month.day(10),
      time: '12:00',
      timeZone: ZONE,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const pasta = ((await created.json()) as { post: Post }).post

  await page.goto('/dashboard?tab=schedule')
  await panel(page).getByRole('button', { name: 'Next month' }).click()
  await expect(panel(page).getByRole('heading', { name: month.title })).toBeVisible()
  const openEntry = async (date: string, name: string) => {
    await entries(page, date, phone, 'Pasta night')
      .filter({ hasText: name })
      .getByRole('button', { name: /^Pasta night/ })
      .click()
    return page.getByRole('dialog', { name: 'Pasta night' })
  }

  // 1. Duplicate to both accounts: the post's own is ticked; Ben is ticked here, with his copy's settings.
  await (await openEntry(month.day(10), anaName)).getByRole('button', { name: 'Duplicate' }).click()
  const duplicate = page.getByRole('dialog', { name: 'Duplicate “Pasta night”' })
  await expect(duplicate.getByRole('checkbox', { name: new RegExp(`^${anaName} \\(@${ana}\\)`) })).toBeChecked()
  await duplicate.getByRole('checkbox', { name: new RegExp(`^${benName} \\(@${ben}\\)`) }).check()
  const bensCopy = duplicate.getByRole('group', { name: `Settings for ${benName} (@${ben})` })
  await expect(bensCopy.getByLabel('Who can view this video')).toHaveValue('SELF_ONLY')
  await duplicate.getByLabel('Date').fill(month.day(14))
  await duplicate.getByLabel('Time', { exact: true }).fill('08:15')
  if (phone) await noSidewaysScroll(page)
  await duplicate.getByRole('button', { name: 'Duplicate to 2 accounts' }).click()
  await expect(duplicate).toBeHidden()
  await expect(
    panel(page).getByText(new RegExp(`^Duplicated: “Pasta night” is scheduled for .* on @${ana}, @${ben}\\.$`)),
  ).toBeVisible()
  // Two new entries that day, each with its account (live: nothing was reloaded).
  await expect(entries(page, month.day(14), phone, 'Pasta night')).toHaveCount(2)
  await expect(entries(page, month.day(14), phone, 'Pasta night').filter({ hasText: anaName })).toHaveCount(1)
  await expect(entries(page, month.day(14), phone, 'Pasta night').filter({ hasText: benName })).toHaveCount(1)

  // 2. Edit the original: Ben's account, and a stock clip from the Library instead of its video.
  const library = (await (await page.request.get('/api/library')).json()) as { videos: LibraryItem[] }
  const stock = library.videos.find((v) => !v.isUserContent)
  expect(stock, 'a stock clip in the Library').toBeDefined()
  await (await openEntry(month.day(10), anaName)).getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit post' })
  await edit.getByLabel('TikTok account').selectOption(benId)
  await expect(
    edit.getByText('It keeps its time on the other account; a post in a posting queue leaves that queue.'),
  ).toBeVisible()
  await expect(edit.getByLabel('Who can view this video')).toHaveValue('SELF_ONLY')
  const video = edit.getByRole('group', { name: 'Video' })
  await video.getByLabel('Replace with a video from your Library').selectOption(stock!.id)
  await expect(video.getByText(`Sends instead: ${stock!.title}`, { exact: false })).toBeVisible({ timeout: 15_000 })
  if (phone) await noSidewaysScroll(page)
  const patched = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/posts/${pasta.id}`),
  )
  await edit.getByRole('button', { name: 'Save changes' }).click()
  expect((await patched).status()).toBe(200)
  await expect(edit).toBeHidden()
  await expect(panel(page).getByText(MESSAGES.postSaved)).toBeVisible()
  await expect(entries(page, month.day(10), phone, 'Pasta night')).toHaveCount(1)
  await expect(entries(page, month.day(10), phone, 'Pasta night')).toContainText(benName)
  const moved = ((await (await page.request.get(`/api/posts/${pasta.id}`)).json()) as { post: Post }).post
  expect(moved).toMatchObject({ accountId: benId, media: { originalName: expect.any(String) } })

  // 3. Post it now: it goes to Ben's creator, with the stock clip, once; nothing reaches Ana's.
  await (await openEntry(month.day(10), benName)).getByRole('button', { name: 'Post now' }).click()
  const confirm = page.getByRole('dialog', { name: 'Post “Pasta night” now?' })
  await expect(confirm).toContainText(`to @${ben}`)
  await confirm.getByRole('button', { name: 'Post now' }).click()
  await expect(panel(page).getByText('“Pasta night” is being posted now.')).toBeVisible()
  await panel(page).getByRole('button', { name: 'List' }).click()
  const row = panel(page)
    .getByRole('list', { name: 'Scheduled videos' })
    .getByRole('listitem')
    .filter({ hasText: 'Pasta night' })
    .filter({ hasText: benName })
    .filter({ has: page.locator('[data-status="uploaded"]') })
  await expect(row).toHaveCount(1, { timeout: 150_000 })
  const sent = await sandboxVideosOf(page, ben)
  expect(sent).toHaveLength(1)
  expect(sent[0]!.video_size).toBe(moved.media!.sizeBytes)
  expect(await sandboxVideosOf(page, ana)).toEqual([])
}

test.describe('Cross-posting', () => {
  test('duplicate to both accounts; move a post to the other account and video; post it now', async ({ page }) => {
    test.setTimeout(300_000)
    await crossPost(page, false)
  })

  test('the same at 375 px', async ({ page }) => {
    test.setTimeout(300_000)
    await page.setViewportSize({ width: 375, height: 740 })
    await crossPost(page, true)
  })
})
