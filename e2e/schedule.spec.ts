import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import { connectSandboxCreator, expect, signUp, test, uniqueEmail, uniqueHandle } from './fixtures'
import { writeClip } from './clip'
import { chooseTimeZone } from './time-zone-picker'

/**
 * The Schedule tab's 'Schedule New Video' form against the real server and the TikTok sandbox: connect a sandbox
 * creator, upload a real 9:16 MP4 over tus, fill in TikTok's required settings and schedule it.
 */

let dir = ''
let clipPath = ''
let fakePath = ''

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookpost-schedule-e2e-'))
  clipPath = path.join(dir, 'clip.mp4')
  // 3 s of 540×960 (9:16) H.264 + AAC at 30 fps: inside TikTok's media limits (tiktok-api.md §3.9).
  writeClip(clipPath, { size: '540x960', seconds: 3 })
  // A text file with a video's name: the browser believes the extension, the server reads the bytes.
  fakePath = path.join(dir, 'notes.mp4')
  writeFileSync(fakePath, 'These are my notes, not a video.\n'.repeat(50))
})

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

function scheduleCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Schedule New Video' })
}

/** The form opens in a dialog from the card (ADR 028), so the calendar stays at the top of the tab. */
async function openScheduleForm(page: Page): Promise<Locator> {
  await scheduleCard(page).getByRole('button', { name: 'Schedule a video' }).click()
  const dialog = page.getByRole('dialog', { name: 'Schedule a video' })
  await expect(dialog).toBeVisible()
  return dialog
}

/** Date and time `minutes` from now in UTC, as the date and time inputs want them. */
function utcInMinutes(minutes: number): { date: string; time: string } {
  const at = new Date(Date.now() + minutes * 60_000).toISOString()
  return { date: at.slice(0, 10), time: at.slice(11, 16) }
}

test.describe('Schedule New Video', () => {
  test('upload a real MP4 and schedule it a couple of minutes ahead', async ({ page }) => {
    test.setTimeout(90_000)
    const username = uniqueHandle('sched')
    const displayName = `Sage ${username.slice(-6)}`
    await signUp(page, uniqueEmail('schedule-video'))
    await connectSandboxCreator(page, displayName, username)

    const picker = scheduleCard(page).getByRole('combobox', { name: 'TikTok account' })
    await picker.selectOption({ label: `${displayName} (@${username}) · Sandbox` })
    const card = await openScheduleForm(page)
    // The account chosen in the card is the dialog's.
    await expect(card.getByRole('combobox', { name: 'TikTok account' })).toHaveValue(await picker.inputValue())
    // TikTok's rule: show whose account receives the post (fresh creator info).
    await expect(card.getByText(`Posting to ${displayName}`)).toBeVisible()

    // Privacy has no default; interactions start off.
    await expect(card.getByLabel('Who can view this video')).toHaveValue('')
    for (const name of ['Allow comments', 'Allow Duet', 'Allow Stitch']) {
      await expect(card.getByRole('checkbox', { name })).not.toBeChecked()
    }
    await expect(card.getByRole('switch', { name: 'Disclose video content' })).not.toBeChecked()

    await card.getByLabel('Video file').setInputFiles(clipPath)
    const preview = card.getByLabel('Preview of clip.mp4')
    await expect(preview).toBeVisible({ timeout: 30_000 })
    const box = await preview.boundingBox()
    expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([200, 356])
    await expect(card.getByText('0:03', { exact: true })).toBeVisible()
    await expect(card.getByText(/^\d+\.\d\d (KB|MB)$/)).toBeVisible()

    await card.getByLabel('Title').fill('Sandbox pancakes')
    await card.getByLabel('Description').fill('Three ingredients, five minutes #breakfast')
    await card.getByLabel('Who can view this video').selectOption({ label: 'Only me' })
    await card.getByRole('checkbox', { name: 'Allow comments' }).check()
    await chooseTimeZone(card, 'UTC')
    const when = utcInMinutes(2)
    await card.getByLabel('Date').fill(when.date)
    await card.getByLabel('Time', { exact: true }).fill(when.time)
    await expect(card.getByText(`${MESSAGES.musicConsent}.`)).toBeVisible()

    await card.getByRole('button', { name: 'Schedule video' }).click()
    // ADR 042: the dialog closes, and the banner at the top of the tab says so, with the focus, until dismissed.
    await expect(card).toBeHidden({ timeout: 15_000 })
    const banner = page.getByRole('region', { name: MESSAGES.videoScheduled })
    await expect(banner).toBeFocused()
    await expect(banner).toContainText(/“Sandbox pancakes”: Scheduled for .+ \(UTC\)\./)
    await page.waitForTimeout(4_000)
    await expect(banner).toBeVisible()
    await banner.getByRole('button', { name: 'Dismiss message' }).click()
    await expect(banner).toBeHidden()
    await expect(scheduleCard(page).getByRole('button', { name: 'Schedule a video' })).toBeFocused()
  })

  test("required fields, a text file named .mp4 (the server's reason), and a 375 px phone", async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000)
    // POST /api/media answers 400 for the fake video, which Chromium logs.
    consoleErrors.allow(/status of 400/)
    await page.setViewportSize({ width: 375, height: 740 })
    const username = uniqueHandle('req')
    await signUp(page, uniqueEmail('schedule-required'))
    await connectSandboxCreator(page, `Remy ${username.slice(-6)}`, username)

    const card = await openScheduleForm(page)
    await expect(card.getByText(/^Posting to /)).toBeVisible()
    await card.getByRole('button', { name: 'Schedule video' }).click()
    await expect(card.getByText(MESSAGES.requiredFields)).toBeVisible()
    await expect(card.getByLabel('Video file')).toBeFocused()
    await expect(card.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true')

    await card.getByLabel('Video file').setInputFiles(fakePath)
    await expect(card.getByText(MESSAGES.notAVideo)).toBeVisible({ timeout: 30_000 })
    await expect(card.getByLabel(/^Preview of /)).toHaveCount(0)

    // Commercial disclosure on with nothing chosen: the button is disabled and says why on hover.
    await card.getByRole('switch', { name: 'Disclose video content' }).check()
    const submit = card.getByRole('button', { name: 'Schedule video' })
    await expect(submit).toBeDisabled()
    await expect(submit).toHaveAttribute('title', MESSAGES.commercialNeedsChoice)
    await card.getByRole('checkbox', { name: 'Branded content' }).check()
    await expect(card.getByText("Your video will be labeled as 'Paid partnership'")).toBeVisible()
    await expect(card.getByText(MESSAGES.brandedConsent)).toBeVisible()
    await expect(submit).toBeEnabled()

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
