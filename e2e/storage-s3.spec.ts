import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import {
  connectSandboxCreator,
  expect,
  openFromDashboardMenu,
  signUp,
  test,
  uniqueEmail,
  uniqueHandle,
} from './fixtures'
import { writeClip } from './clip'

/**
 * The whole journey on the second e2e server, which keeps media in an S3 bucket (STORAGE=s3 on s3rver, ADR 035):
 * upload, render with an overlay, play (from a presigned URL on the bucket), schedule and post to the TikTok
 * sandbox. The bucket's folder (s3rver's files under the server's data folder) holds the videos; the server's own
 * media folder stays empty.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100)
const S3_PORT = Number(process.env.E2E_S3_PORT ?? PORT + 2)
const BUCKET_DIR = path.resolve(import.meta.dirname, '..', '.tmp', `e2e-${S3_PORT}`, 's3', 'hookpost-e2e')
const LOCAL_MEDIA_DIR = path.resolve(import.meta.dirname, '..', '.tmp', `e2e-${S3_PORT}`, 'media')

test.use({ baseURL: `http://127.0.0.1:${S3_PORT}` })

let dir = ''
let clipPath = ''
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookpost-s3-e2e-'))
  clipPath = path.join(dir, 'portrait.mp4')
  writeClip(clipPath, { size: '540x960', seconds: 3 })
})
test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** The object keys s3rver holds under `<userId>/` (it stores each object as `<key>._S3rver_object`). */
function bucketKeys(userId: string): string[] {
  const folder = path.join(BUCKET_DIR, userId)
  if (!existsSync(folder)) return []
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('._S3rver_object'))
    .map((name) => `${userId}/${name.slice(0, -'._S3rver_object'.length)}`)
    .sort()
}

async function userId(page: Page): Promise<string> {
  const res = await page.request.get('/api/auth/session')
  return ((await res.json()) as { user: { id: string } }).user.id
}

test('S3 storage: upload, render with an overlay, play from the bucket, schedule and post', async ({ page }) => {
  test.setTimeout(240_000)
  const username = uniqueHandle('s3')
  const displayName = `Essie ${username.slice(-6)}`
  await signUp(page, uniqueEmail('storage-s3'))
  const owner = await userId(page)
  await connectSandboxCreator(page, displayName, username)

  // Upload and render, with one overlay.
  await openFromDashboardMenu(page, 'Create Videos')
  const card = page.getByRole('region', { name: 'Create New Video' })
  await card.getByLabel('Video file').setInputFiles(clipPath)
  await expect(card.getByRole('button', { name: 'Remove video' })).toBeVisible({ timeout: 30_000 })
  // The uploaded source is in the bucket already.
  await expect.poll(() => bucketKeys(owner).filter((key) => key.endsWith('.mp4'))).toHaveLength(1)
  const source = bucketKeys(owner).find((key) => key.endsWith('.mp4'))
  await card.getByLabel('Title').fill('Bucket hook')
  await card.getByLabel('Overlay text').fill('Stored in S3')
  await card.getByRole('button', { name: 'Add Overlay' }).click()
  await card.getByRole('button', { name: 'Create Video' }).click()
  await expect(card.getByText(MESSAGES.videoCreated)).toBeVisible({ timeout: 15_000 })
  const item = page
    .getByRole('region', { name: 'Your Videos' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Bucket hook' }) })
  await expect(item.getByText('Ready', { exact: true })).toBeVisible({ timeout: 120_000 })
  // The render and its thumbnail joined the source in the bucket; nothing went to the server's disk.
  await expect.poll(() => bucketKeys(owner).filter((key) => key.endsWith('.mp4'))).toHaveLength(2)
  expect(bucketKeys(owner)).toContain(source)
  expect(bucketKeys(owner).some((key) => /\.(jpe?g|png|webp)$/.test(key))).toBe(true)
  expect(existsSync(LOCAL_MEDIA_DIR) ? readdirSync(LOCAL_MEDIA_DIR, { recursive: true }) : []).toEqual([])
  await expect(item.locator('img')).toHaveJSProperty('complete', true)
  expect(await item.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)

  // Play it: the browser is sent to a presigned URL on the bucket and fetches ranges from it.
  const fromBucket = page.waitForResponse(
    (r) => r.url().includes('/hookpost-e2e/') && r.url().includes('X-Amz-Signature') && r.status() < 300,
  )
  await item.getByRole('button', { name: 'Play Bucket hook' }).click()
  const player = item.getByLabel('Bucket hook, rendered video')
  await expect(player).toBeVisible()
  const response = await fromBucket
  expect(response.headers()['content-type']).toBe('video/mp4')
  await expect
    .poll(() => player.evaluate((v) => (v as HTMLVideoElement).readyState >= 1 && (v as HTMLVideoElement).duration > 0))
    .toBe(true)
  expect(await player.evaluate((v) => (v as HTMLVideoElement).videoHeight)).toBe(1920)

  // Schedule it for TikTok, then post it now: the worker uploads it to the sandbox from the bucket.
  await item.getByRole('button', { name: 'Schedule Bucket hook for TikTok' }).click()
  const dialog = page.getByRole('dialog', { name: 'Schedule Video for TikTok' })
  await expect(dialog.getByText(`Posting to ${displayName}`)).toBeVisible({ timeout: 15_000 })
  await dialog.getByLabel('Who can view this video').selectOption({ label: 'Only me' })
  await dialog.getByRole('button', { name: 'Schedule for TikTok' }).click()
  // ADR 042: the dialog closes and the Schedule tab shows the post.
  await expect(page).toHaveURL(/tab=schedule/, { timeout: 15_000 })
  await expect(page.getByRole('region', { name: MESSAGES.videoScheduled })).toBeVisible()
  const panel = page.getByRole('region', { name: 'Scheduled Videos' })
  await panel.getByRole('button', { name: 'List' }).click()
  const row = panel
    .getByRole('list', { name: 'Scheduled videos' })
    .getByRole('listitem')
    .filter({ hasText: 'Bucket hook' })
  await row.getByRole('button', { name: 'Post Bucket hook now' }).click()
  await page.getByRole('dialog', { name: 'Post “Bucket hook” now?' }).getByRole('button', { name: 'Post now' }).click()
  await expect(row.locator('[data-status="uploaded"]')).toHaveText('Uploaded', { timeout: 150_000 })
})
