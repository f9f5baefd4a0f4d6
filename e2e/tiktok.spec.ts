import type { Locator, Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import { expect, openFromDashboardMenu, signUp, test, uniqueEmail, uniqueHandle } from './fixtures'

/**
 * Connecting TikTok accounts against the TikTok sandbox (apps/tiktok-sandbox), which the e2e server starts on the next
 * port. The sandbox's authorize page stands in for TikTok's: pick or create a sandbox creator, then Authorize or Deny.
 */

const CONNECTED_BANNER = 'Your TikTok account was connected successfully.'
const AUTHORIZE_URL = /\/v2\/auth\/authorize\//
const CALLBACK_URL = /\/auth\/tiktok\/callback\/?\?/
const PROFILE_URL = /\/dashboard\/profile$/

function accountsSection(page: Page): Locator {
  return page.getByRole('region', { name: 'TikTok Accounts' })
}

function accountRow(page: Page, username: string): Locator {
  return accountsSection(page)
    .getByRole('listitem')
    .filter({ hasText: `@${username}` })
}

async function openProfile(page: Page) {
  await openFromDashboardMenu(page, 'Profile & Accounts')
  await expect(page).toHaveURL('/dashboard/profile')
  await expect(accountsSection(page)).toBeVisible()
}

/** On the sandbox's authorize page: a brand-new creator, or an existing one by its 'Name (@username)' label. */
async function authorizeAs(
  page: Page,
  creator: { create: { displayName: string; username: string } } | { pick: string },
) {
  await expect(page).toHaveURL(AUTHORIZE_URL)
  const choices = page.getByRole('group', { name: 'Choose a sandbox creator' })
  if ('create' in creator) {
    await choices.getByRole('radio', { name: 'Create a new sandbox creator' }).check()
    await choices.getByLabel('Display name').fill(creator.create.displayName)
    await choices.getByLabel('Username').fill(creator.create.username)
  } else {
    await choices.getByRole('radio', { name: creator.pick, exact: true }).check()
  }
  await page.getByRole('button', { name: 'Authorize' }).click()
}

/**
 * Back from the sandbox: the callback page connects the account and after 2 s moves on to where Connect was pressed
 * (Profile & Accounts, in these tests).
 */
async function expectConnected(page: Page, displayName: string): Promise<string> {
  await expect(page).toHaveURL(CALLBACK_URL)
  const callbackUrl = page.url()
  await expect(page.getByRole('heading', { name: 'TikTok account connected' })).toBeVisible()
  await expect(page.getByText(displayName)).toBeVisible()
  await expect(page.getByText(CONNECTED_BANNER)).toBeVisible({ timeout: 10_000 })
  await expect(page).toHaveURL(PROFILE_URL)
  return callbackUrl
}

test.describe('TikTok accounts', () => {
  test('connect a new sandbox creator end to end; replaying the callback URL connects nothing more', async ({
    page,
    consoleErrors,
  }) => {
    // The replayed callback is refused by the API (400), which Chromium logs.
    consoleErrors.allow(/status of 400/)
    const username = uniqueHandle('new')
    const displayName = `Nova ${username.slice(-6)}`
    await signUp(page, uniqueEmail('tiktok-connect'))
    await expect(
      page.getByRole('banner').getByTitle('TikTok sandbox: nothing is posted to the real TikTok.'),
    ).toHaveText(/^Sandbox/)

    // Before any account, the Schedule tab offers to connect one.
    const schedule = page.getByRole('region', { name: 'Schedule New Video' })
    await expect(schedule.getByRole('heading', { name: 'No TikTok Accounts Connected' })).toBeVisible()
    await expect(schedule.getByRole('button', { name: 'Connect TikTok account' })).toBeVisible()

    await openProfile(page)
    await expect(accountsSection(page).getByRole('heading', { name: 'No TikTok Accounts Connected' })).toBeVisible()
    const redirected = page.waitForURL(/\/dashboard\/profile\?tiktok_connected=true$/, { waitUntil: 'commit' })
    await accountsSection(page).getByRole('button', { name: 'Connect TikTok account', exact: true }).click()
    await authorizeAs(page, { create: { displayName, username } })
    const callbackUrl = await expectConnected(page, displayName)
    await redirected

    // The Schedule tab now lists the account in its picker.
    await openFromDashboardMenu(page, 'Schedule Videos')
    const picker = page.getByRole('combobox', { name: 'TikTok account' })
    await expect(picker).toBeVisible()
    await expect(picker.getByRole('option', { name: new RegExp(`@${username}`) })).toBeAttached()

    await openProfile(page)
    const row = accountRow(page, username)
    await expect(row).toHaveCount(1)
    await expect(row.getByText(displayName)).toBeVisible()
    await expect(row.getByText('Connected', { exact: true })).toBeVisible()
    await expect(row.getByText('Sandbox', { exact: true })).toBeVisible()
    await expect(row.getByRole('button', { name: `Edit ${displayName}` })).toBeVisible()

    // The code in that URL was single-use; the state still says where that flow began.
    await page.goto(callbackUrl)
    await expect(page.getByRole('heading', { name: "We couldn't connect your TikTok account" })).toBeVisible()
    await expect(page.getByText(MESSAGES.connectStateInvalid)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled()
    await expect(page.getByRole('button', { name: 'Return to Profile & Accounts' })).toBeVisible()
    await page.goto('/dashboard/profile')
    await expect(accountsSection(page).getByRole('listitem')).toHaveCount(1)
  })

  test('a creator made on /dummy-account can be picked on the authorize page; edit its description, then delete it', async ({
    page,
  }) => {
    const username = uniqueHandle('dummy')
    const displayName = `Dora ${username.slice(-6)}`

    await page.goto('/dummy-account')
    await expect(page.getByRole('heading', { level: 1, name: 'Create Dummy TikTok Account' })).toBeVisible()
    await expect(page.getByTitle('TikTok sandbox: nothing is posted to the real TikTok.')).toBeVisible()
    await page.getByLabel('Display name').fill(displayName)
    await page.getByLabel('Username').fill(username)
    await page.getByRole('checkbox', { name: 'Private account' }).check()
    await page.getByRole('button', { name: 'Create Dummy TikTok Account' }).click()
    await expect(page.getByText('Sandbox creator created')).toBeVisible()
    const creators = page.getByRole('list', { name: 'Sandbox creators' })
    await expect(creators.getByRole('listitem').filter({ hasText: `@${username}` })).toContainText('Private')
    await expect(page.getByRole('link', { name: /Open the TikTok sandbox/ })).toHaveAttribute('href', /^http/)

    await signUp(page, uniqueEmail('tiktok-dummy'))
    await openProfile(page)
    await accountsSection(page).getByRole('button', { name: 'Connect TikTok account', exact: true }).click()
    await authorizeAs(page, { pick: `${displayName} (@${username})` })
    await expectConnected(page, displayName)
    await openProfile(page)

    // Edit: the dialog's second tab holds the description that feeds AI hooks.
    const edit = accountRow(page, username).getByRole('button', { name: `Edit ${displayName}` })
    await edit.click()
    let dialog = page.getByRole('dialog', { name: 'Edit TikTok Account' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Account name')).toHaveValue(displayName)
    // Escape closes it and gives focus back to the button that opened it.
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(edit).toBeFocused()

    await edit.press('Enter')
    dialog = page.getByRole('dialog', { name: 'Edit TikTok Account' })
    const basicTab = dialog.getByRole('tab', { name: 'Basic Info' })
    await basicTab.focus()
    await page.keyboard.press('ArrowRight')
    const descriptionTab = dialog.getByRole('tab', { name: 'Account Description' })
    await expect(descriptionTab).toBeFocused()
    await expect(descriptionTab).toHaveAttribute('aria-selected', 'true')
    await dialog.getByLabel('Target audience').fill('Students who cook on a budget')
    await dialog.getByLabel('Niche').fill('Five-ingredient dinners')
    await dialog.getByLabel('App goals').fill('Installs of the recipe app')
    // A required field emptied on the other tab: Save brings that tab back with the error.
    await basicTab.click()
    await dialog.getByLabel('Account name').fill('')
    await descriptionTab.click()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(basicTab).toHaveAttribute('aria-selected', 'true')
    await expect(dialog.getByLabel('Account name')).toBeFocused()
    await expect(dialog.getByText('Please fill in all required fields')).toBeVisible()
    await dialog.getByLabel('Account name').fill(displayName)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()
    await expect(accountsSection(page).getByText('Account updated successfully')).toBeVisible()

    await page.reload()
    await accountRow(page, username)
      .getByRole('button', { name: `Edit ${displayName}` })
      .click()
    dialog = page.getByRole('dialog', { name: 'Edit TikTok Account' })
    await dialog.getByRole('tab', { name: 'Account Description' }).click()
    await expect(dialog.getByLabel('Target audience')).toHaveValue('Students who cook on a budget')
    await expect(dialog.getByLabel('Niche')).toHaveValue('Five-ingredient dinners')
    await expect(dialog.getByLabel('App goals')).toHaveValue('Installs of the recipe app')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()

    // Delete asks first; Cancel keeps the account.
    await accountRow(page, username)
      .getByRole('button', { name: `Delete ${displayName}` })
      .click()
    const confirm = page.getByRole('dialog', { name: `Delete ${displayName}?` })
    await expect(
      confirm.getByText(
        'Are you sure you want to delete this account? All scheduled videos for this account will also be deleted.',
      ),
    ).toBeVisible()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toBeHidden()
    await expect(accountRow(page, username)).toHaveCount(1)

    await accountRow(page, username)
      .getByRole('button', { name: `Delete ${displayName}` })
      .click()
    await page
      .getByRole('dialog', { name: `Delete ${displayName}?` })
      .getByRole('button', { name: 'Delete account' })
      .click()
    await expect(accountsSection(page).getByText('Account deleted successfully')).toBeVisible()
    await expect(accountsSection(page).getByRole('heading', { name: 'No TikTok Accounts Connected' })).toBeVisible()
    await page.reload()
    await expect(accountsSection(page).getByRole('heading', { name: 'No TikTok Accounts Connected' })).toBeVisible()
  })

  test('an account added by hand is "Not connected" until Connect fills it in', async ({ page }) => {
    const username = uniqueHandle('hand')
    const displayName = `Hana ${username.slice(-6)}`
    await signUp(page, uniqueEmail('tiktok-manual'))
    await openProfile(page)

    await accountsSection(page).getByRole('button', { name: 'Add account manually' }).click()
    let dialog = page.getByRole('dialog', { name: 'Add TikTok Account' })
    await expect(dialog.getByLabel('Account name')).toBeFocused()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true')
    await dialog.getByLabel('Account name').fill('My shop')
    await dialog.getByLabel('Username').fill(`@${username}`)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()
    await expect(accountsSection(page).getByText('Account added successfully')).toBeVisible()
    const row = accountRow(page, username)
    await expect(row.getByText('Not connected', { exact: true })).toBeVisible()
    // Not connected yet: its username is the person's, and can be corrected.
    await row.getByRole('button', { name: 'Edit My shop' }).click()
    dialog = page.getByRole('dialog', { name: 'Edit TikTok Account' })
    await expect(dialog.getByLabel('Username')).toBeEditable()
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    await row.getByRole('button', { name: 'Connect My shop' }).click()
    await authorizeAs(page, { create: { displayName, username } })
    // The account keeps the name the person gave it; connecting fills in its tokens and TikTok's username.
    await expectConnected(page, 'My shop')
    await openProfile(page)
    await expect(accountsSection(page).getByRole('listitem')).toHaveCount(1)
    await expect(accountRow(page, username).getByText('My shop')).toBeVisible()
    await expect(accountRow(page, username).getByText('Connected', { exact: true })).toBeVisible()
    await expect(accountRow(page, username).getByText('Sandbox', { exact: true })).toBeVisible()
  })

  test('the Schedule tab offers to connect, and adds and edits accounts in the same dialog', async ({ page }) => {
    const username = uniqueHandle('sched')
    await signUp(page, uniqueEmail('tiktok-schedule'))
    const card = page.getByRole('region', { name: 'Schedule New Video' })
    await expect(card.getByRole('heading', { name: 'No TikTok Accounts Connected' })).toBeVisible()
    await expect(card.getByRole('button', { name: 'Connect TikTok account' })).toBeVisible()

    await card.getByRole('button', { name: 'Add account manually' }).click()
    const add = page.getByRole('dialog', { name: 'Add TikTok Account' })
    await add.getByLabel('Account name').fill('Corner Bakery')
    await add.getByLabel('Username').fill(username)
    await add.getByRole('button', { name: 'Save' }).click()
    await expect(add).toBeHidden()
    await expect(card.getByText('Account added successfully')).toBeVisible()
    await expect(card.getByLabel('TikTok account', { exact: true })).toContainText(`Corner Bakery (@${username})`)
    // At a glance, with what can be done with it; connecting it is still offered first.
    const row = card.getByRole('list', { name: 'TikTok accounts' }).getByRole('listitem')
    await expect(row.getByText('Not connected', { exact: true })).toBeVisible()
    await expect(row.getByRole('button', { name: 'Connect Corner Bakery' })).toBeVisible()
    await expect(card.getByRole('button', { name: 'Connect TikTok account', exact: true })).toBeVisible()

    await row.getByRole('button', { name: 'Edit Corner Bakery' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit TikTok Account' })
    await edit.getByRole('tab', { name: 'Account Description' }).click()
    await edit.getByLabel('Niche').fill('Sourdough for beginners')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(edit).toBeHidden()
    await expect(card.getByText('Account updated successfully')).toBeVisible()
    await row.getByRole('button', { name: 'Edit Corner Bakery' }).click()
    await page.getByRole('tab', { name: 'Account Description' }).click()
    await expect(page.getByLabel('Niche')).toHaveValue('Sourdough for beginners')
  })

  test('Deny on the authorize page says so, goes back where it began, and nothing is connected', async ({ page }) => {
    await signUp(page, uniqueEmail('tiktok-deny'))
    await openProfile(page)
    await accountsSection(page).getByRole('button', { name: 'Connect TikTok account', exact: true }).click()
    await expect(page).toHaveURL(AUTHORIZE_URL)
    await page.getByRole('button', { name: 'Deny' }).click()

    await expect(page).toHaveURL(CALLBACK_URL)
    await expect(page.getByRole('heading', { name: 'TikTok account not connected' })).toBeVisible()
    await expect(page.getByText(MESSAGES.connectDenied)).toBeVisible()
    // The person's choice, not an error of TikTok's.
    await expect(page.getByText('Authentication error from TikTok')).toHaveCount(0)
    await page.getByRole('button', { name: 'Return to Profile & Accounts' }).click()
    await expect(page).toHaveURL(PROFILE_URL)
    await expect(accountsSection(page).getByRole('heading', { name: 'No TikTok Accounts Connected' })).toBeVisible()
  })

  test('a tampered state is refused and connects nothing', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 400/)
    await signUp(page, uniqueEmail('tiktok-tamper'))
    await openProfile(page)

    // Change `state` in the sandbox's redirect before the browser follows it; the code itself stays genuine. (Routes do
    // not see the redirected request itself, so the sandbox's answer to the Authorize form is the one rewritten.)
    let tampered = false
    await page.route(AUTHORIZE_URL, async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      const response = await route.fetch({ maxRedirects: 0 })
      const location = response.headers()['location']
      if (!location || !CALLBACK_URL.test(location)) return route.fulfill({ response })
      const url = new URL(location)
      url.searchParams.set('state', `${url.searchParams.get('state') ?? ''}x`)
      tampered = true
      await route.fulfill({ response, headers: { ...response.headers(), location: url.toString() } })
    })
    await accountsSection(page).getByRole('button', { name: 'Connect TikTok account', exact: true }).click()
    await authorizeAs(page, { create: { displayName: 'Tamper Test', username: uniqueHandle('tamper') } })

    await expect(page).toHaveURL(CALLBACK_URL)
    expect(tampered).toBe(true)
    await expect(page.getByRole('heading', { name: "We couldn't connect your TikTok account" })).toBeVisible()
    // A state nobody issued says nothing about where the flow began: back to the dashboard.
    await expect(page.getByRole('button', { name: 'Return to Dashboard' })).toBeVisible()
    await page.unroute(AUTHORIZE_URL)
    await page.goto('/dashboard/profile')
    await expect(accountsSection(page).getByRole('heading', { name: 'No TikTok Accounts Connected' })).toBeVisible()
  })

  test('the callback page: signed out it sends you to sign in and back; without a code it says so', async ({
    page,
  }) => {
    await page.goto('/auth/tiktok/callback/?error=access_denied&state=abc')
    await expect(page).toHaveURL(
      `/login?redirectTo=${encodeURIComponent('/auth/tiktok/callback/?error=access_denied&state=abc')}`,
    )
    await signUp(page, uniqueEmail('tiktok-callback'))
    await page.goto('/auth/tiktok/callback/?error=access_denied&error_description=Denied%20by%20test&state=abc')
    await expect(page.getByText(MESSAGES.connectDenied)).toBeVisible()
    // TikTok's other errors: the spec's words, what they mean, and TikTok's own description.
    await page.goto('/auth/tiktok/callback/?error=temporarily_unavailable&error_description=Busy%20by%20test&state=abc')
    await expect(page.getByText('Authentication error from TikTok')).toBeVisible()
    await expect(page.getByText(/TikTok is busy right now/)).toBeVisible()
    await expect(page.getByText('Busy by test')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
    await page.goto('/auth/tiktok/callback?state=abc')
    await expect(page.getByText('No authorization code found in URL')).toBeVisible()
  })

  test('on a 375 px phone the accounts and the dialog fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await signUp(page, uniqueEmail('tiktok-phone'))
    // No room for the badge beside the email on a phone: the line under the top bar says it.
    await expect(
      page.getByRole('banner').getByTitle('TikTok sandbox: nothing is posted to the real TikTok.'),
    ).toBeHidden()
    await expect(
      page.getByRole('banner').getByText('TikTok sandbox: nothing is posted to the real TikTok.'),
    ).toBeVisible()
    await openProfile(page)
    await accountsSection(page).getByRole('button', { name: 'Add account manually' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add TikTok Account' })
    await dialog.getByLabel('Account name').fill('A rather long account name that has to wrap on a phone')
    await dialog.getByLabel('Username').fill(uniqueHandle('phone'))
    const box = await dialog.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(accountsSection(page).getByText('Account added successfully')).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)

    // Everything in the row is reachable by keyboard, with a visible focus ring.
    const edit = accountsSection(page).getByRole('button', { name: /^Edit / })
    await edit.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    await expect(edit).toBeFocused()
    const outline = await edit.evaluate((el) => getComputedStyle(el).outlineStyle)
    expect(outline).not.toBe('none')
  })
})
