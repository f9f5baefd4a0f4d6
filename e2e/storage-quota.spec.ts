import type { Page } from '@playwright/test'
import { billingOverviewSchema, PLAN_MESSAGES } from '@hookpost/shared/plans'
import { expect, openFromDashboardMenu, signUp, test, uniqueEmail } from './fixtures'
import { clipForSpec, makeClip, uploadClip } from './clip'

/**
 * The storage quota per plan (ADR 058) as a person meets it: Profile's Plan section shows what they store against the
 * plan's storage, and an upload the plan refuses shows the server's message at the file field and the upgrade prompt
 * with "Choose a plan". Filling 25 GB for real is out of reach of a browser test (a file is at most 500 MB, and the
 * e2e server's embedded database is its own), so the refusal itself — a 402 PLAN_LIMIT from the tus endpoint, with the
 * message the server writes for this person's figures — is answered by the test; the server's side of it, with the
 * real figures and database, is `modules/plans/storage-quota.int.test.ts`.
 */

const clip = clipForSpec('portrait.mp4')

/** The refusal is logged twice: by Chromium (the 402) and by Uppy (its tus creation failed). */
function allowRefusalLogs(consoleErrors: { allow: (pattern: RegExp) => void }) {
  consoleErrors.allow(/status of 402/)
  consoleErrors.allow(/^\[Uppy\] .* tus: unexpected response while creating upload, .*response code: 402/)
}

async function billing(page: Page) {
  const res = await page.request.get('/api/billing')
  expect(res.status()).toBe(200)
  return billingOverviewSchema.parse(await res.json())
}

async function expectStorageShown(page: Page) {
  await openFromDashboardMenu(page, 'Profile & Accounts')
  const plan = page.getByRole('region', { name: 'Plan' })
  const bar = plan.getByRole('progressbar', { name: 'Storage used' })
  await expect(bar).toHaveAttribute('aria-valuetext', /^\d+\.\d\d (KB|MB) of 25 GB used$/)
  await expect(bar).toHaveAttribute('aria-valuenow', '0')
  await expect(plan.getByText(/^\d+\.\d\d (KB|MB) of 25 GB used$/)).toBeVisible()
}

/** Tries an upload on the Create tab while the tus endpoint refuses it for storage; returns the message. */
async function refusedUpload(page: Page): Promise<string> {
  const { limits } = await billing(page)
  const message = PLAN_MESSAGES.storageLimit(null, limits.storageBytes, limits.storageBytes)
  await page.unrouteAll()
  await page.route('**/api/uploads', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 402,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'PLAN_LIMIT', message }),
        })
      : route.fallback(),
  )
  await openFromDashboardMenu(page, 'Create Videos')
  const card = page.getByRole('region', { name: 'Create New Video' })
  await card.getByLabel('Video file').setInputFiles(clip.path)
  const prompt = page.getByRole('dialog', { name: 'Upgrade your plan' })
  await expect(prompt).toContainText(message)
  return message
}

test.describe('the storage quota', () => {
  test('Profile shows the storage used; a refused upload says why and leads to the plans', async ({
    page,
    consoleErrors,
  }) => {
    allowRefusalLogs(consoleErrors)
    await signUp(page, uniqueEmail('storage'))
    await uploadClip(page, makeClip())
    expect((await billing(page)).usage.storageBytes).toBeGreaterThan(0)
    await expectStorageShown(page)

    const message = await refusedUpload(page)
    const prompt = page.getByRole('dialog', { name: 'Upgrade your plan' })
    await prompt.getByRole('button', { name: 'Close' }).click()
    await expect(
      page.getByRole('region', { name: 'Create New Video' }).getByRole('alert').filter({ hasText: message }),
    ).toBeVisible()

    // Again, and on to the plans.
    await page.goto('/dashboard')
    await refusedUpload(page)
    await prompt.getByRole('link', { name: 'Choose a plan' }).click()
    await expect(page).toHaveURL('/dashboard/profile#plan')
    await expect(page.getByRole('heading', { name: 'Plan', exact: true })).toBeFocused()
  })

  test('at 375 px, by keyboard', async ({ page, consoleErrors }) => {
    allowRefusalLogs(consoleErrors)
    await page.setViewportSize({ width: 375, height: 800 })
    await signUp(page, uniqueEmail('storage-narrow'))
    await uploadClip(page, makeClip())
    await expectStorageShown(page)
    await refusedUpload(page)
    const link = page.getByRole('dialog', { name: 'Upgrade your plan' }).getByRole('link', { name: 'Choose a plan' })
    await link.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/dashboard/profile#plan')
    await expect(page.getByRole('heading', { name: 'Plan', exact: true })).toBeFocused()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
