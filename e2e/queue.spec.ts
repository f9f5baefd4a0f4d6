import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import { makeClip } from './clip'
import { connectSandboxCreator, expect, signUp, test, uniqueEmail, uniqueHandle } from './fixtures'

/**
 * The queue (issue 21 item 2) on the Schedule tab, against the real server and the TikTok sandbox: set posting slots,
 * add two videos to the queue from the Schedule form, see their times, reorder them by keyboard, pause and resume.
 */

let dir = ''
let clipPath = ''

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookpost-queue-e2e-'))
  clipPath = path.join(dir, 'clip.mp4')
  writeFileSync(clipPath, makeClip())
})

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const scheduleCard = (page: Page): Locator => page.getByRole('region', { name: 'Schedule New Video' })
const queueRegion = (page: Page): Locator => page.getByRole('region', { name: 'Queue' })
/** What the Schedule tab says once a post is queued (ADR 042). */
const queuedBanner = (page: Page): Locator => page.getByRole('region', { name: 'Video added to the queue' })

/** Opens the Schedule form: a dialog over the tab (ADR 028), from the 'Schedule New Video' card. */
async function openForm(page: Page): Promise<Locator> {
  await scheduleCard(page).getByRole('button', { name: 'Schedule a video' }).click()
  const form = page.getByRole('dialog', { name: 'Schedule a video' })
  await expect(form).toBeVisible()
  return form
}

async function closeForm(form: Locator) {
  await form.getByRole('button', { name: 'Close' }).click()
  await expect(form).toBeHidden()
}

/** Fills the Schedule form with a video and its required settings, then presses "Add to queue". */
async function addToQueue(form: Locator, title: string) {
  await form.getByLabel('Video file').setInputFiles(clipPath)
  await expect(form.getByLabel('Preview of clip.mp4')).toBeVisible({ timeout: 30_000 })
  await form.getByLabel('Title').fill(title)
  await form.getByLabel('Who can view this video').selectOption({ label: 'Only me' })
  await form.getByRole('button', { name: 'Add to queue' }).click()
}

async function addSlot(queue: Locator, day: string, time: string) {
  await queue.getByLabel('Day', { exact: true }).selectOption({ label: day })
  await queue.getByLabel('Time', { exact: true }).fill(time)
  await queue.getByRole('button', { name: 'Add slot' }).click()
}

/** The "Next free slots" the queue shows: 'Mon, Nov 30, 2026, 9:00 AM; … (UTC)' → each moment (ADR 049). */
async function nextFreeSlots(queue: Locator): Promise<string[]> {
  const text = (await queue.getByText(/^Next free slots: /).textContent()) ?? ''
  return text
    .replace(/^Next free slots: /, '')
    .replace(/ \([^)]*\)$/, '')
    .split('; ')
}

test.describe('Queue', () => {
  test('set slots, add two posts to the queue, see their times, reorder, pause and resume', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(150_000)
    // "Add to queue" without slots answers 409, which Chromium logs.
    consoleErrors.allow(/status of 409/)
    const username = uniqueHandle('queue')
    await signUp(page, uniqueEmail('queue'))
    await connectSandboxCreator(page, `Quinn ${username.slice(-6)}`, username)

    const queue = queueRegion(page)
    await expect(queue.getByText(/^No posting slots yet\./)).toBeVisible()
    const zone = ((await queue.getByText(/^Times are in /).textContent()) ?? '').match(/^Times are in ([^,.]+)/)?.[1]
    expect(zone, 'the queue names its time zone').toBeTruthy()

    // Without slots the form says to add some, and schedules nothing.
    let form = await openForm(page)
    await addToQueue(form, 'Too early')
    await expect(form.getByText(MESSAGES.queueNoSlots)).toBeVisible({ timeout: 15_000 })
    await closeForm(form)

    // Slots: Monday 09:00, and every day at 18:30; the same slot twice is refused.
    await addSlot(queue, 'Monday', '09:00')
    await expect(queue.getByRole('button', { name: 'Remove Monday 09:00' })).toBeVisible()
    await addSlot(queue, 'Every day', '18:30')
    const slots = queue.getByRole('list', { name: 'Posting slots' }).getByRole('listitem')
    await expect(slots).toHaveCount(8)
    await addSlot(queue, 'Monday', '09:00')
    await expect(queue.getByText('Monday at 09:00 is already a slot.')).toBeVisible()
    await expect(slots).toHaveCount(8)

    const free = await nextFreeSlots(queue)
    expect(free.length).toBe(3)

    // Now it is added: the dialog closes and the banner says when it goes out (ADR 042); then a second one.
    form = await openForm(page)
    await addToQueue(form, 'Too early')
    await expect(form).toBeHidden({ timeout: 15_000 })
    await expect(queuedBanner(page)).toContainText(`Added to the queue for ${free[0]} (${zone}).`)
    form = await openForm(page)
    await addToQueue(form, 'Second video')
    await expect(form).toBeHidden({ timeout: 15_000 })
    await expect(queuedBanner(page)).toContainText(`Added to the queue for ${free[1]} (${zone}).`)

    const posts = queue.getByRole('list', { name: 'Queued posts' }).getByRole('listitem')
    await expect(posts).toHaveCount(2)
    await expect(posts.nth(0)).toContainText('Too early')
    await expect(posts.nth(0)).toContainText(`${free[0]} (${zone})`)
    await expect(posts.nth(1)).toContainText('Second video')
    await expect(posts.nth(1)).toContainText(`${free[1]} (${zone})`)
    await expect(queue.getByRole('button', { name: 'Move Too early up' })).toBeDisabled()

    // Reorder by keyboard: the second video takes the first slot, the first the second (the videos stay theirs).
    await queue.getByRole('button', { name: 'Move Second video up' }).focus()
    await page.keyboard.press('Enter')
    await expect(posts.nth(0)).toContainText('Second video')
    await expect(posts.nth(0)).toContainText(`${free[0]} (${zone})`)
    await expect(posts.nth(1)).toContainText('Too early')
    await expect(posts.nth(1)).toContainText(`${free[1]} (${zone})`)
    // The focus stays with the moved post.
    await expect(queue.getByRole('button', { name: 'Move Second video down' })).toBeFocused()

    // Pause: the posts are held (no time), and the screen says what pausing does.
    await queue.getByRole('button', { name: 'Pause queue' }).click()
    await expect(queue.getByText(/^Paused: nothing from this queue is posted\./)).toBeVisible()
    await expect(posts.nth(0)).toContainText('Held: gets the next free slot when the queue is resumed')
    await expect(posts.nth(1)).toContainText('Held: gets the next free slot when the queue is resumed')
    form = await openForm(page)
    await addToQueue(form, 'While paused')
    await expect(form.getByText(MESSAGES.queuePaused)).toBeVisible({ timeout: 15_000 })
    await closeForm(form)
    await expect(posts).toHaveCount(2)

    // Resume: in their order, at the next free slots.
    await queue.getByRole('button', { name: 'Resume queue' }).click()
    await expect(queue.getByText('Running: queued posts go out at their times.')).toBeVisible()
    await expect(posts.nth(0)).toContainText(`Second video`)
    await expect(posts.nth(0)).toContainText(`${free[0]} (${zone})`)
    await expect(posts.nth(1)).toContainText(`${free[1]} (${zone})`)

    // The calendar's List view shows both.
    const panel = page.getByRole('region', { name: 'Scheduled Videos' })
    await panel.getByRole('button', { name: 'List' }).click()
    await expect(panel.getByText('Second video', { exact: true })).toBeVisible()
    await expect(panel.getByText('Too early', { exact: true })).toBeVisible()
  })

  test('works on a 375 px phone', async ({ page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 375, height: 740 })
    const username = uniqueHandle('queue375')
    await signUp(page, uniqueEmail('queue-phone'))
    await connectSandboxCreator(page, `Pia ${username.slice(-6)}`, username)

    const queue = queueRegion(page)
    await addSlot(queue, 'Every day', '07:15')
    await expect(queue.getByRole('list', { name: 'Posting slots' }).getByRole('listitem')).toHaveCount(7)
    const [first] = await nextFreeSlots(queue)

    const form = await openForm(page)
    await addToQueue(form, 'Phone post')
    await expect(form).toBeHidden({ timeout: 15_000 })
    await expect(queuedBanner(page)).toContainText(`Added to the queue for ${first}`)
    await expect(queuedBanner(page)).toBeInViewport()
    const posts = queue.getByRole('list', { name: 'Queued posts' }).getByRole('listitem')
    await expect(posts).toHaveCount(1)
    await expect(posts.nth(0)).toContainText(first!)

    await queue.getByRole('button', { name: 'Pause queue' }).click()
    await expect(queue.getByText(/^Paused: nothing from this queue is posted\./)).toBeVisible()
    await queue.getByRole('button', { name: 'Resume queue' }).scrollIntoViewIfNeeded()
    await expect(queue.getByRole('button', { name: 'Resume queue' })).toBeInViewport()

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
