import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import { expect, openFromDashboardMenu, signUp, test, uniqueEmail } from './fixtures'
import { writeClip } from './clip'

/**
 * Sources (issue 21 item 5, ADR 032) against the real server and renderer: a landscape clip is taken and fitted to 9:16
 * with a blurred fill or a crop, the preview showing the choice, and the render plays at 1080×1920; a Library clip is
 * the Product Demo; the hook-demo route is the Create form preset for hook + demo, with the side menu marking it.
 */

let dir = ''
let landscapePath = ''
let portraitPath = ''

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookpost-sources-e2e-'))
  landscapePath = path.join(dir, 'landscape.mp4')
  portraitPath = path.join(dir, 'portrait.mp4')
  // 2 s of 640×360 (16:9) and of 540×960 (9:16), H.264 + AAC at 30 fps.
  writeClip(landscapePath, { size: '640x360', seconds: 2 })
  writeClip(portraitPath, { size: '540x960', seconds: 2 })
})

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const menu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' })

async function openCreateTab(page: Page): Promise<Locator> {
  await openFromDashboardMenu(page, 'Create Videos')
  await expect(page).toHaveURL('/dashboard?tab=create')
  const card = page.getByRole('region', { name: 'Create New Video' })
  await expect(card.getByRole('button', { name: 'Create Video' })).toBeVisible()
  return card
}

/** How the preview shows the video: the player's fit, its CSS object-fit, and whether a blurred copy is behind it. */
async function previewLook(card: Locator, name: string) {
  const preview = card.getByTestId('overlay-preview')
  const player = preview.getByLabel(`Preview of ${name}`)
  return {
    fit: await player.getAttribute('data-fit'),
    objectFit: await player.evaluate((v) => getComputedStyle(v).objectFit),
    blurredCopies: await preview
      .locator('video[aria-hidden="true"]')
      .evaluateAll((vs) => vs.filter((v) => getComputedStyle(v).filter.startsWith('blur')).length),
  }
}

test.describe('Sources', () => {
  test('a landscape clip: blurred fill or crop, seen in the preview, rendered to 1080×1920 and played', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    await signUp(page, uniqueEmail('sources-fit'))
    const card = await openCreateTab(page)

    await card.getByLabel('Video file').setInputFiles(landscapePath)
    await expect(card.getByRole('button', { name: 'Remove video' })).toBeVisible({ timeout: 30_000 })
    await expect(card.getByText(MESSAGES.videoNeedsPortrait)).toHaveCount(0)

    const fit = card.getByRole('group', { name: 'Fit to 9:16' })
    const blur = fit.getByRole('radio', { name: /^Blurred background/ })
    const crop = fit.getByRole('radio', { name: /^Crop/ })
    await expect(blur).toBeChecked()
    await blur.check()
    await expect
      .poll(() => previewLook(card, 'landscape.mp4'))
      .toEqual({
        fit: 'blur',
        objectFit: 'contain',
        blurredCopies: 1,
      })
    await expect(card.getByText('Not 9:16: shown whole over a blurred copy of itself.')).toBeVisible()

    // By keyboard: the arrow moves to Crop, and the preview follows.
    await blur.focus()
    await page.keyboard.press('ArrowDown')
    await expect(crop).toBeChecked()
    await expect
      .poll(() => previewLook(card, 'landscape.mp4'))
      .toEqual({
        fit: 'cover',
        objectFit: 'cover',
        blurredCopies: 0,
      })
    await expect(card.getByText('Not 9:16: cropped to fill the frame (its centre is kept).')).toBeVisible()

    // Asked right under the video it concerns (issue 30 item 9), before the Product Demo.
    const demoGroup = card.getByRole('group', { name: /^Product Demo Video/ })
    expect((await fit.boundingBox())!.y).toBeLessThan((await demoGroup.boundingBox())!.y)
    // The crop focus: the sides are cut, so it moves left or right, by keyboard, and the preview follows.
    const focus = card.getByRole('slider', { name: 'Crop focus' })
    await expect(focus).toHaveAttribute('aria-valuetext', 'Centre')
    await focus.focus()
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await expect(focus).toHaveAttribute('aria-valuetext', '10% towards the left')
    const player = card.getByTestId('overlay-preview').getByLabel('Preview of landscape.mp4')
    await expect.poll(() => player.evaluate((v) => getComputedStyle(v).objectPosition)).toBe('40% 40%')
    await expect(
      card.getByText('Not 9:16: cropped to fill the frame (the part your crop focus chose is kept).'),
    ).toBeVisible()

    await card.getByLabel('Title').fill('Wide cropped')
    await card.getByRole('button', { name: 'Create Video' }).click()
    await expect(card.getByText(MESSAGES.videoCreated)).toBeVisible({ timeout: 15_000 })
    // The form starts over: no video, no fit to choose.
    await expect(fit).toHaveCount(0)

    const item = page
      .getByRole('region', { name: 'Your Videos' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Wide cropped' }) })
    await expect(item.getByText('Ready', { exact: true })).toBeVisible({ timeout: 90_000 })
    await item.getByRole('button', { name: 'Play Wide cropped' }).click()
    const rendered = item.getByLabel('Wide cropped, rendered video')
    await expect
      .poll(() =>
        rendered.evaluate((v) => (v as HTMLVideoElement).readyState >= 1 && (v as HTMLVideoElement).duration > 0),
      )
      .toBe(true)
    expect(
      await rendered.evaluate((v) => [(v as HTMLVideoElement).videoWidth, (v as HTMLVideoElement).videoHeight]),
    ).toEqual([1080, 1920])
  })

  test('a Library clip as the Product Demo, after an uploaded hook', async ({ page }) => {
    test.setTimeout(150_000)
    await signUp(page, uniqueEmail('sources-demo'))
    const card = await openCreateTab(page)

    await card.getByLabel('Video file').setInputFiles(portraitPath)
    await expect(card.getByRole('button', { name: 'Remove video' })).toBeVisible({ timeout: 30_000 })

    await card.getByRole('tab', { name: 'Demo from Library' }).click()
    const demoList = card.getByRole('list', { name: 'Library videos for the demo' })
    // The stock clips are made at the server's first start: waits for them.
    const first = demoList.getByRole('button').first()
    await expect(first).toBeVisible({ timeout: 60_000 })
    const demoTitle = (await first.getAttribute('aria-label'))!.split(',')[0]!
    await first.click()
    await expect(first).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 })
    await expect(card.getByText(`Using ${demoTitle} from the Library.`)).toBeVisible()

    // Hook + demo: sequence by default; the preview plays the Library clip as the demo.
    const layout = card.getByRole('group', { name: 'How the two videos play' })
    await expect(layout.getByRole('radio', { name: /^Sequence/ })).toBeChecked()
    await card.getByRole('radio', { name: 'Demo', exact: true }).check()
    await expect(card.getByTestId('overlay-preview').getByLabel(`Preview of ${demoTitle}`)).toBeVisible()

    await card.getByLabel('Title').fill('Hook then stock demo')
    await card.getByRole('button', { name: 'Create Video' }).click()
    await expect(card.getByText(MESSAGES.videoCreated)).toBeVisible({ timeout: 15_000 })
    const item = page
      .getByRole('region', { name: 'Your Videos' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Hook then stock demo' }) })
    await expect(item.getByText('Hook, then demo', { exact: false })).toBeVisible()
    await expect(item.getByText('Ready', { exact: true })).toBeVisible({ timeout: 90_000 })
    await item.getByRole('button', { name: 'Play Hook then stock demo' }).click()
    const player = item.getByLabel('Hook then stock demo, rendered video')
    await expect.poll(() => player.evaluate((v) => (v as HTMLVideoElement).duration)).toBeGreaterThan(2)
  })

  test('the hook-demo route opens the Create form preset for hook + demo, marked in the side menu', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await signUp(page, uniqueEmail('sources-hook-demo'))
    await page.goto('/dashboard/hook-demo')
    await expect(page).toHaveURL('/dashboard?tab=create&preset=hook-demo')
    const card = page.getByRole('region', { name: 'Create Hook + Demo Video' })
    await expect(card).toBeVisible()
    await expect(menu(page).getByRole('link', { name: 'Create Videos' })).toHaveAttribute('aria-current', 'page')
    await expect(menu(page).locator('[aria-current="page"]')).toHaveCount(1)

    // Preset: the video from the Library's hook clips, overlays at the bottom, the demo asked for.
    await expect(card.getByRole('tab', { name: 'Library', exact: true })).toHaveAttribute('aria-selected', 'true')
    await expect(card.getByLabel('Category')).toHaveValue('Hooks')
    const hooks = card.getByRole('list', { name: 'Library videos' })
    await expect(hooks.getByRole('button').first()).toBeVisible({ timeout: 60_000 })
    await expect(card.getByLabel('Position')).toHaveValue('bottom')
    await expect(card.getByText('(plays after the hook)')).toBeVisible()

    // The Create tab's own link leads to the same place, and back to a plain form.
    await page.getByRole('link', { name: 'Create New Video' }).click()
    await expect(page).toHaveURL('/dashboard?tab=create')
    await expect(page.getByRole('region', { name: 'Create New Video' })).toBeVisible()
    await page.getByRole('link', { name: 'Create Hook + Demo Video' }).click()
    await expect(page).toHaveURL('/dashboard?tab=create&preset=hook-demo')
    await expect(page.getByRole('region', { name: 'Create Hook + Demo Video' })).toBeVisible()
  })

  test('at 375 px: a landscape clip with its fit choice, and the Library demo, nothing sticking out', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 375, height: 740 })
    await signUp(page, uniqueEmail('sources-phone'))
    const card = await openCreateTab(page)
    await card.getByLabel('Video file').setInputFiles(landscapePath)
    await expect(card.getByRole('button', { name: 'Remove video' })).toBeVisible({ timeout: 30_000 })
    const fit = card.getByRole('group', { name: 'Fit to 9:16' })
    await fit.getByRole('radio', { name: /^Crop/ }).check()
    await expect.poll(async () => (await previewLook(card, 'landscape.mp4')).fit).toBe('cover')
    await card.getByRole('tab', { name: 'Demo from Library' }).click()
    await expect(
      card.getByRole('list', { name: 'Library videos for the demo' }).getByRole('button').first(),
    ).toBeVisible({
      timeout: 60_000,
    })

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    const box = await card.getByTestId('overlay-preview').boundingBox()
    expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([280, 498])
  })
})
