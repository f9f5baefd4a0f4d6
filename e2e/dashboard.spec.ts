import { expect, openFromDashboardMenu, signIn, signUp, test, uniqueEmail } from './fixtures'
import { chooseTimeZone } from './time-zone-picker'

const tabs = [
  ['Schedule Videos', 'schedule'],
  ['Create Videos', 'create'],
  ['Create Hooks', 'hooks'],
  ['Automation', 'automation'],
  ['AI Generation', 'aigeneration'],
  ['Analytics', 'analytics'],
] as const

test.describe('dashboard shell', () => {
  test('tabs live in the URL and in local storage: back, forward and reload work', async ({ page }) => {
    await signUp(page, uniqueEmail('tabs'))
    const analyticsRequests: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/analytics/')) analyticsRequests.push(r.url())
    })
    const menu = page.getByRole('navigation', { name: 'Dashboard' })
    for (const [label, key] of tabs) {
      await menu.getByRole('link', { name: label }).click()
      await expect(page).toHaveURL(`/dashboard?tab=${key}`)
      await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible()
      await expect(menu.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page')
    }
    await page.goBack()
    await expect(page).toHaveURL('/dashboard?tab=aigeneration')
    await page.goForward()
    await expect(page).toHaveURL('/dashboard?tab=analytics')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
    // No account yet: the tab says how to get one, and asks the server for no figures.
    await expect(page.getByText('No TikTok Accounts Connected')).toBeVisible()
    expect(analyticsRequests).toEqual([])

    await page.goto('/dashboard')
    await expect(page).toHaveURL('/dashboard?tab=analytics')

    await menu.getByRole('link', { name: 'Profile & Accounts' }).click()
    await expect(page).toHaveURL('/dashboard/profile')
    await menu.getByRole('link', { name: 'Create Hooks' }).click()
    await expect(page).toHaveURL('/dashboard?tab=hooks')
  })

  test('the side menu collapses and stays collapsed after a reload', async ({ page }) => {
    await signUp(page, uniqueEmail('menu'))
    await page.getByRole('button', { name: 'Collapse menu' }).click()
    await expect(page.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false')
    await page.reload()
    await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible()
    // Labels stay as accessible names in the narrow menu.
    await expect(
      page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Automation' }),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Expand menu' }).click()
    await expect(page.getByRole('button', { name: 'Collapse menu' })).toBeVisible()
  })

  test('logo returns to the dashboard; the user menu works by keyboard', async ({ page }) => {
    const email = uniqueEmail('keyboard')
    await signUp(page, email)
    await page.goto('/dashboard/profile')
    await page.getByRole('link', { name: 'Hookpost dashboard' }).click()
    await expect(page).toHaveURL(/\/dashboard\?tab=/)

    const account = page.getByRole('button', { name: email })
    await account.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toBeHidden()
    await expect(account).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/')
  })

  test('the profile page saves the time zone, defaulting to the browser’s', async ({ browser }) => {
    const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' })
    const page = await context.newPage()
    await signUp(page, uniqueEmail('zone'))
    await openFromDashboardMenu(page, 'Profile & Accounts')
    const zone = page.getByRole('combobox', { name: 'Time zone' })
    await expect(zone).toHaveValue(/^Asia\/Tokyo \(GMT\+9\)$/)
    await chooseTimeZone(page.locator('main'), 'Europe/Paris')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Profile saved')).toBeVisible()
    await page.reload()
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue(/^Europe\/Paris \(/)
    await context.close()
  })

  test('?tiktok_connected=true shows the success banner once', async ({ page }) => {
    await signUp(page, uniqueEmail('banner'))
    await page.goto('/dashboard?tab=schedule&tiktok_connected=true')
    await expect(page.getByText('Your TikTok account was connected successfully.')).toBeVisible()
    await expect(page).toHaveURL('/dashboard?tab=schedule')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule Videos' })).toBeVisible()
    await expect(page.getByText('Your TikTok account was connected successfully.')).toBeHidden()
  })

  test('when the API is unreachable the Connection Error panel offers a refresh', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/Failed to load resource/)
    await signUp(page, uniqueEmail('offline'))
    await page.route('**/api/profile', (route) => route.abort('connectionrefused'))
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Connection Error' })).toBeVisible({ timeout: 15_000 })
    await expect(
      page.getByText("We're having trouble connecting to our servers. Please try again later."),
    ).toBeVisible()
    await page.unroute('**/api/profile')
    await page.getByRole('button', { name: 'Refresh Page' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule Videos' })).toBeVisible()
  })

  test('when the session ends elsewhere, the next request sends you to sign in and back', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 401/)
    const email = uniqueEmail('expired')
    await signUp(page, email)
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule Videos' })).toBeVisible()
    // Let the tab finish loading (the calendar asks for its posts last): a request still on its way when the cookie goes
    // would sign the page out before the click below.
    await expect(page.getByRole('table', { name: /^Scheduled videos, / })).toBeVisible()
    // As if the user signed out in another tab: the cookie is gone, this page does not know yet.
    await page.context().clearCookies()
    await openFromDashboardMenu(page, 'Profile & Accounts')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fprofile/)
    await signIn(page, email, 'correct horse 1')
    await expect(page).toHaveURL('/dashboard/profile')
  })

  test('the shell works on a 375 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    const email = uniqueEmail('phone')
    await signUp(page, email)
    await expect(page.getByText('TikTok sandbox: nothing is posted to the real TikTok.')).toBeVisible()
    await openFromDashboardMenu(page, 'Create Videos')
    await expect(page.getByRole('heading', { level: 1, name: 'Create Videos' })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
