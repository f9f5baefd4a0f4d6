import type { Page } from '@playwright/test'
import {
  connectSandboxCreator,
  dashboardNav,
  expect,
  openFromDashboardMenu,
  signUp,
  test,
  uniqueEmail,
  uniqueHandle,
} from './fixtures'

/**
 * Issue 30 item 9, the smaller frictions, walked as a creator would: the features page names Analytics, the Queue and
 * batch scheduling; the side menu stays in reach on a long page (and the phone's Menu button); the queue's account and the
 * calendar's account filter survive a reload; a saved hook on Create Hooks is drawn in the video's face, not a serif.
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' })

test('the features page names Analytics, the Queue, batch scheduling and slideshows', async ({ page }) => {
  await page.goto('/features')
  for (const heading of [
    'Analytics that show which hooks win',
    'Posting queue and batch scheduling',
    'Photo slideshows and TikTok drafts',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
  }
  await expect(page.getByText(/from a CSV file/)).toBeVisible()
})

test('the side menu stays in view at the bottom of a long page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signUp(page, uniqueEmail('sticky-menu'))
  await nav(page).getByRole('link', { name: 'Create Videos' }).click()
  await expect(page.getByRole('button', { name: 'Create Video' })).toBeVisible({ timeout: 30_000 })
  const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
  expect(scrollable, 'the Create tab is longer than the screen').toBeGreaterThan(200)
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  for (const name of ['Schedule Videos', 'Profile & Accounts']) {
    await expect(nav(page).getByRole('link', { name })).toBeInViewport()
  }
  // Below the top bar, not under it.
  const bar = (await page.getByRole('banner').boundingBox())!
  const first = (await nav(page).getByRole('link', { name: 'Schedule Videos' }).boundingBox())!
  expect(first.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1)
  await nav(page).getByRole('link', { name: 'Schedule Videos' }).click()
  await expect(page).toHaveURL('/dashboard?tab=schedule')
})

test('on a 375 px phone the Menu button stays in view at the bottom of a long page, and opens every tab', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await signUp(page, uniqueEmail('sticky-menu-phone'))
  await openFromDashboardMenu(page, 'Create Videos')
  await expect(page.getByRole('button', { name: 'Create Video' })).toBeVisible({ timeout: 30_000 })
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeInViewport()
  const menu = await dashboardNav(page)
  for (const name of ['Schedule Videos', 'Profile & Accounts']) {
    await expect(menu.getByRole('link', { name })).toBeInViewport()
  }
  await menu.getByRole('link', { name: 'Schedule Videos' }).click()
  await expect(page).toHaveURL('/dashboard?tab=schedule')
})

test('the queue’s account and the calendar’s account filter are kept after a reload', async ({ page }) => {
  test.setTimeout(150_000)
  await signUp(page, uniqueEmail('remembered'))
  const first = uniqueHandle('first')
  const second = uniqueHandle('second')
  await connectSandboxCreator(page, `Fay ${first.slice(-6)}`, first)
  await connectSandboxCreator(page, `Sol ${second.slice(-6)}`, second)
  const secondLabel = `Sol ${second.slice(-6)} (@${second})`

  const queueAccount = () => page.getByRole('region', { name: 'Queue' }).getByLabel('Account', { exact: true })
  const calendarAccount = () =>
    page.getByRole('region', { name: 'Scheduled Videos' }).getByLabel('Account', { exact: true })
  await queueAccount().selectOption({ label: secondLabel })
  await calendarAccount().selectOption({ label: secondLabel })

  await page.reload()
  await expect(queueAccount().getByRole('option', { selected: true })).toHaveText(secondLabel)
  await expect(calendarAccount().getByRole('option', { selected: true })).toHaveText(secondLabel)
  await expect(page.getByRole('region', { name: 'Queue' }).getByText(/^Times are in /)).toBeVisible()
})

test('a saved hook on Create Hooks is drawn in the video’s face', async ({ page }) => {
  await signUp(page, uniqueEmail('hook-face'))
  const saved = await page.request.post('/api/saved-hooks', {
    data: { text: 'Nobody tells you this', position: 'center', color: '#ffffff', fontSize: 96, fontWeight: 'bold' },
  })
  expect(saved.status(), await saved.text()).toBe(201)
  // Straight to Create Hooks: the Create tab (whose preview loads the faces too) is never opened.
  await page.goto('/dashboard?tab=hooks')
  const text = page
    .getByRole('region', { name: 'Saved hooks' })
    .getByRole('list', { name: 'Saved hooks' })
    .getByText('Nobody tells you this', { exact: true })
  await expect(text).toBeVisible()
  expect(await text.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Inter"?,.*sans-serif$/)
  await expect
    .poll(() =>
      page.evaluate(() => {
        let loaded = false
        document.fonts.forEach((f) => {
          if (f.family.replace(/"/g, '') === 'Inter' && f.status === 'loaded') loaded = true
        })
        return loaded
      }),
    )
    .toBe(true)
})

test('the plan picked on the pricing page is carried into sign-up and marked in Profile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/pricing')
  await page.getByRole('link', { name: 'Start free trial on Basic' }).click()
  await expect(page).toHaveURL('/register?plan=basic')
  await expect(page.getByText('Basic plan, $9/month.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Change plan' })).toHaveAttribute('href', '/pricing')

  const password = 'correct horse 1'
  await page.getByLabel('Email address').fill(uniqueEmail('picked-plan'))
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm Password').fill(password)
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check()
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/dashboard\?tab=schedule$/, { timeout: 30_000 })

  await page.goto('/dashboard/profile')
  const plan = page.getByRole('region', { name: 'Plan' })
  await expect(plan.getByText('You picked Basic on the pricing page: it is marked below.')).toBeVisible()
  const marked = plan.getByRole('listitem').filter({ hasText: 'Your pick' })
  await expect(marked).toHaveCount(1)
  await expect(marked.getByRole('button', { name: 'Choose Basic' })).toBeVisible()
  // The trial is still the trial: nothing was bought.
  await expect(plan.getByText(/Free trial/)).toBeVisible()
})
