import { connectSandboxCreator, expect, test, uniqueEmail, uniqueHandle } from './fixtures'

/**
 * The app opened on another name for the same server (ADR 021): the e2e server's PUBLIC_URL is 127.0.0.1 and a person
 * types localhost. Everything is done from where the browser is taken, never by going to baseURL: pages move to
 * PUBLIC_URL's host, so the session cookie is where TikTok sends the browser back to, and connecting a creator works.
 * (Left on localhost, the person would come back from TikTok signed out, to 'This connection attempt has expired'.)
 */
test('opened on another host, a person signs up there and connects a TikTok creator', async ({ page, baseURL }) => {
  const canonical = new URL(baseURL!)
  const other = new URL(baseURL!)
  other.hostname = 'localhost'

  await page.goto(`${other.origin}/?utm_source=bookmark`)
  await expect(page).toHaveURL(`${canonical.origin}/?utm_source=bookmark`)
  await page.getByRole('link', { name: 'Start Free Trial' }).click()
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible()
  const password = 'correct horse 1'
  await page.getByLabel('Email address').fill(uniqueEmail('public-host'))
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm Password').fill(password)
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check()
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/dashboard\?tab=schedule$/, { timeout: 10_000 })

  // It waits for 'Your TikTok account was connected successfully.' and finds the account in the person's list (the
  // notice goes after a few seconds, so it is not looked for again after that).
  await connectSandboxCreator(page, 'Host Hopper', uniqueHandle('hopper'))
  expect(new URL(page.url()).host).toBe(canonical.host)
})
