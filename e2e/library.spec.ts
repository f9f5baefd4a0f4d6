import type { Locator, Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import { expect, openFromDashboardMenu, signUp, test, uniqueEmail } from './fixtures'

/**
 * The Library tab of Create New Video against the real server: the stock clips it made with ffmpeg at start (real
 * 9:16 MP4s with thumbnails), filtered and searched, one chosen as the video, rendered with an overlay, and the
 * result back in the Library under "My videos", live.
 */

function createCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Create New Video' })
}

async function openLibrary(page: Page): Promise<Locator> {
  await openFromDashboardMenu(page, 'Create Videos')
  await expect(page).toHaveURL('/dashboard?tab=create')
  const card = createCard(page)
  await card.getByRole('tab', { name: 'Library', exact: true }).click()
  // The server makes its 13 stock clips on first start: the list fills in as they are made (a minute or two on a
  // busy machine).
  await expect(card.getByRole('list', { name: 'Library videos' }).getByRole('button')).toHaveCount(13, {
    timeout: 150_000,
  })
  return card.getByRole('list', { name: 'Library videos' })
}

const names = (list: Locator) =>
  list.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')?.split(',')[0]))

test.describe('Library', () => {
  test('filter and search the stock clips, make a video from one, find it under My videos', async ({ page }) => {
    test.setTimeout(240_000)
    await page.setViewportSize({ width: 375, height: 800 })
    await signUp(page, uniqueEmail('library'))
    const list = await openLibrary(page)
    const card = createCard(page)

    // Every thumbnail is a real image.
    await expect
      .poll(() =>
        list.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth === 360)),
      )
      .toBe(true)

    await card.getByRole('radio', { name: 'My videos' }).check()
    await expect(card.getByText('Videos you create appear here once they are rendered.')).toBeVisible()
    await card.getByRole('radio', { name: 'Stock videos' }).check()
    await card.getByLabel('Category').selectOption('Hooks')
    await expect.poll(() => names(list)).toEqual(['Wait for it…', 'Stop scrolling', 'You need this'])
    await card.getByLabel('Category').selectOption('All categories')
    await card.getByLabel('Search videos').fill('INTEGRATIONS sync')
    await expect.poll(() => names(list)).toEqual(['Connect your tools'])
    await expect(card.getByText('1 video', { exact: true })).toBeVisible()
    await card.getByLabel('Search videos').fill('')
    await card.getByRole('radio', { name: 'All videos' }).check()

    // Choose one: it becomes the video, and the preview plays the stock clip.
    await list.getByRole('button', { name: /^Feature tour,/ }).click()
    await expect(card.getByText('Using Feature tour from the Library.')).toBeVisible({ timeout: 15_000 })
    await expect(list.getByRole('button', { name: /^Feature tour,/ })).toHaveAttribute('aria-pressed', 'true')
    const preview = card.getByLabel('Preview of Feature tour')
    await expect
      .poll(() => preview.evaluate((v) => (v as HTMLVideoElement).readyState >= 1 && (v as HTMLVideoElement).duration))
      .toBeGreaterThan(3.5)
    expect(await preview.evaluate((v) => (v as HTMLVideoElement).videoHeight)).toBe(1920)

    await card.getByLabel('Title').fill('Stock launch')
    await card.getByLabel('Overlay text').fill('Out today')
    await card.getByRole('button', { name: 'Add Overlay' }).click()
    await card.getByRole('button', { name: 'Create Video' }).click()
    await expect(card.getByText(MESSAGES.videoCreated)).toBeVisible({ timeout: 15_000 })
    await expect(card.getByText('Using Feature tour from the Library.')).toHaveCount(0)

    const item = page
      .getByRole('region', { name: 'Your Videos' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Stock launch' }) })
    await expect(item.getByText('Ready', { exact: true })).toBeVisible({ timeout: 90_000 })

    // Rendered, it is in the Library under My videos, without a reload; choosing it uses the rendered file.
    await card.getByRole('radio', { name: 'My videos' }).check()
    await expect.poll(() => names(list), { timeout: 15_000 }).toEqual(['Stock launch'])
    await list.getByRole('button', { name: /^Stock launch,/ }).click()
    await expect(card.getByText('Using Stock launch from the Library.')).toBeVisible({ timeout: 15_000 })
    const mine = card.getByLabel('Preview of Stock launch')
    await expect.poll(() => mine.evaluate((v) => (v as HTMLVideoElement).videoHeight)).toBe(1920)

    // Nothing sticks out sideways on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
