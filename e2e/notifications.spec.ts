import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { NOTIFICATION_MESSAGES } from '@hookpost/shared/notifications'
import { makeClip, uploadClip } from './clip'
import { connectSandboxCreator, expect, postNow, signUp, test, uniqueEmail, uniqueHandle } from './fixtures'

/**
 * Notifications (issue 21 item 8, ADR 034) against the real server and the TikTok sandbox: a post that TikTok refuses
 * raises the bell's count live, the list opens in a focus-trapped dialog, a notice is marked read, the same notice is
 * in the mail, and a kind is turned off in Profile. Also at 375 px.
 */
const root = path.resolve(import.meta.dirname, '..')
const port = Number(process.env.E2E_PORT ?? 3100)
const sandboxUrl = `http://127.0.0.1:${port + 1}`
/** The secret the e2e server shares with its sandbox (scripts/lib/sandbox.mjs writes it there). */
const sandboxSecret = () =>
  readFileSync(path.join(root, '.tmp', `e2e-${port}`, 'secrets', 'tiktok-sandbox.key'), 'utf8').trim()

let clip: Buffer
test.beforeAll(() => {
  clip = makeClip()
})

/** The sandbox's failure switch for one creator: TikTok refuses every new post of a banned creator. */
async function banCreator(page: Page, username: string) {
  const headers = { 'x-sandbox-admin-key': sandboxSecret() }
  const listed = await page.request.get(`${sandboxUrl}/sandbox/admin/creators`, { headers })
  expect(listed.status()).toBe(200)
  const { creators } = (await listed.json()) as { creators: { open_id: string; username: string }[] }
  const creator = creators.find((c) => c.username === username)
  expect(creator, 'the sandbox creator').toBeDefined()
  const patched = await page.request.patch(`${sandboxUrl}/sandbox/admin/creators/${creator!.open_id}`, {
    headers,
    data: { banned: true },
  })
  expect(patched.status(), await patched.text()).toBe(200)
}

/** A post due tomorrow, in UTC; its id. The test posts it now once its creator is blocked (no waiting for a minute). */
async function scheduleTomorrow(page: Page, accountId: string, title: string): Promise<string> {
  const due = new Date(Date.now() + 86_400_000)
  const res = await page.request.post('/api/posts', {
    data: {
      accountId,
      mediaId: await uploadClip(page, clip),
      title,
      description: 'Made by the notifications e2e test',
      privacyLevel: 'SELF_ONLY',
      allowComment: false,
      allowDuet: false,
      allowStitch: false,
      date: due.toISOString().slice(0, 10),
      time: due.toISOString().slice(11, 16),
      timeZone: 'UTC',
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { post: { id: string } }).post.id
}

test.describe('Notifications', () => {
  test('a failed post: the bell rises live, the list opens, mark read, the mail, and turning it off', async ({
    page,
  }) => {
    test.setTimeout(240_000)
    const email = uniqueEmail('notify')
    const username = uniqueHandle('ntf')
    await signUp(page, email)
    const accountId = await connectSandboxCreator(page, `Nia ${username.slice(-6)}`, username)
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications \(/ })
    await expect(bell).toHaveAccessibleName('Notifications (0 unread)')

    const postId = await scheduleTomorrow(page, accountId, 'Bell test post')
    await banCreator(page, username)
    await postNow(page, postId)

    // Nothing is pressed and the list is not fetched again: the notice arrives over the event stream.
    let refetches = 0
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/notifications') refetches += 1
    })
    await expect(bell).toHaveAccessibleName('Notifications (1 unread)', { timeout: 150_000 })
    expect(refetches, 'GET /api/notifications while waiting').toBe(0)

    // The list: a modal dialog that keeps focus inside and closes with Escape, back on the bell.
    await bell.click()
    const dialog = page.getByRole('dialog', { name: 'Notifications' })
    await expect(dialog).toBeVisible()
    const notice = dialog.getByRole('listitem').filter({ hasText: 'Post failed: Bell test post' })
    await expect(notice).toBeVisible()
    await expect(notice).toContainText(`@${username}`)
    await expect(notice).toContainText('(UTC)')
    await expect(notice.getByRole('link', { name: 'Open the schedule' })).toHaveAttribute(
      'href',
      /\/dashboard\?tab=schedule&post=/,
    )
    // Tab goes round the dialog's controls (past the last one the browser's own UI may take a turn), never onto the
    // page behind it.
    const inDialog: boolean[] = []
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab')
      const where = await dialog.evaluate((d) =>
        d.contains(document.activeElement) ? 'dialog' : document.activeElement === document.body ? 'none' : 'page',
      )
      expect(where).not.toBe('page')
      inDialog.push(where === 'dialog')
    }
    expect(inDialog.filter(Boolean).length).toBeGreaterThanOrEqual(8)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(bell).toBeFocused()

    // Mark read, by keyboard.
    await page.keyboard.press('Enter')
    await expect(dialog).toBeVisible()
    await notice.getByRole('button', { name: 'Mark as read' }).focus()
    await page.keyboard.press('Enter')
    await expect(notice.getByRole('button', { name: 'Mark as read' })).toHaveCount(0)
    await expect(dialog.getByText('Everything is read.')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Mark all as read' })).toBeDisabled()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(bell).toHaveAccessibleName('Notifications (0 unread)')

    // The same notice by mail, with a link to the post on PUBLIC_URL.
    const outbox = await page.request.get('/api/dev/outbox')
    const { mails } = (await outbox.json()) as { mails: { to: string; subject: string; text: string }[] }
    const mail = mails.find((m) => m.to === email && m.subject === 'Hookpost: Post failed: Bell test post')
    expect(mail, 'the failure mail').toBeDefined()
    expect(mail!.text).toContain(`http://127.0.0.1:${port}/dashboard?tab=schedule&post=`)

    // Profile: turn failed-post notices off; it is saved, and stays off after a reload.
    await page.goto('/dashboard/profile')
    const section = page.getByRole('region', { name: 'Notifications' })
    const failedSwitch = section.getByRole('switch', { name: 'When a post fails' })
    await expect(failedSwitch).toBeChecked()
    await expect(section.getByRole('switch', { name: 'When an account needs reconnecting' })).toBeChecked()
    await expect(section.getByRole('switch', { name: 'Daily digest' })).toBeChecked()
    await failedSwitch.uncheck()
    await expect(section.getByText(NOTIFICATION_MESSAGES.preferencesSaved)).toBeVisible()
    await page.reload()
    await expect(section.getByRole('switch', { name: 'When a post fails' })).not.toBeChecked()
    await expect(section.getByRole('switch', { name: 'Daily digest' })).toBeChecked()
  })

  test('at 375 px: the bell fits the top bar, the empty list reads well, and the switches work', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await signUp(page, uniqueEmail('notify-phone'))
    const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications (0 unread)' })
    await expect(bell).toBeVisible()
    const box = await bell.boundingBox()
    expect(box && box.x + box.width).toBeLessThanOrEqual(375)
    await bell.click()
    const dialog = page.getByRole('dialog', { name: 'Notifications' })
    await expect(dialog.getByText(/^No notifications yet\./)).toBeVisible()
    const dialogBox = await dialog.boundingBox()
    expect(dialogBox && dialogBox.width).toBeLessThanOrEqual(375)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()

    await page.goto('/dashboard/profile')
    const section = page.getByRole('region', { name: 'Notifications' })
    await section.getByRole('switch', { name: 'Daily digest' }).uncheck()
    await expect(section.getByText(NOTIFICATION_MESSAGES.preferencesSaved)).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })
})
