import type { Locator, Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import { clipForSpec } from './clip'
import {
  connectSandboxCreator,
  expect,
  openFromDashboardMenu,
  signUp,
  test,
  uniqueEmail,
  uniqueHandle,
} from './fixtures'
import { chooseTimeZone } from './time-zone-picker'

/**
 * A scheduling success nobody can miss (issue 30 items 1 and 8, ADR 042), against the real server and the TikTok
 * sandbox, on a desktop and on a 375 px phone: the dialog closes, the banner at the top says what was scheduled and
 * when and has the focus, the calendar moves to the post and marks it, "View post" opens it, and "Schedule another"
 * makes a week in a row quick (the next day, same time, same settings). A created video goes to the queue from the
 * Create tab, and the Schedule tab shows it.
 */

// 3 s of 540×960 (9:16) H.264 + AAC: inside TikTok's media limits, and a video the studio renders as it is.
const clip = clipForSpec('clip.mp4')

const scheduleCard = (page: Page): Locator => page.getByRole('region', { name: 'Schedule New Video' })
const calendar = (page: Page): Locator => page.getByRole('region', { name: 'Scheduled Videos' })
const highlighted = (page: Page): Locator => calendar(page).locator('[data-highlighted="true"]')

/** `days` after today (UTC), as the date input wants it. */
function utcDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/** Uploads the clip into the open form and names the post. */
async function fillVideo(form: Locator, title: string) {
  await form.getByLabel('Video file').setInputFiles(clip.path)
  await expect(form.getByLabel('Preview of clip.mp4')).toBeVisible({ timeout: 30_000 })
  await form.getByLabel('Title').fill(title)
}

/** The banner says `title` was scheduled, is on screen, has the focus; the calendar marks that post alone. */
async function expectShown(page: Page, title: string) {
  const banner = page.getByRole('region', { name: MESSAGES.videoScheduled })
  await expect(banner).toContainText(`“${title}”: Scheduled for `)
  await expect(banner).toContainText('2:00 PM (UTC).')
  await expect(banner).toBeFocused()
  await expect(banner).toBeInViewport()
  await expect(highlighted(page)).toHaveCount(1)
  await expect(highlighted(page)).toContainText(title)
  return banner
}

for (const [screen, viewport] of [
  ['a desktop', { width: 1280, height: 800 }],
  ['a 375 px phone', { width: 375, height: 740 }],
] as const) {
  test(`on ${screen}: schedule, see it marked, View post, then Schedule another twice for three days in a row`, async ({
    page,
  }) => {
    test.setTimeout(150_000)
    await page.setViewportSize(viewport)
    const username = uniqueHandle('success')
    const displayName = `Suki ${username.slice(-6)}`
    await signUp(page, uniqueEmail('schedule-success'))
    await connectSandboxCreator(page, displayName, username)

    const form = page.getByRole('dialog', { name: 'Schedule a video' })
    // The connected notice goes away as the page settles, moving the button: press it again if it moved.
    await expect(async () => {
      await scheduleCard(page).getByRole('button', { name: 'Schedule a video' }).click()
      await expect(form).toBeVisible({ timeout: 2_000 })
    }).toPass({ timeout: 20_000 })
    await expect(form.getByText(`Posting to ${displayName}`)).toBeVisible({ timeout: 15_000 })
    await fillVideo(form, 'Day one')
    await form.getByLabel('Who can view this video').selectOption({ label: 'Only me' })
    await form.getByRole('checkbox', { name: 'Allow comments' }).check()
    await chooseTimeZone(form, 'UTC')
    // Far enough ahead that the first post may sit in another month than today's: the calendar follows it.
    await form.getByLabel('Date').fill(utcDay(3))
    await form.getByLabel('Time', { exact: true }).fill('14:00')
    await form.getByRole('button', { name: 'Schedule video' }).click()

    await expect(form).toBeHidden({ timeout: 15_000 })
    const banner = await expectShown(page, 'Day one')

    // View post: its details; closing them gives the focus back to the button.
    await banner.getByRole('button', { name: 'View post' }).click()
    const details = page.getByRole('dialog', { name: 'Day one' })
    await expect(details).toBeVisible()
    await details.getByRole('button', { name: 'Close' }).first().click()
    await expect(details).toBeHidden()
    await expect(banner.getByRole('button', { name: 'View post' })).toBeFocused()

    // Schedule another, twice: a new post each time, the next day at 14:00, with the same account and settings.
    for (const [title, day] of [
      ['Day two', 4],
      ['Day three', 5],
    ] as const) {
      await page.getByRole('button', { name: 'Schedule another' }).click()
      await expect(form).toBeVisible()
      await expect(form.getByText(/^A new post: /)).toBeVisible()
      await expect(form.getByLabel('TikTok account')).toHaveValue(/.+/)
      await expect(form.getByText(`Posting to ${displayName}`)).toBeVisible({ timeout: 15_000 })
      await expect(form.getByLabel('Date')).toHaveValue(utcDay(day))
      await expect(form.getByLabel('Time', { exact: true })).toHaveValue('14:00')
      await expect(form.getByLabel('Time zone')).toHaveValue(/^UTC \(GMT\)$/)
      await expect(form.getByLabel('Who can view this video')).toHaveValue('SELF_ONLY')
      await expect(form.getByRole('checkbox', { name: 'Allow comments' })).toBeChecked()
      await expect(form.getByLabel('Title')).toHaveValue('')
      await expect(form.getByLabel(/^Preview of /)).toHaveCount(0)
      await fillVideo(form, title)
      await form.getByRole('button', { name: 'Schedule video' }).click()
      await expect(form).toBeHidden({ timeout: 15_000 })
      await expectShown(page, title)
    }

    // Three posts, on three days in a row, each at 14:00 UTC with the settings kept.
    const answer = await page.request.get('/api/posts/list')
    expect(answer.status()).toBe(200)
    const { posts } = (await answer.json()) as { posts: { title: string; scheduledAt: string; timeZone: string }[] }
    expect(posts.map((p) => [p.title, p.scheduledAt, p.timeZone])).toEqual([
      ['Day one', `${utcDay(3)}T14:00:00.000Z`, 'UTC'],
      ['Day two', `${utcDay(4)}T14:00:00.000Z`, 'UTC'],
      ['Day three', `${utcDay(5)}T14:00:00.000Z`, 'UTC'],
    ])
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
}

test('a created video goes to the queue from the Create tab, and the Schedule tab shows it', async ({ page }) => {
  test.setTimeout(150_000)
  const username = uniqueHandle('queuecv')
  await signUp(page, uniqueEmail('schedule-success-queue'))
  await connectSandboxCreator(page, `Quin ${username.slice(-6)}`, username)

  const queue = page.getByRole('region', { name: 'Queue' })
  await queue.getByLabel('Day', { exact: true }).selectOption({ label: 'Every day' })
  await queue.getByLabel('Time', { exact: true }).fill('18:30')
  await queue.getByRole('button', { name: 'Add slot' }).click()
  await expect(queue.getByRole('list', { name: 'Posting slots' }).getByRole('listitem')).toHaveCount(7)
  const zone = ((await queue.getByText(/^Times are in /).textContent()) ?? '').match(/^Times are in ([^,.]+)/)?.[1]
  const slots = ((await queue.getByText(/^Next free slots: /).textContent()) ?? '').replace(/^Next free slots: /, '')
  // 'Mon, Nov 30, 2026, 6:30 PM; … (UTC)': one moment a slot, the zone once (ADR 049).
  const firstSlot = slots.replace(/ \([^)]*\)$/, '').split('; ')[0]

  await openFromDashboardMenu(page, 'Create Videos')
  const studio = page.getByRole('region', { name: 'Create New Video' })
  await studio.getByLabel('Video file').setInputFiles(clip.path)
  await expect(studio.getByRole('button', { name: 'Remove video' })).toBeVisible({ timeout: 30_000 })
  await studio.getByLabel('Title').fill('Queue me')
  await studio.getByRole('button', { name: 'Create Video' }).click()
  const item = page
    .getByRole('region', { name: 'Your Videos' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Queue me' }) })
  await expect(item.getByText('Ready', { exact: true })).toBeVisible({ timeout: 90_000 })

  await item.getByRole('button', { name: 'Schedule Queue me for TikTok' }).click()
  const dialog = page.getByRole('dialog', { name: 'Schedule Video for TikTok' })
  await expect(dialog.getByRole('button', { name: 'Schedule for TikTok' })).toBeVisible({ timeout: 15_000 })
  await dialog.getByLabel('Who can view this video').selectOption({ label: 'Only me' })
  await dialog.getByRole('button', { name: 'Add to queue' }).click()

  await expect(dialog).toHaveCount(0, { timeout: 15_000 })
  await expect(page).toHaveURL('/dashboard?tab=schedule')
  const banner = page.getByRole('region', { name: 'Video added to the queue' })
  await expect(banner).toContainText(`“Queue me”: Added to the queue for ${firstSlot} (${zone}).`)
  await expect(banner).toBeFocused()
  await expect(banner).toBeInViewport()
  await expect(highlighted(page)).toContainText('Queue me')
  await expect(queue.getByRole('list', { name: 'Queued posts' }).getByRole('listitem')).toContainText(['Queue me'])
})
