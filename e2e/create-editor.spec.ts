import type { Locator, Page } from '@playwright/test'
import { expect, openFromDashboardMenu, signUp, test, uniqueEmail } from './fixtures'

/**
 * The Create editor's guidance (issue 30 items 9 and 10): an overlay dragged (or nudged) under TikTok's interface is
 * warned about while it is there, and on a 375 px phone a small preview floats beside the overlay being typed while the
 * full one is off screen.
 */

async function openCreate(page: Page): Promise<Locator> {
  await openFromDashboardMenu(page, 'Create Videos')
  const card = page.getByRole('region', { name: 'Create New Video' })
  await expect(card.getByRole('button', { name: 'Create Video' })).toBeVisible()
  return card
}

async function addOverlay(card: Locator, text: string) {
  await card.getByLabel('Overlay text').fill(text)
  await card.getByRole('button', { name: 'Add Overlay' }).click()
  await expect(card.getByRole('list', { name: 'Text overlays' }).getByText(text)).toBeVisible()
}

const WARNING =
  '“Stop scrolling” sits under TikTok’s caption and sound bar: drag it into the clear area so viewers can read it.'

test('an overlay moved under TikTok’s caption is warned about until it leaves', async ({ page }) => {
  await signUp(page, uniqueEmail('safe-zone'))
  const card = await openCreate(page)
  await addOverlay(card, 'Stop scrolling')
  const safeZone = card.getByRole('status', { name: 'Safe zone' })
  await expect(safeZone).toHaveText('')

  // By keyboard, as a person without a mouse moves it: Shift+Down moves 5 % of the frame.
  const handle = card.getByRole('button', { name: 'Move “Stop scrolling” on the preview' })
  await handle.focus()
  for (let i = 0; i < 8; i++) await page.keyboard.press('Shift+ArrowDown')
  await expect(safeZone.getByText(WARNING)).toBeVisible()
  for (let i = 0; i < 8; i++) await page.keyboard.press('Shift+ArrowUp')
  await expect(safeZone).toHaveText('')
  // Wide screens keep the full preview beside the form: no small one.
  await expect(page.getByTestId('mini-preview')).toBeHidden()
})

test('at 375 px a small preview follows the overlay being typed while the full one is off screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await signUp(page, uniqueEmail('mini-preview'))
  const card = await openCreate(page)
  const mini = page.getByTestId('mini-preview')
  // Nothing chosen or written yet: nothing to show.
  await expect(mini).toBeHidden()

  await addOverlay(card, 'Wait for the flip')
  await expect(mini).toBeVisible()
  const box = (await mini.boundingBox())!
  expect(box.width).toBeLessThan(130)
  expect(box.x + box.width).toBeLessThanOrEqual(375)

  // It leads to the full preview, and steps aside while that one is on screen.
  await mini.getByRole('button', { name: 'Show the full preview' }).click()
  await expect(card.getByTestId('overlay-preview')).toBeInViewport()
  await expect(mini).toBeHidden()
  await card.getByLabel('Overlay text').scrollIntoViewIfNeeded()
  await expect(mini).toBeVisible()

  // It can be put away.
  await mini.getByRole('button', { name: 'Hide the small preview' }).click()
  await expect(mini).toBeHidden()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})
