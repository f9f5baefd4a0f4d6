import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import { expect, openFromDashboardMenu, signUp, test, uniqueEmail } from './fixtures'
import { writeClip } from './clip'

/**
 * 'Create Hook + Demo Video' against the real server: the hook-demo route is the Create tab's form preset for hook +
 * demo (ADR 032). One of the hook clips the server made with ffmpeg at start, a real demo clip uploaded over tus, an
 * overlay (at the bottom by default), Create Video, and the list below, where the video renders (hook then demo) until
 * it is Ready. '/videos' leads to the same list.
 */

let dir = ''
let demoPath = ''

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookpost-hook-demo-e2e-'))
  demoPath = path.join(dir, 'demo.mp4')
  // 2 s of 640×360 (a demo may be any shape), H.264 + AAC at 30 fps.
  writeClip(demoPath, { size: '640x360', seconds: 2 })
})

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** From the Create tab, as a person would; the hook clips are made at the server's first start: waits for them. */
async function openHookDemo(page: Page): Promise<{ card: Locator; hooks: Locator }> {
  await openFromDashboardMenu(page, 'Create Videos')
  await expect(page).toHaveURL('/dashboard?tab=create')
  await page.getByRole('link', { name: 'Create Hook + Demo Video' }).click()
  await expect(page).toHaveURL('/dashboard?tab=create&preset=hook-demo')
  const card = page.getByRole('region', { name: 'Create Hook + Demo Video' })
  await expect(card.getByLabel('Category')).toHaveValue('Hooks', { timeout: 60_000 })
  const hooks = card.getByRole('list', { name: 'Library videos' })
  await expect(hooks.getByRole('button').first()).toBeVisible({ timeout: 60_000 })
  return { card, hooks }
}

test.describe('Create Hook + Demo Video', () => {
  test('pick a hook clip, upload a demo, add an overlay, create it, and follow it to Ready in the videos', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    await signUp(page, uniqueEmail('hook-demo'))
    const { card, hooks } = await openHookDemo(page)

    // The hook clips, each with its real thumbnail.
    await expect
      .poll(() =>
        hooks.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true)

    const title = `Hook demo ${Date.now().toString(36)}`
    await card.getByLabel('Title').fill(title)
    await card.getByLabel('Description').fill('Our hook, then the demo')
    const hook = hooks.getByRole('button').first()
    const hookTitle = (await hook.getAttribute('aria-label'))!.split(',')[0]!
    await hook.click()
    await expect(hook).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 })
    await expect(card.getByText(`Using ${hookTitle} from the Library.`)).toBeVisible()

    await card.getByLabel('Product Demo Video').setInputFiles(demoPath)
    await expect(card.getByRole('button', { name: 'Remove demo video' })).toBeVisible({ timeout: 30_000 })
    await expect(
      card.getByRole('group', { name: 'How the two videos play' }).getByRole('radio', { name: /^Sequence/ }),
    ).toBeChecked()

    // product.md §9: the hook-demo overlays go at the bottom by default.
    await expect(card.getByLabel('Position')).toHaveValue('bottom')
    await card.getByLabel('Overlay text').fill('Watch till the end')
    await card.getByRole('button', { name: 'Add Overlay' }).click()
    await expect(card.getByRole('list', { name: 'Text overlays' }).getByText('Watch till the end')).toBeVisible()

    await card.getByRole('button', { name: 'Create Video' }).click()
    await expect(card.getByText(MESSAGES.videoCreated)).toBeVisible({ timeout: 15_000 })
    const videos = page.getByRole('region', { name: 'Your Videos' })
    const item = videos.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
    await expect(item).toBeVisible()
    await expect(item.getByText('Hook, then demo', { exact: false })).toBeVisible()
    await expect(item.getByText('Ready', { exact: true })).toBeVisible({ timeout: 90_000 })

    // The spec's /videos is that list.
    await page.goto('/videos')
    await expect(page).toHaveURL('/dashboard?tab=create#created-videos-heading')
    await expect(page.getByRole('region', { name: 'Your Videos' }).getByRole('heading', { name: title })).toBeVisible()
  })

  test('Create Video asks for a title and a video in the spec’s words', async ({ page }) => {
    test.setTimeout(120_000)
    await signUp(page, uniqueEmail('hook-demo-checks'))
    const { card } = await openHookDemo(page)
    await card.getByRole('button', { name: 'Create Video' }).click()
    await expect(
      card.getByText('Please upload a video, select one from your library, or choose a demo video'),
    ).toBeVisible()
    await expect(card.getByText('Please enter a title for your video')).toBeVisible()
  })
})
