import { expect, signUp, test, uniqueEmail } from './fixtures'

/**
 * The Create tab's AI hook generator against the real server and its built-in offline generator: the spec's three
 * refusals, then hooks written for the account's description and the video's title, one added as an overlay (centre,
 * white, 32 px, bold) in one click.
 */

const ACCOUNT_REQUIRED = 'Please select a TikTok account first'
const TITLE_REQUIRED = 'Please enter a video title first'
const ACCOUNT_INCOMPLETE = 'Account information is incomplete. Please add target audience, niche, and app goals.'

test('generate hooks in the Create tab and add one as an overlay', async ({ page }) => {
  test.setTimeout(90_000)
  await signUp(page, uniqueEmail('ai-hooks'))

  // Two accounts added by hand in the Schedule tab: one described, one not.
  const schedule = page.getByRole('region', { name: 'Schedule New Video' })
  const bare = `bare${Date.now().toString(36)}`
  const bake = `bake${Date.now().toString(36)}`
  for (const [name, username, niche] of [
    ['Bare Account', bare, ''],
    ['Bake Lab', bake, 'Sourdough for beginners'],
  ] as const) {
    await schedule.getByRole('button', { name: 'Add account manually' }).first().click()
    const add = page.getByRole('dialog', { name: 'Add TikTok Account' })
    await add.getByLabel('Account name').fill(name)
    await add.getByLabel('Username').fill(username)
    if (niche) {
      await add.getByRole('tab', { name: 'Account Description' }).click()
      await add.getByLabel('Niche').fill(niche)
      await add.getByLabel('Target audience').fill('Busy parents')
    }
    await add.getByRole('button', { name: 'Save' }).click()
    await expect(add).toBeHidden()
  }

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Create Videos' }).click()
  const card = page.getByRole('region', { name: 'Create New Video' })
  const generator = card.getByRole('region', { name: 'AI hook generator' })
  const generate = generator.getByRole('button', { name: 'Generate hooks' })

  await generate.click()
  await expect(generator.getByRole('alert')).toHaveText(ACCOUNT_REQUIRED)
  await generator.getByLabel('TikTok account').selectOption({ label: `Bare Account (@${bare})` })
  await generate.click()
  await expect(generator.getByRole('alert')).toHaveText(TITLE_REQUIRED)
  await card.getByLabel('Title').fill('Overnight sourdough, no knead')
  await generate.click()
  await expect(generator.getByRole('alert')).toHaveText(ACCOUNT_INCOMPLETE)

  await generator.getByLabel('TikTok account').selectOption({ label: `Bake Lab (@${bake})` })
  await generate.click()
  const suggestions = generator.getByRole('list', { name: 'Hook suggestions' })
  await expect(suggestions.getByRole('listitem')).toHaveCount(5)
  await expect(generator.getByText('Written by Hookpost’s built-in generator (offline).')).toBeVisible()
  const texts = await suggestions.locator('p').allTextContents()
  expect(new Set(texts).size).toBe(5)
  expect(texts.every((t) => t.trim().length > 0 && !/[{}]|undefined/.test(t))).toBe(true)

  // One click: it is an overlay, centred, white, large (32 px), bold, and in the preview.
  const first = texts[0]!
  await generator.getByRole('button', { name: `Add “${first}” as an overlay` }).click()
  const overlays = card.getByRole('list', { name: 'Text overlays' })
  await expect(overlays.getByRole('listitem')).toHaveCount(1)
  await expect(overlays.getByText(first)).toBeVisible()
  await expect(overlays.getByText('Center · White · Large (32 px) · Bold')).toBeVisible()
  await expect(card.getByRole('img', { name: /text overlays/ })).toHaveAccessibleName(
    `The video with text overlays: “${first}”`,
  )
})
