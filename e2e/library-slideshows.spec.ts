import type { Locator, Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import type { CreatedVideo } from '@hookpost/shared/studio'
import type { Slideshow } from '@hookpost/shared/slideshows'
import { expect, openFromDashboardMenu, signUp, test, uniqueEmail } from './fixtures'
import { colourImages, type ColourImages } from './images'

/**
 * Issue 29, "Slideshows live in the Library": two slideshows made in the Create tab appear in the Create Videos
 * Library under Slideshows. The one not exported says how to get a video and links to it in the Slideshow studio;
 * exported there, it turns into a video in the open Library without a reload, and is chosen as the video source. At
 * 375 px the Library with a slideshow's card has no sideways scroll.
 */

const COLOURS = ['darkorange', 'teal'] as const
let images: ColourImages | undefined
const imagePath = (colour: string) => images!.path(colour)

test.beforeAll(() => {
  images = colourImages(COLOURS)
})

test.afterAll(() => images?.remove())

/** A slideshow of the given images (uploaded into the gallery, or the gallery's first image again), saved. */
async function saveSlideshow(page: Page, title: string, slides: (typeof COLOURS)[number][] | 'from-gallery') {
  const editor = page.getByRole('region', { name: 'Create New Slideshow' })
  await expect(editor).toBeVisible({ timeout: 20_000 })
  const list = editor.getByRole('list', { name: 'Slides' }).getByRole('listitem')
  if (slides === 'from-gallery') {
    await editor.getByRole('list', { name: 'Saved images' }).getByRole('button').first().click()
    await expect(list).toHaveCount(1)
  } else {
    for (const [i, colour] of slides.entries()) {
      await editor.getByLabel('Upload an image').setInputFiles(imagePath(colour))
      await expect(list).toHaveCount(i + 1, { timeout: 20_000 })
    }
  }
  await editor.getByLabel(/Slideshow title/).fill(title)
  await editor.getByRole('button', { name: 'Save slideshow' }).click()
  await expect(editor.getByText('Slideshow saved. Its slides are rendering below.')).toBeVisible()
  const item = page.getByRole('listitem', { name: `Slideshow “${title}”` })
  await expect(item.getByRole('list', { name: `Rendered slides of “${title}”` }).getByRole('img')).toHaveCount(
    slides === 'from-gallery' ? 1 : slides.length,
    { timeout: 90_000 },
  )
}

/** The Create Videos form's Library, on the Slideshows category. */
async function slideshowLibrary(page: Page): Promise<Locator> {
  const card = page.getByRole('region', { name: 'Create New Video' })
  await card.getByRole('tab', { name: 'Library', exact: true }).click()
  const list = card.getByRole('list', { name: 'Library videos' })
  await expect(list).toBeVisible({ timeout: 30_000 })
  await card.getByLabel('Category').selectOption('Slideshows')
  return list
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)

test('a slideshow exported as a video in the studio joins the open Library and is chosen as the video source', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await signUp(page, uniqueEmail('library-slides'))
  await openFromDashboardMenu(page, 'Create Videos')
  await page.getByRole('radio', { name: 'Slideshow', exact: true }).check()
  await saveSlideshow(page, 'Sunrise tips', [...COLOURS])
  await saveSlideshow(page, 'Night notes', 'from-gallery')

  // Create Videos: both slideshows in the Library, newest first, neither a video yet.
  await page.getByRole('radio', { name: 'Video', exact: true }).check()
  let list = await slideshowLibrary(page)
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await expect(list.getByRole('button')).toHaveCount(0)
  const sunrise = list.getByRole('group', { name: 'Sunrise tips, Slideshows, 2 slides, Not a video yet' })
  await expect(list.getByRole('group').first()).toHaveAccessibleName(/^Night notes, Slideshows, 1 slide,/)
  await expect(sunrise.getByText('Use “Export as video” in the Slideshow studio, then choose it here.')).toBeVisible()
  // Its thumbnail is the rendered cover slide.
  await expect.poll(() => sunrise.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1080)

  // The link opens it in the Slideshow studio, in view and focused, saying what to do.
  await sunrise.getByRole('link', { name: 'Open in Slideshow studio: “Sunrise tips”' }).click()
  await expect(page).toHaveURL(/[?&]make=slideshow&slideshow=[0-9a-f-]{36}$/)
  const item = page.getByRole('listitem', { name: 'Slideshow “Sunrise tips”' })
  await expect(item).toBeFocused({ timeout: 20_000 })
  await expect(item.getByText(/To use it as a video, choose “Export as video” below/)).toBeVisible()
  await expect(item).toBeInViewport()

  // A long export (10 s a slide), so the Library is open before it ends: it must turn into a video there, live.
  await item.getByLabel('Seconds per slide').selectOption('10')
  await item.getByRole('button', { name: 'Export “Sunrise tips” as video' }).click()
  await expect(item.getByText('Making the video... This may take a minute.')).toBeVisible()
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))
  await page.getByRole('radio', { name: 'Video', exact: true }).check()
  list = await slideshowLibrary(page)
  await expect(list.getByRole('group', { name: /^Sunrise tips, .*Exporting as a video…$/ })).toBeVisible()
  const video = list.getByRole('button', { name: /^Sunrise tips, Slideshows, 2 slides, 0:2\d$/ })
  await expect(video).toBeVisible({ timeout: 150_000 })
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)

  // Chosen like any video: the preview plays the exported MP4, and Create sends it as the source.
  await video.click()
  const form = page.getByRole('region', { name: 'Create New Video' })
  await expect(form.getByText('Using Sunrise tips from the Library.')).toBeVisible({ timeout: 15_000 })
  await expect(video).toHaveAttribute('aria-pressed', 'true')
  const preview = form.getByLabel('Preview of Sunrise tips')
  await expect.poll(() => preview.evaluate((v) => (v as HTMLVideoElement).videoHeight)).toBe(1920)
  await form.getByLabel('Title').fill('From my slideshow')
  await form.getByRole('button', { name: 'Create Video' }).click()
  await expect(form.getByText(MESSAGES.videoCreated)).toBeVisible({ timeout: 15_000 })

  const { slideshows } = (await (await page.request.get('/api/slideshows')).json()) as { slideshows: Slideshow[] }
  const exported = slideshows.find((s) => s.title === 'Sunrise tips')!
  const { videos } = (await (await page.request.get('/api/videos')).json()) as { videos: CreatedVideo[] }
  const created = videos.find((v) => v.title === 'From my slideshow')!
  expect(created.source).toMatchObject({ mediaId: exported.export.mediaId })
  // Its render is not what this test is about: stop it, so it does not hold the cores.
  expect((await page.request.delete(`/api/videos/${created.id}`)).status()).toBe(204)
})

test('the Library with a slideshow at 375 px: no sideways scroll, its card and link within the screen', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 375, height: 800 })
  await signUp(page, uniqueEmail('library-slides-phone'))
  await openFromDashboardMenu(page, 'Create Videos')
  await page.getByRole('radio', { name: 'Slideshow', exact: true }).check()
  await saveSlideshow(page, 'A slideshow with a rather long title for a phone', [COLOURS[0]])
  await noSidewaysScroll(page)

  await page.getByRole('radio', { name: 'Video', exact: true }).check()
  const list = await slideshowLibrary(page)
  const card = list.getByRole('group', { name: /^A slideshow with a rather long title/ })
  await expect(card).toBeVisible()
  const link = card.getByRole('link', { name: /^Open in Slideshow studio/ })
  await link.scrollIntoViewIfNeeded()
  for (const [name, box] of [
    ['card', await card.boundingBox()],
    ['link', await link.boundingBox()],
  ] as const) {
    expect(box && box.x >= 0 && box.x + box.width <= 375, name).toBe(true)
  }
  await noSidewaysScroll(page)
  // Beside the stock clips' video cards too.
  await page.getByRole('region', { name: 'Create New Video' }).getByLabel('Category').selectOption('All categories')
  await expect(list.getByRole('button').first()).toBeVisible()
  await noSidewaysScroll(page)

  // By keyboard: the link is reached and followed.
  await link.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('listitem', { name: /^Slideshow “A slideshow with a rather long title/ })).toBeFocused({
    timeout: 20_000,
  })
  await noSidewaysScroll(page)
})
