import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
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
 * The Create tab's video studio against the real server and its render job: a real 9:16 MP4 uploaded over tus, text
 * overlays drawn on the preview, Create Video, the render followed live (the processing notice, the item turning Ready
 * by itself), then play, download and delete. (A landscape clip and its fit to 9:16: e2e/sources.spec.ts.)
 */

const VIDEO_REQUIRED = 'Please upload a video, select one from your library, or choose a demo video'
const TITLE_REQUIRED = 'Please enter a title for your video'
const OVERLAY_TEXT_REQUIRED = 'Please enter text for the overlay'
const PROCESSING = 'Processing video... This may take a few minutes.'

let dir = ''
let portraitPath = ''
let landscapePath = ''

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookpost-studio-e2e-'))
  portraitPath = path.join(dir, 'portrait.mp4')
  landscapePath = path.join(dir, 'landscape.mp4')
  // 3 s of 540×960 (9:16) and 2 s of 640×360 (16:9), H.264 + AAC at 30 fps.
  writeClip(portraitPath, { size: '540x960', seconds: 3 })
  writeClip(landscapePath, { size: '640x360', seconds: 2 })
})

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** Uploads the portrait clip, creates a video titled `title` and waits until it has rendered. */
async function createVideo(page: Page, title: string): Promise<Locator> {
  const card = createCard(page)
  await card.getByLabel('Video file').setInputFiles(portraitPath)
  await expect(card.getByRole('button', { name: 'Remove video' })).toBeVisible({ timeout: 30_000 })
  await card.getByLabel('Title').fill(title)
  await card.getByRole('button', { name: 'Create Video' }).click()
  await expect(card.getByText(MESSAGES.videoCreated)).toBeVisible({ timeout: 15_000 })
  const item = videosList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) })
  await expect(item.getByText('Ready', { exact: true })).toBeVisible({ timeout: 90_000 })
  return item
}

async function openCreateTab(page: Page) {
  await openFromDashboardMenu(page, 'Create Videos')
  await expect(page).toHaveURL('/dashboard?tab=create')
  await expect(page.getByRole('heading', { level: 1, name: 'Create Videos' })).toBeVisible()
  await expect(createCard(page).getByRole('button', { name: 'Create Video' })).toBeVisible()
}

function createCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Create New Video' })
}

function videosList(page: Page): Locator {
  return page.getByRole('region', { name: 'Your Videos' })
}

/** The overlays the preview canvas says it shows (its text alternative), and how many of its pixels are painted. */
async function previewCanvas(page: Page) {
  const canvas = createCard(page).getByRole('img', { name: /text overlays/ })
  const painted = await canvas.evaluate((node) => {
    const c = node as HTMLCanvasElement
    // Read through a copy made for reading: reading the app's own canvas again and again makes Chromium warn.
    const copy = document.createElement('canvas')
    copy.width = c.width
    copy.height = c.height
    const ctx = copy.getContext('2d', { willReadFrequently: true })
    ctx?.drawImage(c, 0, 0)
    const data = ctx?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray()
    let count = 0
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) count += 1
    return count
  })
  return { name: await canvas.getAttribute('aria-label'), painted }
}

test.describe('Create Videos', () => {
  test('upload, overlays, create, follow the render live, play, download and delete', async ({ page }) => {
    test.setTimeout(150_000)
    await signUp(page, uniqueEmail('studio'))
    await openCreateTab(page)
    const card = createCard(page)

    await card.getByLabel('Video file').setInputFiles(portraitPath)
    await expect(card.getByRole('button', { name: 'Remove video' })).toBeVisible({ timeout: 30_000 })
    // A 9:16 video fits as it is: nothing to choose.
    await expect(card.getByRole('group', { name: 'Fit to 9:16' })).toHaveCount(0)
    const preview = card.getByTestId('overlay-preview')
    const box = await preview.boundingBox()
    expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([280, 498])
    await expect(card.getByLabel('Preview of portrait.mp4')).toHaveJSProperty('muted', true)

    await card.getByLabel('Title').fill('Pancake hook')
    await card.getByLabel('Description').fill('Three ingredients #breakfast')

    // Two overlays: the defaults (centre, white, medium, bold) with an emoji, then a yellow one at the bottom.
    const text = card.getByLabel('Overlay text')
    await text.fill('Wait for it 👀')
    await text.press('Enter')
    await card.getByLabel('Position').selectOption({ label: 'Bottom' })
    await card.getByRole('radio', { name: 'Yellow' }).check()
    await card.getByLabel('Font size').selectOption({ label: 'Large (96 px)' })
    await text.fill('Link in bio')
    await card.getByRole('button', { name: 'Add Overlay' }).click()
    const overlays = card.getByRole('list', { name: 'Text overlays' })
    await expect(overlays.getByRole('listitem')).toHaveCount(2)
    await expect(overlays.getByText('Bottom · Yellow · Large (96 px) · Bold · Outline')).toBeVisible()
    await expect
      .poll(async () => (await previewCanvas(page)).name)
      .toBe('The video with text overlays: “Wait for it 👀”, “Link in bio”')
    // The shared drawing code painted the text on the canvas over the video.
    await expect.poll(async () => (await previewCanvas(page)).painted).toBeGreaterThan(200)

    // Order matters (later ones are drawn on top): move the second one up.
    await card.getByRole('button', { name: 'Move up “Link in bio”' }).click()
    await expect
      .poll(async () => (await previewCanvas(page)).name)
      .toBe('The video with text overlays: “Link in bio”, “Wait for it 👀”')

    // By dragging with the pointer, and by keyboard on the same handle: back to the first order, and once more.
    const handle = card.getByRole('button', { name: 'Drag “Wait for it 👀” to reorder' })
    const from = await handle.boundingBox()
    const to = await overlays.getByRole('listitem').first().boundingBox()
    if (!from || !to) throw new Error('the overlay rows are not laid out')
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 })
    await page.mouse.move(from.x + from.width / 2, to.y + 5, { steps: 5 })
    await page.mouse.up()
    await expect
      .poll(async () => (await previewCanvas(page)).name)
      .toBe('The video with text overlays: “Wait for it 👀”, “Link in bio”')
    // Each step is announced (dnd-kit's live region); the next key waits for it, as a person listening would.
    await handle.focus()
    await page.keyboard.press('Space')
    await expect(page.getByText('“Wait for it 👀” is over position 1 of 2.')).toBeAttached()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByText('“Wait for it 👀” is over position 2 of 2.')).toBeAttached()
    await page.keyboard.press('Space')
    await expect
      .poll(async () => (await previewCanvas(page)).name)
      .toBe('The video with text overlays: “Link in bio”, “Wait for it 👀”')
    await expect(handle).toBeFocused()

    await card.getByRole('button', { name: 'Create Video' }).click()
    await expect(card.getByText(MESSAGES.videoCreated)).toBeVisible({ timeout: 15_000 })
    await expect(card.getByLabel('Title')).toHaveValue('')
    await expect(overlays).toHaveCount(0)

    // The render is followed live: the fixed notice while it runs, then Ready, without pressing anything.
    const list = videosList(page)
    const item = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Pancake hook' }) })
    await expect(item).toBeVisible()
    const notice = page.getByRole('status').filter({ hasText: PROCESSING })
    const seen: string[] = []
    await expect
      .poll(
        async () => {
          const value = await notice
            .getByRole('progressbar')
            .getAttribute('aria-valuenow', { timeout: 100 })
            .catch(() => null)
          if (value !== null) seen.push(value)
          return item.getByText('Ready', { exact: true }).isVisible()
        },
        { timeout: 90_000, intervals: [100] },
      )
      .toBe(true)
    expect(seen.length, 'the processing notice was shown while rendering').toBeGreaterThan(0)
    await expect(notice).toHaveCount(0)
    expect(seen.map(Number).every((n, i, all) => n >= 0 && n <= 100 && (i === 0 || n >= (all[i - 1] ?? 0)))).toBe(true)
    await expect(item.locator('img')).toHaveJSProperty('complete', true)
    expect(await item.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)

    // Play it inline.
    await item.getByRole('button', { name: 'Play Pancake hook' }).click()
    const player = item.getByLabel('Pancake hook, rendered video')
    await expect(player).toBeVisible()
    await expect
      .poll(() =>
        player.evaluate((v) => (v as HTMLVideoElement).readyState >= 1 && (v as HTMLVideoElement).duration > 0),
      )
      .toBe(true)
    expect(await player.evaluate((v) => (v as HTMLVideoElement).duration)).toBeGreaterThan(2)
    expect(await player.evaluate((v) => (v as HTMLVideoElement).videoHeight)).toBe(1920)

    // Download it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('link', { name: 'Download Pancake hook' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.mp4$/)
    const saved = path.join(dir, 'downloaded.mp4')
    await download.saveAs(saved)
    expect(statSync(saved).size).toBeGreaterThan(1000)

    // Its details.
    await item.getByRole('button', { name: 'Details of Pancake hook' }).click()
    await expect(item.getByText('Three ingredients #breakfast')).toBeVisible()
    await expect(item.getByText('Wait for it 👀', { exact: true })).toBeVisible()

    // Delete it, after the confirmation.
    await item.getByRole('button', { name: 'Delete Pancake hook' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete “Pancake hook”?' })
    await expect(dialog.getByText(MESSAGES.deleteVideoConfirm)).toBeVisible()
    await dialog.getByRole('button', { name: 'Delete video' }).click()
    await expect(list.getByText(MESSAGES.videoDeleted)).toBeVisible()
    await expect(item).toHaveCount(0)
    await expect(list.getByText(/No videos yet/)).toBeVisible()
  })

  test('every validation message, hook + demo mode, and a 375 px phone', async ({ page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 375, height: 740 })
    await signUp(page, uniqueEmail('studio-phone'))
    await openCreateTab(page)
    const card = createCard(page)

    // Nothing chosen: the spec's two messages, focus on the first field to fix.
    await card.getByRole('button', { name: 'Create Video' }).click()
    await expect(card.getByText(VIDEO_REQUIRED)).toBeVisible()
    await expect(card.getByText(TITLE_REQUIRED)).toBeVisible()
    await expect(card.getByLabel('Video file')).toBeFocused()
    await expect(card.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true')

    // Add Overlay refuses blank text (after trimming).
    const add = card.getByRole('button', { name: 'Add Overlay' })
    await expect(add).toHaveAttribute('aria-disabled', 'true')
    await card.getByLabel('Overlay text').fill('   ')
    await card.getByLabel('Overlay text').press('Enter')
    await expect(card.getByText(OVERLAY_TEXT_REQUIRED)).toBeVisible()
    await expect(card.getByRole('list', { name: 'Text overlays' })).toHaveCount(0)

    await card.getByLabel('Video file').setInputFiles(portraitPath)
    await expect(card.getByRole('button', { name: 'Remove video' })).toBeVisible({ timeout: 30_000 })
    await card.getByRole('button', { name: 'Create Video' }).click()
    await expect(card.getByText(TITLE_REQUIRED)).toBeVisible()
    await expect(card.getByText(VIDEO_REQUIRED)).toHaveCount(0)
    await expect(card.getByLabel('Title')).toBeFocused()

    // The demo may have any shape; with it, the video is hook + demo.
    await card.getByLabel('Product Demo Video').setInputFiles(landscapePath)
    await expect(card.getByRole('button', { name: 'Remove demo video' })).toBeVisible({ timeout: 30_000 })
    const layout = card.getByRole('group', { name: 'How the two videos play' })
    await expect(layout.getByRole('radio', { name: /^Sequence/ })).toBeChecked()
    // The landscape demo fills the frame after the hook: the form asks how.
    await expect(card.getByRole('group', { name: 'Fit to 9:16' })).toBeVisible()
    await expect(card.getByLabel('Show on')).toHaveValue('both')
    await card.getByLabel('Show on').selectOption({ label: 'Demo' })
    await card.getByLabel('Overlay text').fill('Try it free')
    await card.getByRole('button', { name: 'Add Overlay' }).click()
    await expect(card.getByText(/Bold · Outline · Demo only$/)).toBeVisible()
    const canvas = card.getByRole('img', { name: /text overlays/ })
    await expect(canvas).toHaveAccessibleName('The hook video: no text overlays')
    await card.getByRole('radio', { name: 'Demo', exact: true }).check()
    await expect(canvas).toHaveAccessibleName('The demo video with text overlays: “Try it free”')
    await expect(card.getByLabel('Preview of landscape.mp4')).toBeVisible()

    // A title longer than 100 characters is refused by the shared rule.
    await card.getByLabel('Title').fill('x'.repeat(101))
    await expect(card.getByText('101/100')).toBeVisible()
    await card.getByRole('button', { name: 'Create Video' }).click()
    await expect(card.getByText('Title can be at most 100 characters')).toBeVisible()

    await layout.getByRole('radio', { name: /^Side by side/ }).check()
    await card.getByLabel('Title').fill('Phone made')
    await card.getByRole('button', { name: 'Create Video' }).click()
    await expect(card.getByText(MESSAGES.videoCreated)).toBeVisible({ timeout: 15_000 })
    const item = videosList(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Phone made' }) })
    await expect(item.getByText('Hook and demo side by side', { exact: false })).toBeVisible()
    await expect(item.getByText('Ready', { exact: true })).toBeVisible({ timeout: 90_000 })

    // Nothing sticks out sideways on a phone, the preview keeps its 280×498.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    const box = await card.getByTestId('overlay-preview').boundingBox()
    expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([280, 498])
  })

  test('schedule a rendered video for TikTok; a video a post uses cannot be deleted', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(150_000)
    // Deleting a video a scheduled post uses answers 409, which Chromium logs.
    consoleErrors.allow(/status of 409/)
    const username = uniqueHandle('studio')
    const displayName = `Stu ${username.slice(-6)}`
    await signUp(page, uniqueEmail('studio-schedule'))
    await connectSandboxCreator(page, displayName, username)
    await openCreateTab(page)
    const item = await createVideo(page, 'Ready to post')

    await item.getByRole('button', { name: 'Schedule Ready to post for TikTok' }).click()
    const dialog = page.getByRole('dialog', { name: 'Schedule Video for TikTok' })
    await expect(dialog.getByText(`Posting to ${displayName}`)).toBeVisible({ timeout: 15_000 })
    const preview = dialog.getByLabel('Preview of Ready to post')
    const box = await preview.boundingBox()
    expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([200, 356])
    await expect(dialog.getByLabel('Title')).toHaveValue('Ready to post')
    await dialog.getByLabel('Who can view this video').selectOption({ label: 'Only me' })
    await dialog.getByRole('button', { name: 'Schedule for TikTok' }).click()
    // ADR 042: the dialog closes and the Schedule tab shows the post.
    await expect(dialog).toHaveCount(0, { timeout: 15_000 })
    await expect(page).toHaveURL('/dashboard?tab=schedule')
    await expect(page.getByRole('region', { name: MESSAGES.videoScheduled })).toBeVisible()

    // The post is scheduled, with the rendered video.
    const posts = await page.request.get('/api/posts')
    expect(posts.status()).toBe(200)
    const { posts: list } = (await posts.json()) as { posts: { id: string; title: string }[] }
    expect(list.map((p) => p.title)).toEqual(['Ready to post'])
    // The calendar's list is slim; the post's details (its video) are one request away.
    const one = await page.request.get(`/api/posts/${list[0]!.id}`)
    const { post } = (await one.json()) as { post: { media: { durationMs: number } | null } }
    expect(post.media?.durationMs).toBeGreaterThan(2000)

    // The server keeps the video while a scheduled post uses it, and says why.
    await openCreateTab(page)
    await item.getByRole('button', { name: 'Delete Ready to post' }).click()
    await page
      .getByRole('dialog', { name: 'Delete “Ready to post”?' })
      .getByRole('button', { name: 'Delete video' })
      .click()
    await expect(videosList(page).getByRole('alert')).toHaveText(MESSAGES.mediaInUse)
    await expect(item).toBeVisible()
  })
})
