import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import { expect, signUp, test, uniqueEmail } from './fixtures'
import { writeClip } from './clip'

/**
 * Overlays that suit TikTok (issue 21 item 4, ADR 031): the text styles and sizes, editing an overlay in place, moving
 * it on the preview by keyboard (and pointer), start and end times, the TikTok safe-zone guide, the player's controls
 * below the frame, then the render played back — on a desktop and on a 375 px phone.
 */

let dir = ''
let portraitPath = ''

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookpost-overlays-e2e-'))
  portraitPath = path.join(dir, 'portrait.mp4')
  // 3 s of 540×960 (9:16) H.264 + AAC at 30 fps.
  writeClip(portraitPath, { size: '540x960', seconds: 3 })
})

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

function createCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Create New Video' })
}

async function openCreateTab(page: Page) {
  await page.goto('/dashboard?tab=create')
  await expect(createCard(page).getByRole('button', { name: 'Create Video' })).toBeVisible()
}

/** Uploads the 3 s portrait clip and waits until the server has measured it. */
async function uploadClip(card: Locator) {
  await card.getByLabel('Video file').setInputFiles(portraitPath)
  await expect(card.getByRole('button', { name: 'Remove video' })).toBeVisible({ timeout: 30_000 })
}

const canvasOf = (card: Locator) => card.getByRole('img', { name: /text overlays/ })

/** Moves the preview's time slider as a person dragging it would (an input event React hears). */
async function seek(slider: Locator, ms: number) {
  await slider.evaluate((node, value) => {
    const input = node as HTMLInputElement
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, String(value))
    input.dispatchEvent(new Event('input', { bubbles: true }))
  }, ms)
}

test.describe('Overlays that suit TikTok', () => {
  test('add with a style, edit in place, move by keyboard, time it, safe zone, render and play', async ({ page }) => {
    test.setTimeout(180_000)
    await signUp(page, uniqueEmail('overlays'))
    await openCreateTab(page)
    const card = createCard(page)
    await uploadClip(card)
    await card.getByLabel('Title').fill('Styled hook')

    // The sizes are the 1080 px frame's; the largest is a headline.
    await expect(card.getByLabel('Font size').getByRole('option')).toHaveText([
      'Small (56 px)',
      'Medium (72 px)',
      'Large (96 px)',
      'X-Large (120 px)',
    ])
    await expect(card.getByLabel('Position').getByRole('option')).toHaveText(['Top', 'Middle', 'Bottom'])

    // Add: a yellow headline in a background box, at the top.
    await card.getByLabel('Overlay text').fill('Stop scrolling')
    await card.getByLabel('Position').selectOption({ label: 'Top' })
    await card.getByLabel('Font size').selectOption({ label: 'X-Large (120 px)' })
    await card.getByLabel('Text style').selectOption({ label: 'Background box' })
    await card.getByRole('radio', { name: 'Yellow' }).check()
    await card.getByRole('button', { name: 'Add Overlay' }).click()
    const list = card.getByRole('list', { name: 'Text overlays' })
    await expect(list.getByText('Top · Yellow · X-Large (120 px) · Bold · Background box')).toBeVisible()
    await expect(canvasOf(card)).toHaveAccessibleName('The video with text overlays: “Stop scrolling”')

    // Edit it in place: new text, the shadow style, the bottom.
    await list.getByRole('button', { name: 'Edit “Stop scrolling”' }).click()
    const editor = list.getByRole('group', { name: 'Edit text overlay' })
    await expect(editor.getByLabel('Overlay text')).toHaveValue('Stop scrolling')
    await expect(editor.getByLabel('Text style')).toHaveValue('box')
    await editor.getByLabel('Overlay text').fill('Stop scrolling now')
    await editor.getByLabel('Text style').selectOption({ label: 'Shadow' })
    await editor.getByLabel('Position').selectOption({ label: 'Bottom' })
    await editor.getByRole('button', { name: 'Save changes' }).click()
    await expect(editor).toHaveCount(0)
    await expect(list.getByText('Bottom · Yellow · X-Large (120 px) · Bold · Shadow')).toBeVisible()
    await expect(list.getByRole('button', { name: 'Edit “Stop scrolling now”' })).toBeFocused()
    await expect(canvasOf(card)).toHaveAccessibleName('The video with text overlays: “Stop scrolling now”')

    // Timing: an end past the 3 s video is refused in words; 1–2 s is taken and shown in the list.
    await card.getByLabel('Overlay text').fill('Wait for it')
    await card.getByLabel('Start (s)').fill('1')
    await card.getByLabel('End (s)').fill('9')
    await card.getByRole('button', { name: 'Add Overlay' }).click()
    await expect(card.getByText('The overlay must end by the end of the video')).toBeVisible()
    await expect(list.getByRole('listitem')).toHaveCount(1)
    await card.getByLabel('End (s)').fill('2')
    await card.getByRole('button', { name: 'Add Overlay' }).click()
    await expect(list.getByRole('listitem')).toHaveCount(2)
    await expect(list.getByText(/Background box · 1–2 s$/)).toBeVisible()

    // The preview's own controls sit below the frame; the timed overlay shows only between 1 and 2 s.
    const frame = card.getByTestId('overlay-preview')
    const play = card.getByRole('button', { name: 'Play preview' })
    const frameBox = await frame.boundingBox()
    const playBox = await play.boundingBox()
    if (!frameBox || !playBox) throw new Error('the preview is not laid out')
    expect(playBox.y).toBeGreaterThanOrEqual(frameBox.y + frameBox.height)
    await expect(card.getByLabel('Preview of portrait.mp4')).not.toHaveAttribute('controls')
    const time = card.getByLabel('Preview time')
    await seek(time, 0)
    await expect(canvasOf(card)).toHaveAccessibleName('The video with text overlays: “Stop scrolling now”')
    await seek(time, 1500)
    await expect(canvasOf(card)).toHaveAccessibleName(
      'The video with text overlays: “Stop scrolling now”, “Wait for it”',
    )
    await seek(time, 2500)
    await expect(canvasOf(card)).toHaveAccessibleName('The video with text overlays: “Stop scrolling now”')

    // The TikTok safe zone, labelled, toggled.
    const guide = card.getByTestId('safe-zone-guide')
    await expect(guide.getByText('Top bar')).toBeVisible()
    await expect(guide.getByText('Buttons')).toBeVisible()
    await expect(guide.getByText('Caption')).toBeVisible()
    await card.getByLabel('Show TikTok safe zone').uncheck()
    await expect(guide).toHaveCount(0)
    await card.getByLabel('Show TikTok safe zone').check()
    await expect(guide).toBeVisible()

    // Move it on the preview by keyboard: up 5 % twice, then 1 % right. It gets a custom position.
    const handle = card.getByRole('button', { name: 'Move “Stop scrolling now” on the preview' })
    const before = await handle.boundingBox()
    await handle.focus()
    await page.keyboard.press('Shift+ArrowUp')
    await page.keyboard.press('Shift+ArrowUp')
    await page.keyboard.press('ArrowRight')
    await expect(list.getByText(/^Custom position · Yellow · X-Large \(120 px\)/)).toBeVisible()
    await expect(handle).toBeFocused()
    const after = await handle.boundingBox()
    if (!before || !after) throw new Error('the overlay handle is not laid out')
    // 10 % of the 498 px preview is ~50 px.
    expect(before.y - after.y).toBeGreaterThan(40)

    // And with the pointer: drag it up another 60 px.
    await page.mouse.move(after.x + after.width / 2, after.y + after.height / 2)
    await page.mouse.down()
    await page.mouse.move(after.x + after.width / 2, after.y + after.height / 2 - 30, { steps: 4 })
    await page.mouse.move(after.x + after.width / 2, after.y + after.height / 2 - 60, { steps: 4 })
    await page.mouse.up()
    const dragged = await handle.boundingBox()
    expect(after.y - (dragged?.y ?? after.y)).toBeGreaterThan(45)

    // Render it, and see it play.
    await card.getByRole('button', { name: 'Create Video' }).click()
    await expect(card.getByText(MESSAGES.videoCreated)).toBeVisible({ timeout: 15_000 })
    const item = page
      .getByRole('region', { name: 'Your Videos' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Styled hook' }) })
    await expect(item.getByText('Ready', { exact: true })).toBeVisible({ timeout: 120_000 })
    await item.getByRole('button', { name: 'Play Styled hook' }).click()
    const player = item.getByLabel('Styled hook, rendered video')
    await expect
      .poll(() =>
        player.evaluate((v) => (v as HTMLVideoElement).readyState >= 2 && (v as HTMLVideoElement).duration > 2),
      )
      .toBe(true)
    await item.getByRole('button', { name: 'Details of Styled hook' }).click()
    await expect(item.getByText(/Custom position · Yellow · X-Large \(120 px\) · Bold · Shadow/)).toBeVisible()
    await expect(item.getByText(/1–2 s/)).toBeVisible()
  })

  test('on a 375 px phone: the form, the preview with its controls and safe zone, keyboard moves', async ({ page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 375, height: 740 })
    await signUp(page, uniqueEmail('overlays-phone'))
    await openCreateTab(page)
    const card = createCard(page)
    await uploadClip(card)

    await card.getByLabel('Overlay text').fill('Watch till the end')
    await card.getByLabel('Text style').selectOption({ label: 'Background box' })
    await card.getByLabel('Overlay text').press('Enter')
    const list = card.getByRole('list', { name: 'Text overlays' })
    await expect(list.getByText(/Middle · White · Medium \(72 px\) · Bold · Background box/)).toBeVisible()

    await list.getByRole('button', { name: 'Edit “Watch till the end”' }).click()
    const editor = list.getByRole('group', { name: 'Edit text overlay' })
    await editor.getByLabel('End (s)').fill('1.5')
    await editor.getByRole('button', { name: 'Save changes' }).click()
    await expect(list.getByText(/Until 1\.5 s$/)).toBeVisible()

    const preview = card.getByTestId('overlay-preview')
    await preview.scrollIntoViewIfNeeded()
    const box = await preview.boundingBox()
    expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([280, 498])
    await expect(card.getByTestId('safe-zone-guide').getByText('Caption')).toBeVisible()
    await expect(card.getByRole('button', { name: 'Play preview' })).toBeVisible()

    const handle = card.getByRole('button', { name: 'Move “Watch till the end” on the preview' })
    await handle.focus()
    await page.keyboard.press('Shift+ArrowDown')
    await expect(list.getByText(/^Custom position · White/)).toBeVisible()

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
