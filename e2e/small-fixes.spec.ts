import type { Page } from '@playwright/test'
import { AUTOMATION_MESSAGES } from '@hookpost/shared/automation'
import { MESSAGES } from '@hookpost/shared/messages'
import { createAccount, dashboardNav, expect, resetLinkFor, signUp, test, uniqueEmail } from './fixtures'

/**
 * Issue 21 item 7: the small things a new user hit, walked as that user. One account added by hand is chosen for them
 * wherever an account is asked for; Run Now with automation off says what is missing on the page; a hook saved on
 * Create Hooks is listed there; the phone menu has words; a reset link is checked before a new password is asked for;
 * and no React Router warning (or any other) reaches the console.
 */

/** Every console warning of the page (the fixtures already fail a test on console errors). */
function collectWarnings(page: Page): string[] {
  const warnings: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'warning') warnings.push(msg.text())
  })
  return warnings
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' })

test('one account is chosen everywhere; Run Now says what is missing; saved hooks show on Create Hooks', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const warnings = collectWarnings(page)
  await signUp(page, uniqueEmail('small-fixes'))
  const handle = `solo${Date.now().toString(36)}`
  const label = `Solo Baker (@${handle})`

  // Adding an account by hand says, before saving, that it cannot post until connected.
  const schedule = page.getByRole('region', { name: 'Schedule New Video' })
  await schedule.getByRole('button', { name: 'Add account manually' }).first().click()
  const add = page.getByRole('dialog', { name: 'Add TikTok Account' })
  await expect(add.getByText(MESSAGES.manualAccountCannotPost)).toBeVisible()
  await add.getByLabel('Account name').fill('Solo Baker')
  await add.getByLabel('Username').fill(handle)
  await add.getByRole('tab', { name: 'Account Description' }).click()
  await add.getByLabel('Target audience').fill('Busy parents')
  await add.getByLabel('Niche').fill('Sourdough')
  await add.getByRole('button', { name: 'Save' }).click()
  await expect(add).toBeHidden()

  // Create Videos: the AI hook generator has the only account chosen.
  await nav(page).getByRole('link', { name: 'Create Videos' }).click()
  const generator = page
    .getByRole('region', { name: 'Create New Video' })
    .getByRole('region', { name: 'AI hook generator' })
  await expect(generator.getByLabel('TikTok account').getByRole('option', { selected: true })).toHaveText(label)

  // Create Hooks: chosen too; a hook saved from an idea is listed right there.
  await nav(page).getByRole('link', { name: 'Create Hooks' }).click()
  const form = page.getByRole('form', { name: 'AI content generator' })
  await expect(form.getByLabel('TikTok account').getByRole('option', { selected: true })).toHaveText(label)
  const saved = page.getByRole('region', { name: 'Saved hooks' })
  await expect(saved.getByText(/^No saved hooks yet/)).toBeVisible()
  await form.getByRole('button', { name: 'Generate content ideas' }).click()
  const ideas = page.getByRole('list', { name: 'Content ideas' })
  await expect(ideas.getByRole('listitem')).toHaveCount(5, { timeout: 30_000 })
  const first = ideas.getByRole('listitem').first()
  const title = (await first.getByRole('heading').textContent()) ?? ''
  const hook = ((await first.locator('p').last().textContent()) ?? '').replace(/^Hook: “|”$/g, '')
  await first.getByRole('button', { name: `Save the hook of ${title}` }).click()
  await expect(saved.getByRole('list', { name: 'Saved hooks' }).getByText(hook, { exact: true })).toBeVisible()
  // Here it can be deleted, not applied (that is the Create tab's).
  await expect(saved.getByRole('button', { name: `Delete hook “${hook}”` })).toBeVisible()
  await expect(saved.getByRole('button', { name: /^Apply hook/ })).toHaveCount(0)

  // Automation: the account is chosen; Run Now while off explains what is missing and asks the server nothing.
  let runNowRequests = 0
  page.on('request', (r) => {
    if (r.url().endsWith('/api/automation/run-now')) runNowRequests += 1
  })
  await nav(page).getByRole('link', { name: 'Automation' }).click()
  const settings = page.getByRole('region', { name: 'Automation settings' })
  await expect(settings.getByRole('switch', { name: 'Automation' })).toHaveAttribute('aria-checked', 'false')
  await settings.getByRole('tab', { name: /^Advanced Settings/ }).click()
  // Added by hand, so not connected yet: the picker says so (and posting waits for it to be connected).
  await expect(settings.getByLabel('TikTok account').getByRole('option', { selected: true })).toHaveText(
    `${label} · Not connected`,
  )
  const runNow = settings.getByRole('button', { name: 'Run Now' })
  await expect(runNow).toHaveAccessibleDescription(
    'Run Now makes one post now with your saved settings and posts it as soon as its video is ready. Save your changes first to use them.',
  )
  await runNow.click()
  const missing = settings.getByRole('alert').filter({ hasText: 'Run Now uses your saved settings' })
  await expect(missing).toBeVisible()
  await expect(missing.getByRole('listitem')).toHaveText([
    `${AUTOMATION_MESSAGES.disabled}. Turn automation on and save your settings.`,
    `${AUTOMATION_MESSAGES.noAccount}. Choose one in Advanced Settings and save.`,
    `${AUTOMATION_MESSAGES.noVideos}. Pick at least one in Video Selection and save.`,
  ])
  expect(runNowRequests).toBe(0)

  expect(warnings, 'console warnings').toEqual([])
})

test('the dashboard menu on a 375 px phone shows each tab’s name', async ({ page }) => {
  const warnings = collectWarnings(page)
  await page.setViewportSize({ width: 375, height: 812 })
  await signUp(page, uniqueEmail('small-menu'))
  // Issue 30 item 10: no rail beside the page on a phone; the page has the whole width, the Menu button the links.
  await expect(nav(page)).toBeHidden()
  const main = (await page.getByRole('main').boundingBox())!
  expect(main.x).toBeLessThanOrEqual(0.5)
  expect(main.width).toBeGreaterThanOrEqual(374)
  const menu = await dashboardNav(page)
  const box = (await page.getByRole('dialog', { name: 'Menu' }).boundingBox())!
  for (const name of [
    'Schedule Videos',
    'Create Videos',
    'Create Hooks',
    'Automation',
    'AI Generation',
    'Analytics',
    'Profile & Accounts',
  ]) {
    const link = menu.getByRole('link', { name })
    // The words are on screen, inside the menu (not only a name for screen readers).
    const words = link.getByText(name, { exact: true })
    await expect(words).toBeVisible()
    const wordsBox = (await words.boundingBox())!
    expect(wordsBox.x).toBeGreaterThanOrEqual(box.x)
    expect(wordsBox.x + wordsBox.width).toBeLessThanOrEqual(box.x + box.width + 0.5)
    expect(wordsBox.height).toBeGreaterThan(6)
  }
  // The page does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await menu.getByRole('link', { name: 'Automation' }).click()
  await expect(page).toHaveURL('/dashboard?tab=automation')
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden()
  await expect((await dashboardNav(page)).getByRole('link', { name: 'Automation' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  expect(warnings, 'console warnings').toEqual([])
})

test('a reset link is checked before a new password is asked for', async ({ page, request }) => {
  const warnings = collectWarnings(page)
  const email = uniqueEmail('small-reset')
  await createAccount(request, email, 'old password 1')

  // A made-up link: the spec's message at once, no password fields.
  await page.goto('/reset-password?token=made-up-token')
  await expect(page.getByText(MESSAGES.resetTokenInvalid)).toBeVisible()
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Request a new reset link' })).toBeVisible()

  await page.getByRole('link', { name: 'Request a new reset link' }).click()
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText(MESSAGES.resetRequested)).toBeVisible()
  const link = await resetLinkFor(page, email)

  // The real link: checked, then the form; used once.
  await page.goto(link)
  await page.getByLabel('New password', { exact: true }).fill('brand new password 1')
  await page.getByLabel('Confirm new password').fill('brand new password 1')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText(MESSAGES.passwordResetDone)).toBeVisible()

  // The same link again: it no longer works, and the page says so before anything is typed.
  await page.goto(link)
  await expect(page.getByText(MESSAGES.resetTokenInvalid)).toBeVisible()
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0)
  expect(warnings, 'console warnings').toEqual([])
})
