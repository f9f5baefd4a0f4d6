import type { Locator, Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import { VIDEO_DRAFT_MESSAGES } from '@hookpost/shared/studio'
import { expect, openFromDashboardMenu, signUp, test, uniqueEmail } from './fixtures'

/**
 * The Create form's draft (issue 30 item 2) against the real server: what the form holds is saved as the person types
 * and is back after a reload and after another dashboard tab; a rendered video opens in the form again as a new draft
 * ("Edit as new"); a saved hook on the Create Hooks tab starts a video ("Make this video"), replacing a draft with work
 * in it only after asking.
 */

async function openTab(page: Page, name: 'Create Videos' | 'Create Hooks') {
  await openFromDashboardMenu(page, name)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

async function createCard(page: Page): Promise<Locator> {
  const card = page.getByRole('region', { name: 'Create New Video' })
  await expect(card.getByRole('button', { name: 'Create Video' })).toBeVisible()
  return card
}

/** Chooses the first Library clip as the video; returns its title. */
async function pickLibraryClip(card: Locator): Promise<string> {
  await card.getByRole('tab', { name: 'Library', exact: true }).click()
  const clip = card.getByRole('list', { name: 'Library videos' }).getByRole('button').first()
  // The stock clips are made at the server's first start: waits for them.
  await expect(clip).toBeVisible({ timeout: 60_000 })
  const title = (await clip.getAttribute('aria-label'))!.split(',')[0]!
  await clip.click()
  await expect(card.getByText(`Using ${title} from the Library.`)).toBeVisible({ timeout: 30_000 })
  return title
}

async function addOverlay(card: Locator, text: string) {
  await card.getByLabel('Overlay text').fill(text)
  await card.getByRole('button', { name: 'Add Overlay' }).click()
  await expect(card.getByRole('list', { name: 'Text overlays' }).getByText(text)).toBeVisible()
}

const overlayItems = (card: Locator) => card.getByRole('list', { name: 'Text overlays' }).getByRole('listitem')

async function expectFilled(card: Locator, clip: string) {
  await expect(card.getByLabel('Title')).toHaveValue('Pancakes in five')
  await expect(card.getByText(`Using ${clip} from the Library.`)).toBeVisible({ timeout: 30_000 })
  await expect(overlayItems(card)).toHaveCount(2)
  await expect(overlayItems(card).nth(0)).toContainText('Stop scrolling')
  await expect(overlayItems(card).nth(0)).toContainText('Top · Yellow')
  await expect(overlayItems(card).nth(1)).toContainText('Recipe below')
  await expect(card.getByText(VIDEO_DRAFT_MESSAGES.saved)).toBeVisible()
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: '375 px', width: 375, height: 800 },
]) {
  test(`${viewport.name}: the form is back after a reload and after another tab`, async ({ page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(viewport)
    await signUp(page, uniqueEmail('drafts-restore'))
    await openTab(page, 'Create Videos')
    const card = await createCard(page)

    await card.getByLabel('Title').fill('Pancakes in five')
    const clip = await pickLibraryClip(card)
    await card.getByLabel('Overlay text').fill('Stop scrolling')
    await card.getByLabel('Position').selectOption({ label: 'Top' })
    await card.getByRole('radio', { name: 'Yellow' }).check()
    await card.getByRole('button', { name: 'Add Overlay' }).click()
    await addOverlay(card, 'Recipe below')
    await expect(card.getByText(VIDEO_DRAFT_MESSAGES.saved)).toBeVisible({ timeout: 15_000 })

    await page.reload()
    await expectFilled(await createCard(page), clip)

    await openTab(page, 'Create Hooks')
    await openTab(page, 'Create Videos')
    await expectFilled(await createCard(page), clip)

    // A change made just before leaving is not lost either.
    await card.getByLabel('Description').fill('Breakfast #quick')
    await openTab(page, 'Create Hooks')
    await openTab(page, 'Create Videos')
    await expect((await createCard(page)).getByLabel('Description')).toHaveValue('Breakfast #quick')

    // Nothing sticks out sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)

    // Start over clears it, after asking; a reload keeps it cleared.
    await card.getByRole('button', { name: 'Start over' }).click()
    const dialog = page.getByRole('dialog', { name: 'Start over?' })
    await dialog.getByRole('button', { name: 'Discard draft' }).click()
    await expect(card.getByLabel('Title')).toHaveValue('')
    await expect(card.getByRole('button', { name: 'Start over' })).toHaveCount(0)
    await expect(card.getByText(VIDEO_DRAFT_MESSAGES.saving)).toHaveCount(0)
    await page.reload()
    await expect((await createCard(page)).getByLabel('Title')).toHaveValue('')
    await expect(overlayItems(card)).toHaveCount(0)
  })
}

test('Edit as new opens a rendered video in the form as a new draft; the video stays as it was', async ({ page }) => {
  test.setTimeout(180_000)
  await signUp(page, uniqueEmail('drafts-edit-as-new'))
  await openTab(page, 'Create Videos')
  const card = await createCard(page)
  await card.getByLabel('Title').fill('Pancakes in five')
  await card.getByLabel('Description').fill('Breakfast #quick')
  await pickLibraryClip(card)
  await addOverlay(card, 'Stop scrolling')
  await card.getByRole('button', { name: 'Create Video' }).click()
  await expect(card.getByText(MESSAGES.videoCreated)).toBeVisible({ timeout: 15_000 })
  // Created: the draft is cleared.
  await expect(card.getByLabel('Title')).toHaveValue('')

  const videos = page.getByRole('region', { name: 'Your Videos' })
  const item = videos.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Pancakes in five' }) })
  await expect(item.getByText('Ready', { exact: true })).toBeVisible({ timeout: 120_000 })
  await item.getByRole('button', { name: 'Edit Pancakes in five as a new video' }).click()

  await expect(card.getByLabel('Title')).toHaveValue('Pancakes in five')
  await expect(card.getByLabel('Description')).toHaveValue('Breakfast #quick')
  await expect(card.getByText(/from your videos\./)).toBeVisible()
  await expect(overlayItems(card)).toHaveCount(1)
  await expect(overlayItems(card).first()).toContainText('Stop scrolling')
  await expect(card.getByText(VIDEO_DRAFT_MESSAGES.saved)).toBeVisible({ timeout: 15_000 })

  // A variant: another hook, created as a second video.
  await card.getByRole('button', { name: 'Remove overlay “Stop scrolling”' }).click()
  await addOverlay(card, 'Wait for the flip')
  await card.getByRole('button', { name: 'Create Video' }).click()
  await expect(card.getByText(MESSAGES.videoCreated)).toBeVisible({ timeout: 15_000 })
  await expect(item).toHaveCount(2)
  // Newest first: the variant carries the new hook, the original its own.
  await item.nth(0).getByRole('button', { name: 'Details of Pancakes in five' }).click()
  await expect(item.nth(0)).toContainText('Wait for the flip')
  await item.nth(1).getByRole('button', { name: 'Details of Pancakes in five' }).click()
  await expect(item.nth(1)).toContainText('Stop scrolling')
  await expect(item.nth(1)).not.toContainText('Wait for the flip')
})

test('at 375 px: Make this video on a saved hook opens Create with it as an overlay, after asking', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 375, height: 800 })
  await signUp(page, uniqueEmail('drafts-make-video'))
  const saved = await page.request.post('/api/saved-hooks', {
    data: { text: 'You are doing it wrong', position: 'top', color: '#ffcc00', fontSize: 96, fontWeight: 'bold' },
  })
  expect(saved.status(), await saved.text()).toBe(201)

  // A draft with work in it.
  await openTab(page, 'Create Videos')
  const card = await createCard(page)
  await card.getByLabel('Title').fill('Half done')
  await expect(card.getByText(VIDEO_DRAFT_MESSAGES.saved)).toBeVisible({ timeout: 15_000 })

  await openTab(page, 'Create Hooks')
  const hooks = page.getByRole('list', { name: 'Saved hooks' })
  await hooks.getByRole('button', { name: 'Make a video with hook “You are doing it wrong”' }).click()
  await expect(page).toHaveURL('/dashboard?tab=create')
  const dialog = page.getByRole('dialog', { name: 'Replace your draft with the hook “You are doing it wrong”?' })
  await expect(dialog).toContainText(VIDEO_DRAFT_MESSAGES.replaceConfirm)
  // Declined: the draft stays.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(card.getByLabel('Title')).toHaveValue('Half done')
  await expect(overlayItems(card)).toHaveCount(0)

  await openTab(page, 'Create Hooks')
  await hooks.getByRole('button', { name: 'Make a video with hook “You are doing it wrong”' }).click()
  await dialog.getByRole('button', { name: 'Replace draft' }).click()
  await expect(card.getByLabel('Title')).toHaveValue('')
  await expect(overlayItems(card)).toHaveCount(1)
  await expect(overlayItems(card).first()).toContainText('You are doing it wrong')
  await expect(overlayItems(card).first()).toContainText('Top · Yellow · Large (96 px) · Bold')
  await expect(card.getByText(VIDEO_DRAFT_MESSAGES.saved)).toBeVisible({ timeout: 15_000 })

  // It is the saved draft now, and a reload does not ask again.
  await page.reload()
  await expect(overlayItems(await createCard(page))).toHaveCount(1)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('Make this video on a content idea opens Create with its title, what to film and its hook', async ({ page }) => {
  test.setTimeout(90_000)
  await signUp(page, uniqueEmail('drafts-idea'))
  const schedule = page.getByRole('region', { name: 'Schedule New Video' })
  await schedule.getByRole('button', { name: 'Add account manually' }).first().click()
  const add = page.getByRole('dialog', { name: 'Add TikTok Account' })
  await add.getByLabel('Account name').fill('Meal Prep Mom')
  await add.getByLabel('Username').fill(`drafts${Date.now().toString(36)}`)
  await add.getByRole('tab', { name: 'Account Description' }).click()
  await add.getByLabel('Target audience').fill('Busy moms')
  await add.getByLabel('Niche').fill('Meal prep')
  await add.getByRole('button', { name: 'Save' }).click()
  await expect(add).toBeHidden()

  await openTab(page, 'Create Hooks')
  await page
    .getByRole('form', { name: 'AI content generator' })
    .getByRole('button', { name: 'Generate content ideas' })
    .click()
  const first = page.getByRole('list', { name: 'Content ideas' }).getByRole('listitem').first()
  await expect(first).toBeVisible({ timeout: 30_000 })
  const title = (await first.getByRole('heading').textContent()) ?? ''
  const description = (await first.locator('p').first().textContent()) ?? ''
  const hook = ((await first.locator('p').last().textContent()) ?? '').replace(/^Hook: “|”$/g, '')
  await first.getByRole('button', { name: `Make a video of ${title}` }).click()

  await expect(page).toHaveURL('/dashboard?tab=create')
  const card = await createCard(page)
  // The form was empty: nothing to ask.
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(card.getByLabel('Title')).toHaveValue(title)
  await expect(card.getByLabel('Description')).toHaveValue(description)
  await expect(overlayItems(card)).toHaveCount(1)
  await expect(overlayItems(card).first()).toContainText(hook)
  await expect(overlayItems(card).first()).toContainText('Middle · White · Large (96 px) · Bold')
  await expect(card.getByText(VIDEO_DRAFT_MESSAGES.saved)).toBeVisible({ timeout: 15_000 })
})
