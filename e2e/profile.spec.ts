import type { Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import { expect, signIn, signUp, test, uniqueEmail } from './fixtures'

/** Issue 18 item 10: account self-service on the Profile & Accounts page, walked as a person would. */

/** The newest delivered link of a mail to `email` whose subject is `subject`, read from the development outbox. */
async function mailedLink(page: Page, email: string, subject: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/dev/outbox')
      const { mails } = (await res.json()) as { mails: { to: string; subject: string; text: string; status: string }[] }
      const mail = mails.find((m) => m.to === email && m.subject === subject && m.status === 'sent')
      link = mail ? /(http\S+\?token=\S+)/.exec(mail.text)?.[1] : undefined
      return link
    })
    .toBeDefined()
  return link!
}

async function openProfile(page: Page) {
  await page.goto('/dashboard/profile')
  await expect(page.getByRole('heading', { name: 'Profile & Accounts' })).toBeVisible()
}

test.describe('Profile & Accounts: your account', () => {
  // Each walk hashes a password several times (scrypt) on a machine that may be making the stock clips meanwhile.
  test.describe.configure({ timeout: 60_000 })

  test('change password: the current one is needed, other devices are signed out, the new one signs in', async ({
    page,
    playwright,
    consoleErrors,
  }) => {
    // The wrong current password answers 400; the old password after the change, 401.
    consoleErrors.allow(/status of (400|401)/)
    const email = uniqueEmail('change-pw')
    await signUp(page, email)
    // Another device, signed in too.
    const phone = await playwright.request.newContext({ baseURL: page.url() })
    expect((await phone.post('/api/auth/sign-in', { data: { email, password: 'correct horse 1' } })).status()).toBe(200)
    expect((await phone.get('/api/profile')).status()).toBe(200)

    await openProfile(page)
    const section = page.getByRole('region', { name: 'Change password' })
    await section.getByRole('button', { name: 'Change password' }).click()
    await expect(section.getByLabel('Current password')).toBeFocused()
    await expect(section.getByText(MESSAGES.currentPasswordRequired)).toBeVisible()

    await section.getByLabel('Current password').fill('not my password')
    await section.getByLabel('New password', { exact: true }).fill('a fresh secret 42')
    await section.getByLabel('Confirm new password').fill('a fresh secret 42')
    await section.getByRole('button', { name: 'Change password' }).click()
    await expect(section.getByText(MESSAGES.currentPasswordWrong)).toBeVisible()
    await expect(section.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true')

    await section.getByLabel('Current password').fill('correct horse 1')
    await section.getByLabel('New password', { exact: true }).fill('iloveyou1')
    await section.getByLabel('Confirm new password').fill('iloveyou1')
    await section.getByRole('button', { name: 'Change password' }).click()
    await expect(section.getByText(MESSAGES.passwordTooCommon)).toBeVisible()

    await section.getByLabel('New password', { exact: true }).fill('a fresh secret 42')
    await section.getByLabel('Confirm new password').fill('a fresh secret 42')
    await section.getByRole('button', { name: 'Change password' }).click()
    await expect(section.getByText(MESSAGES.passwordChanged)).toBeVisible()
    await expect(section.getByLabel('Current password')).toHaveValue('')

    // This browser is still signed in; the other device is not.
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Profile & Accounts' })).toBeVisible()
    expect((await phone.get('/api/profile')).status()).toBe(401)
    await phone.dispose()

    await page.getByRole('button', { name: email }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page).toHaveURL('/')
    await page.goto('/login')
    await signIn(page, email, 'correct horse 1')
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials)
    await signIn(page, email, 'a fresh secret 42')
    await expect(page).toHaveURL(/\/dashboard/)
  })

  test('delete my account: a dialog asks for the password, then everything goes and you land signed out', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of (400|401)/)
    const email = uniqueEmail('delete-me')
    await signUp(page, email)
    await openProfile(page)
    const section = page.getByRole('region', { name: 'Delete account' })
    const open = section.getByRole('button', { name: 'Delete my account...' })

    // Cancel leaves everything as it was, with focus back on the button.
    await open.click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    await expect(dialog.getByLabel('Your password')).toBeFocused()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(open).toBeFocused()

    await open.click()
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await expect(dialog.getByText(MESSAGES.deleteAccountPasswordRequired)).toBeVisible()
    await dialog.getByLabel('Your password').fill('not my password')
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await expect(dialog.getByText(MESSAGES.currentPasswordWrong)).toBeVisible()
    await expect(page).toHaveURL(/\/dashboard\/profile/)

    await dialog.getByLabel('Your password').fill('correct horse 1')
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.ownAccountDeleted })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible()

    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login\?redirectTo=/)
    await signIn(page, email, 'correct horse 1')
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials)
  })

  test('on a 375 px phone, by keyboard: confirm the email from the mail, then delete the account', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 401/)
    await page.setViewportSize({ width: 375, height: 740 })
    const email = uniqueEmail('phone')
    await signUp(page, email)
    await openProfile(page)
    await expect(page.getByText('Not verified yet. Open the link we mailed you to confirm this address.')).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, 'no sideways scrolling at 375 px').toBeLessThanOrEqual(0)

    await page.goto(await mailedLink(page, email, 'Confirm your Hookpost email address'))
    await expect(page.getByText(MESSAGES.emailVerified)).toBeVisible()
    await page.getByRole('link', { name: 'Go to Profile & Accounts' }).click()
    await expect(page.getByText('Verified', { exact: true })).toBeVisible()

    const open = page.getByRole('button', { name: 'Delete my account...' })
    await open.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    await expect(dialog.getByLabel('Your password')).toBeFocused()
    // Focus stays in the dialog: Tab from the last button wraps within it, never onto the page behind.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab')
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    await dialog.getByLabel('Your password').focus()
    await page.keyboard.type('correct horse 1')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/')
    await expect(page.getByText(MESSAGES.ownAccountDeleted)).toBeVisible()
  })

  test('sign-up refuses one of the most common passwords, on the password field', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 400/)
    await page.goto('/register')
    await page.getByLabel('Email address').fill(uniqueEmail('common-pw'))
    await page.getByLabel('Password', { exact: true }).fill('Password123')
    await page.getByLabel('Confirm Password').fill('Password123')
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check()
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByText(MESSAGES.passwordTooCommon)).toBeVisible()
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page).toHaveURL('/register')
  })

  test('change email: the address changes when the link mailed to the new one is opened', async ({ page }) => {
    const email = uniqueEmail('old-address')
    const next = uniqueEmail('new-address')
    await signUp(page, email)
    await openProfile(page)
    const section = page.getByRole('region', { name: 'Change email' })
    await section.getByLabel('New email address').fill(next)
    await section.getByLabel('Current password').fill('correct horse 1')
    await section.getByRole('button', { name: 'Send confirmation link' }).click()
    await expect(section.getByText(`We sent a link to ${next}.`, { exact: false })).toBeVisible()

    await page.goto(await mailedLink(page, next, 'Confirm your new Hookpost email address'))
    await expect(page.getByText(MESSAGES.emailChanged)).toBeVisible()
    await page.getByRole('link', { name: 'Go to Profile & Accounts' }).click()
    const account = page.getByRole('region', { name: 'Your account' })
    await expect(account.getByText(next)).toBeVisible()
    await expect(account.getByText('Verified', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: next })).toBeVisible()
  })
})
