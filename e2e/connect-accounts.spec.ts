import type { Locator, Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
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
 * Issue 30: connecting accounts front and centre. "Connect TikTok account" is the first action on the Schedule tab
 * whatever the number of accounts; connecting comes back to the page it started on; Deny says what happened and
 * offers "Try again"; a connected account's username is TikTok's. At desktop size and on a 375 px phone.
 */

const AUTHORIZE_URL = /\/v2\/auth\/authorize\//
const CALLBACK_URL = /\/auth\/tiktok\/callback\/?\?/
const SCHEDULE_URL = /\/dashboard\?tab=schedule$/
const PROFILE_URL = /\/dashboard\/profile$/

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '375 px', width: 375, height: 740 },
] as const

function scheduleCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Schedule New Video' })
}

function accountsSection(page: Page): Locator {
  return page.getByRole('region', { name: 'TikTok Accounts' })
}

async function openProfile(page: Page) {
  await openFromDashboardMenu(page, 'Profile & Accounts')
  await expect(page).toHaveURL(PROFILE_URL)
}

async function authorizeNewCreator(page: Page, displayName: string, username: string) {
  await expect(page).toHaveURL(AUTHORIZE_URL)
  const choices = page.getByRole('group', { name: 'Choose a sandbox creator' })
  await choices.getByRole('radio', { name: 'Create a new sandbox creator' }).check()
  await choices.getByLabel('Display name').fill(displayName)
  await choices.getByLabel('Username').fill(username)
  await page.getByRole('button', { name: 'Authorize' }).click()
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

for (const size of SIZES) {
  test.describe(`Connecting accounts (${size.name})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height })
    })

    test('a second creator from the Schedule tab: Connect comes first, and it comes back to Schedule', async ({
      page,
    }) => {
      test.setTimeout(90_000)
      const first = uniqueHandle('one')
      const second = uniqueHandle('two')
      await signUp(page, uniqueEmail('connect-second'))
      await connectSandboxCreator(page, `Uno ${first.slice(-6)}`, first)

      // One account: it is there at a glance, and connecting another is still the first thing offered.
      const card = scheduleCard(page)
      const list = card.getByRole('list', { name: 'TikTok accounts' })
      const row = list.getByRole('listitem').filter({ hasText: `@${first}` })
      await expect(row.getByText(`Uno ${first.slice(-6)}`)).toBeVisible()
      await expect(row.getByText('Connected', { exact: true })).toBeVisible()
      await expect(row.getByText('Sandbox', { exact: true })).toBeVisible()
      await expect(row.getByRole('button', { name: `Edit Uno ${first.slice(-6)}` })).toBeVisible()
      const connect = card.getByRole('button', { name: 'Connect TikTok account', exact: true })
      await expect(connect).toBeVisible()
      // Adding by hand is there, second, and says it cannot post.
      const manual = card.getByRole('button', { name: 'Add account manually' })
      await expect(manual).toBeVisible()
      await expect(card.getByText(/It cannot post until you connect it\./)).toBeVisible()
      const [connectBox, manualBox] = [await connect.boundingBox(), await manual.boundingBox()]
      expect(connectBox && manualBox && connectBox.y < manualBox.y).toBe(true)
      await noSidewaysScroll(page)

      await connect.click()
      await authorizeNewCreator(page, `Dos ${second.slice(-6)}`, second)
      await expect(page.getByText(MESSAGES.tiktokConnected)).toBeVisible({ timeout: 15_000 })
      await expect(page).toHaveURL(SCHEDULE_URL)
      await expect(list.getByRole('listitem')).toHaveCount(2)
      await expect(list.getByRole('listitem').filter({ hasText: `@${second}` })).toBeVisible()
      await expect(
        card.getByRole('combobox', { name: 'TikTok account' }).getByRole('option', { name: new RegExp(`@${second}`) }),
      ).toBeAttached()
    })

    test("from Profile & Accounts it comes back there, and the connected account's username is read-only", async ({
      page,
    }) => {
      test.setTimeout(90_000)
      const username = uniqueHandle('prof')
      const displayName = `Pia ${username.slice(-6)}`
      await signUp(page, uniqueEmail('connect-profile'))
      await openProfile(page)
      await accountsSection(page).getByRole('button', { name: 'Connect TikTok account', exact: true }).click()
      await authorizeNewCreator(page, displayName, username)
      await expect(page).toHaveURL(CALLBACK_URL)
      await expect(page.getByText('Taking you back to Profile & Accounts…')).toBeVisible()
      await expect(page.getByText(MESSAGES.tiktokConnected)).toBeVisible({ timeout: 15_000 })
      await expect(page).toHaveURL(PROFILE_URL)

      await accountsSection(page)
        .getByRole('button', { name: `Edit ${displayName}` })
        .click()
      const dialog = page.getByRole('dialog', { name: 'Edit TikTok Account' })
      const field = dialog.getByLabel('Username')
      await expect(field).toHaveValue(username)
      await expect(field).not.toBeEditable()
      await expect(field).toHaveAccessibleDescription(/comes from TikTok.*reconnect/)
      // The name is the person's own, and stays editable.
      await expect(dialog.getByLabel('Account name')).toBeEditable()
      const box = await dialog.boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= size.width).toBe(true)
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await expect(dialog).toBeHidden()
    })

    test('Deny on TikTok: says what happened; Try again goes back to TikTok, and Authorize then connects', async ({
      page,
    }) => {
      test.setTimeout(90_000)
      const username = uniqueHandle('deny')
      await signUp(page, uniqueEmail('connect-deny'))
      await openProfile(page)
      await accountsSection(page).getByRole('button', { name: 'Connect TikTok account', exact: true }).click()
      await expect(page).toHaveURL(AUTHORIZE_URL)
      await page.getByRole('button', { name: 'Deny' }).click()

      await expect(page).toHaveURL(CALLBACK_URL)
      await expect(page.getByRole('heading', { level: 1, name: 'TikTok account not connected' })).toBeVisible()
      await expect(page.getByText(MESSAGES.connectDenied)).toBeVisible()
      await expect(page.getByRole('button', { name: 'Return to Profile & Accounts' })).toBeVisible()
      await noSidewaysScroll(page)

      await page.getByRole('button', { name: 'Try again' }).click()
      await authorizeNewCreator(page, `Dee ${username.slice(-6)}`, username)
      await expect(page.getByText(MESSAGES.tiktokConnected)).toBeVisible({ timeout: 15_000 })
      await expect(page).toHaveURL(PROFILE_URL)
      await expect(
        accountsSection(page)
          .getByRole('listitem')
          .filter({ hasText: `@${username}` }),
      ).toBeVisible()
    })
  })
}
