import type { Locator, Page } from '@playwright/test'
import { PLAN_MESSAGES } from '@hookpost/shared/plans'
import {
  connectSandboxCreator,
  expect,
  openFromDashboardMenu,
  signUp,
  test,
  uniqueEmail,
  uniqueHandle,
} from './fixtures'

/**
 * Plans and the free trial (ADR 036) with manual billing, the default: a new person is in the 14-day trial; choosing a
 * plan on Profile activates it at once; a request the plan refuses shows the server's message and "Choose a plan".
 */

function planSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Plan' })
}

async function openProfile(page: Page) {
  await openFromDashboardMenu(page, 'Profile & Accounts')
  await expect(page).toHaveURL('/dashboard/profile')
  await expect(planSection(page)).toBeVisible()
}

/** "Accounts" and "Scheduled posts this month" as the section's definition list shows them. */
async function expectUsage(section: Locator, accounts: string, posts: string) {
  await expect(section.getByRole('term').filter({ hasText: 'Accounts' })).toBeVisible()
  await expect(section.getByRole('definition').nth(0)).toHaveText(accounts)
  await expect(section.getByRole('definition').nth(1)).toHaveText(posts)
}

test.describe('plans and the free trial', () => {
  test('a plan limit shows the upgrade prompt; choosing a plan on Profile lifts it', async ({
    page,
    consoleErrors,
  }) => {
    // The refused connection is a 402 from the API, which Chromium logs.
    consoleErrors.allow(/status of 402/)
    await signUp(page, uniqueEmail('plans-limit'))
    await openProfile(page)
    const plan = planSection(page)
    await expect(plan.getByText(/^Free trial: 14 days left \(ends .+\)\./)).toBeVisible()
    await expectUsage(plan, '0 of 3', '0 (unlimited)')

    // Basic: one account, 30 posts a month.
    await plan.getByRole('button', { name: 'Choose Basic' }).click()
    await expect(plan.getByText(PLAN_MESSAGES.planActivated('Basic'))).toBeVisible()
    await expect(plan.getByText(/Basic plan\s*— active/)).toBeVisible()
    await expect(plan.getByRole('button', { name: 'Basic: your current plan' })).toBeDisabled()
    await expectUsage(plan, '0 of 1', '0 of 30')

    // The first account connects; a second is refused by the plan.
    await page.goto('/dashboard?tab=schedule')
    await connectSandboxCreator(page, 'First Creator', uniqueHandle('first'))
    await openProfile(page)
    await expectUsage(plan, '1 of 1', '0 of 30')
    const second = uniqueHandle('second')
    const accounts = page.getByRole('region', { name: 'TikTok Accounts' })
    await accounts.getByRole('button', { name: 'Connect TikTok account', exact: true }).click()
    await expect(page).toHaveURL(/\/v2\/auth\/authorize\//)
    const choices = page.getByRole('group', { name: 'Choose a sandbox creator' })
    await choices.getByRole('radio', { name: 'Create a new sandbox creator' }).check()
    await choices.getByLabel('Display name').fill('Second Creator')
    await choices.getByLabel('Username').fill(second)
    await page.getByRole('button', { name: 'Authorize' }).click()

    const prompt = page.getByRole('dialog', { name: 'Upgrade your plan' })
    await expect(prompt).toBeVisible()
    await expect(prompt).toContainText(PLAN_MESSAGES.accountsLimit('Basic', 1))
    await prompt.getByRole('link', { name: 'Choose a plan' }).click()
    await expect(page).toHaveURL('/dashboard/profile#plan')
    await expect(plan.getByRole('heading', { name: 'Plan', exact: true })).toBeFocused()

    // Pro: three accounts. The same creator now connects.
    await plan.getByRole('button', { name: 'Choose Pro' }).click()
    await expect(plan.getByText(PLAN_MESSAGES.planActivated('Pro'))).toBeVisible()
    await expectUsage(plan, '1 of 3', '0 (unlimited)')
    await accounts.getByRole('button', { name: 'Connect TikTok account', exact: true }).click()
    await page
      .getByRole('group', { name: 'Choose a sandbox creator' })
      .getByRole('radio', { name: `Second Creator (@${second})`, exact: true })
      .check()
    await page.getByRole('button', { name: 'Authorize' }).click()
    // Connected: the callback page moves on by itself, back to Profile & Accounts where Connect was pressed.
    await expect(page).toHaveURL(/\/dashboard\/profile(\?|$)/, { timeout: 15_000 })
    await openProfile(page)
    await expectUsage(plan, '2 of 3', '0 (unlimited)')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('the Plan section at 375 px, by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await signUp(page, uniqueEmail('plans-narrow'))
    await page.goto('/dashboard/profile#plan')
    const plan = planSection(page)
    await expect(plan.getByRole('heading', { name: 'Plan', exact: true })).toBeFocused()
    for (const name of ['Basic', 'Pro', 'Business']) {
      await expect(plan.getByRole('button', { name: `Choose ${name}` })).toBeVisible()
    }
    const business = plan.getByRole('button', { name: 'Choose Business' })
    await business.focus()
    await page.keyboard.press('Enter')
    await expect(plan.getByText(PLAN_MESSAGES.planActivated('Business'))).toBeVisible()
    await expectUsage(plan, '0 of 10', '0 (unlimited)')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
