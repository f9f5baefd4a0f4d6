import type { Locator, Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import type { Slideshow } from '@hookpost/shared/slideshows'
import {
  connectSandboxCreator,
  expect,
  openFromDashboardMenu,
  signUp,
  test,
  uniqueEmail,
  uniqueHandle,
} from './fixtures'
import { colourImages, type ColourImages } from './images'
import { jpegSize } from './jpeg'

/**
 * Issue 29: a slideshow made in the Create tab (5 slides, a hook on the first) is rendered by the server, scheduled as
 * a direct photo post, posted now, and the sandbox's creator page shows it as a photo post of 5 images in order —
 * 1080×1920 JPEGs, the first carrying the hook.
 */

const COLOURS = ['crimson', 'seagreen', 'royalblue', 'goldenrod'] as const
let images: ColourImages | undefined
const imagePath = (colour: string) => images!.path(colour)

test.beforeAll(() => {
  images = colourImages(COLOURS)
})

test.afterAll(() => images?.remove())

const sandboxUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`

async function nav(page: Page, tab: string) {
  await openFromDashboardMenu(page, tab)
}

async function openSlideshowStudio(page: Page): Promise<Locator> {
  await nav(page, 'Create Videos')
  await page.getByRole('radio', { name: 'Slideshow' }).check()
  const editor = page.getByRole('region', { name: 'Create New Slideshow' })
  await expect(editor).toBeVisible({ timeout: 20_000 })
  return editor
}

/** Uploads an image in the editor's gallery: it joins the gallery and becomes the next slide. */
async function uploadSlide(editor: Locator, colour: string, slides: number) {
  await editor.getByLabel('Upload an image').setInputFiles(imagePath(colour))
  await expect(editor.getByRole('list', { name: 'Slides' }).getByRole('listitem')).toHaveCount(slides, {
    timeout: 20_000,
  })
}

async function slideshowBytes(page: Page, url: string): Promise<Buffer> {
  const res = await page.request.get(url)
  expect(res.status(), url).toBe(200)
  return res.body()
}

test('a 5-slide slideshow with a hook: rendered, posted as a photo post, 5 JPEGs in order on TikTok', async ({
  page,
}) => {
  test.setTimeout(300_000)
  const username = uniqueHandle('slides')
  const displayName = `Sol ${username.slice(-6)}`
  await signUp(page, uniqueEmail('slideshow'))
  await connectSandboxCreator(page, displayName, username)

  const editor = await openSlideshowStudio(page)
  // Slides 1 and 2 share a background: only slide 1 gets the hook, so their renders differ by the text alone.
  await uploadSlide(editor, COLOURS[0], 1)
  await editor.getByRole('list', { name: 'Saved images' }).getByRole('button').first().click()
  await expect(editor.getByRole('list', { name: 'Slides' }).getByRole('listitem')).toHaveCount(2)
  await uploadSlide(editor, COLOURS[1], 3)
  await uploadSlide(editor, COLOURS[2], 4)
  await uploadSlide(editor, COLOURS[3], 5)

  await editor.getByRole('button', { name: 'Edit slide 1' }).click()
  await expect(editor.getByRole('group', { name: 'Text on slide 1' })).toBeVisible()
  await editor.getByLabel('Overlay text').fill('STOP SCROLLING')
  await editor.getByRole('button', { name: 'Add Overlay' }).click()
  await expect(editor.getByRole('img', { name: /Slide 1 with text overlays: “STOP SCROLLING”/ })).toBeVisible()
  await editor.getByLabel(/Slideshow title/).fill('Five colour facts')
  await editor.getByRole('button', { name: 'Save slideshow' }).click()
  await expect(editor.getByText('Slideshow saved. Its slides are rendering below.')).toBeVisible()

  // The render is followed live (no reload): the rendered slides appear in the list.
  const item = page.getByRole('listitem', { name: 'Slideshow “Five colour facts”' })
  const rendered = item.getByRole('list', { name: 'Rendered slides of “Five colour facts”' })
  await expect(rendered.getByRole('img')).toHaveCount(5, { timeout: 120_000 })
  const { slideshows } = (await (await page.request.get('/api/slideshows')).json()) as { slideshows: Slideshow[] }
  const slideshow = slideshows.find((s) => s.title === 'Five colour facts')!
  expect(slideshow.state).toBe('processed')
  const appSlides = await Promise.all(slideshow.slides.map((s) => slideshowBytes(page, s.imageUrl!)))

  // Schedule it from the studio (format Slideshow preselected), for tomorrow; then Post now from the Schedule tab.
  await item.getByRole('button', { name: 'Schedule “Five colour facts”' }).click()
  const dialog = page.getByRole('dialog', { name: 'Schedule Slideshow for TikTok' })
  await expect(dialog.getByRole('radio', { name: 'Slideshow' })).toBeChecked()
  await expect(dialog.getByRole('radio', { name: /Five colour facts/ })).toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: 'Allow Duet' })).toHaveCount(0)
  await dialog.getByLabel('Who can view this video').selectOption({ label: 'Everyone' })
  await dialog.getByRole('button', { name: 'Schedule for TikTok' }).click()
  // ADR 042: the dialog closes and the Schedule tab shows the post.
  await expect(dialog).toBeHidden({ timeout: 15_000 })
  await expect(page).toHaveURL('/dashboard?tab=schedule')
  await expect(page.getByRole('region', { name: MESSAGES.videoScheduled })).toBeVisible()
  const panel = page.getByRole('region', { name: 'Scheduled Videos' })
  await panel.getByRole('button', { name: 'List' }).click()
  const row = panel
    .getByRole('list', { name: 'Scheduled videos' })
    .getByRole('listitem')
    .filter({ hasText: 'Five colour facts' })
  await expect(row.locator('[data-format="photo"]')).toHaveText('Slideshow')
  await row.getByRole('button', { name: 'Post Five colour facts now' }).click()
  await page
    .getByRole('dialog', { name: 'Post “Five colour facts” now?' })
    .getByRole('button', { name: 'Post now' })
    .click()
  await expect(row.locator('[data-status="uploaded"]')).toHaveText('Uploaded', { timeout: 150_000 })

  // TikTok (the sandbox): a published photo post, its 5 images in order, the very JPEGs Hookpost rendered.
  await page.goto(`${sandboxUrl}/creators/${username}`)
  const images = page.getByRole('group', { name: /^Slides of / }).getByRole('img')
  await expect(images).toHaveCount(5)
  for (let i = 0; i < 5; i++) {
    await expect(images.nth(i)).toHaveAttribute('alt', `Slide ${i + 1} of 5`)
    const bytes = await slideshowBytes(page, (await images.nth(i).getAttribute('src'))!)
    expect(jpegSize(bytes), `slide ${i + 1}`).toEqual({ width: 1080, height: 1920 })
    expect(bytes.equals(appSlides[i]!), `slide ${i + 1} is Hookpost's slide ${i + 1}`).toBe(true)
  }
  // Same background, the hook only on the first: the first slide carries the text.
  expect(appSlides[0]!.equals(appSlides[1]!)).toBe(false)
})

test('the slideshow editor at 375 px: no sideways scroll, its controls reachable', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 375, height: 760 })
  await signUp(page, uniqueEmail('slideshow-phone'))
  const editor = await openSlideshowStudio(page)
  await uploadSlide(editor, COLOURS[0], 1)
  await uploadSlide(editor, COLOURS[1], 2)
  const noSidewaysScroll = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
  await noSidewaysScroll()
  for (const name of ['Move slide 1 down', 'Remove slide 2', 'Save slideshow']) {
    const control = editor.getByRole('button', { name })
    await control.scrollIntoViewIfNeeded()
    const box = await control.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 375, name).toBe(true)
  }
  // By keyboard: slide 1 goes down, and the new position is announced.
  await editor.getByRole('button', { name: 'Move slide 1 down' }).focus()
  await page.keyboard.press('Enter')
  await expect(editor.getByText('Moved slide 1 to position 2 of 2.')).toBeAttached()
  await expect(editor.getByRole('button', { name: 'Move slide 2 up' })).toBeFocused()
  await noSidewaysScroll()
})
