import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { MESSAGES } from '@hookpost/shared/messages'
import { INBOX_PENDING_CAP } from '@hookpost/shared/posts'
import { connectSandboxCreator, expect, openScheduleDialog, signUp, test, uniqueEmail, uniqueHandle } from './fixtures'
import { writeClip } from './clip'

/**
 * Issue 29: a video sent as a draft to the creator's TikTok inbox. Hookpost shows it waiting there ("In TikTok inbox"
 * and what to do), live; the creator posts it from the sandbox's inbox; Hookpost shows it Uploaded, without a reload.
 */

let dir = ''
let clipPath = ''

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookpost-inbox-e2e-'))
  clipPath = path.join(dir, 'clip.mp4')
  writeClip(clipPath, { size: '540x960', seconds: 3 })
})

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const sandboxUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`

test('a video sent as a draft: in the TikTok inbox, posted there by the creator, Uploaded in Hookpost live', async ({
  page,
  context,
}) => {
  // Hookpost learns that the draft was posted on its next look at TikTok: 15 s after it reached the inbox, then
  // twice as long each time (inboxPollDelayMs).
  test.setTimeout(300_000)
  const username = uniqueHandle('inbox')
  const displayName = `Ines ${username.slice(-6)}`
  await signUp(page, uniqueEmail('inbox-draft'))
  await connectSandboxCreator(page, displayName, username)

  const form = await openScheduleDialog(page)
  await expect(form.getByText(`Posting to ${displayName}`)).toBeVisible()
  await form.getByLabel('Video file').setInputFiles(clipPath)
  await expect(form.getByLabel('Preview of clip.mp4')).toBeVisible({ timeout: 30_000 })
  await form.getByLabel('Title').fill('Finish me in TikTok')

  const mode = form.getByRole('group', { name: 'How it goes to TikTok' })
  await expect(form.getByText(new RegExp(`at most ${INBOX_PENDING_CAP} drafts per creator in 24 hours`))).toBeVisible()
  await mode.getByRole('radio', { name: 'Send as a draft to the TikTok inbox' }).check()
  // A draft carries no privacy or interactions: the creator chooses them in TikTok.
  await expect(form.getByLabel('Who can view this video')).toHaveCount(0)
  await expect(form.getByRole('checkbox', { name: 'Allow comments' })).toHaveCount(0)
  await expect(form.getByText(/they choose those and add a sound in the TikTok app/)).toBeVisible()
  await form.getByRole('button', { name: 'Schedule video' }).click()
  // The dialog closes on success (ADR 042).
  await expect(form).toBeHidden({ timeout: 15_000 })
  await expect(page.getByRole('region', { name: MESSAGES.videoScheduled })).toBeVisible()

  // Post now, from the list; followed live to the inbox.
  const panel = page.getByRole('region', { name: 'Scheduled Videos' })
  await panel.getByRole('button', { name: 'List' }).click()
  const row = panel
    .getByRole('list', { name: 'Scheduled videos' })
    .getByRole('listitem')
    .filter({ hasText: 'Finish me in TikTok' })
  await expect(row.locator('[data-mode="inbox"]')).toHaveText('Draft to inbox')
  await row.getByRole('button', { name: 'Post Finish me in TikTok now' }).click()
  await page
    .getByRole('dialog', { name: 'Post “Finish me in TikTok” now?' })
    .getByRole('button', { name: 'Post now' })
    .click()
  await expect(row.locator('[data-status="inbox"]')).toHaveText('In TikTok inbox', { timeout: 150_000 })
  await expect(row.getByText(MESSAGES.sentToInbox)).toBeVisible()

  // The creator finishes it in TikTok (the sandbox's inbox): Post.
  const tiktok = await context.newPage()
  await tiktok.goto(`${sandboxUrl}/creators/${username}`)
  const inbox = tiktok.getByRole('region', { name: 'Inbox' })
  const draft = inbox.getByRole('listitem').filter({ hasText: 'Video' })
  await expect(draft).toHaveCount(1)
  await draft.getByRole('button', { name: 'Post' }).click()
  await expect(inbox.getByText('No drafts waiting.', { exact: false })).toBeVisible()
  await tiktok.close()

  // Hookpost follows: Uploaded, with nothing reloaded.
  await expect(row.locator('[data-status="uploaded"]')).toHaveText('Uploaded', { timeout: 120_000 })
})
