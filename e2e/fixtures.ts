import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import type { Post } from '@hookpost/shared/posts'

/**
 * Every test fails on a console error or warning, or an uncaught page error (DEVELOPERS.md; issue 21: no React Router
 * or React warnings either). A test that provokes an HTTP error on purpose (a wrong password answers 401) declares it
 * with `consoleErrors.allow(/401/)`; Chromium logs those responses.
 */
export const test = base.extend<{ consoleErrors: { allow: (pattern: RegExp) => void } }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      const allowed: RegExp[] = []
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text())
        if (msg.type() === 'warning') errors.push(`warning: ${msg.text()}`)
      })
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
      await use({ allow: (pattern) => allowed.push(pattern) })
      expect(
        errors.filter((e) => !allowed.some((p) => p.test(e))),
        'console errors and warnings',
      ).toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

let counter = 0
export function uniqueEmail(prefix: string): string {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`
}

export async function signUp(page: Page, email: string, password = 'correct horse 1') {
  await page.goto('/register')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm Password').fill(password)
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check()
  await page.getByRole('button', { name: 'Create account' }).click()
  // Hashing the password is CPU work: with three workers rendering videos on two cores it can take seconds.
  await expect(page).toHaveURL(/\/dashboard\?tab=schedule$/, { timeout: 30_000 })
}

/**
 * An existing account, made through the API with Playwright's own request context (its cookies are not the page's), for
 * tests that start signed out. The sign-up form itself is walked by the journey tests.
 */
export async function createAccount(request: APIRequestContext, email: string, password = 'correct horse 1') {
  const res = await request.post('/api/auth/sign-up', {
    data: { email, password, confirmPassword: password, acceptTerms: true },
  })
  expect(res.status(), await res.text()).toBe(200)
}

export async function signIn(page: Page, email: string, password: string, rememberMe = false) {
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  if (rememberMe) await page.getByRole('checkbox', { name: 'Remember me' }).check()
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** The newest reset link mailed to `email`, read from the development outbox the way a developer would. */
export async function resetLinkFor(page: Page, email: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/dev/outbox')
      const { mails } = (await res.json()) as { mails: { to: string; text: string; status: string }[] }
      const mail = mails.find((m) => m.to === email && m.status === 'sent')
      link = mail ? /(http\S+reset-password\?token=\S+)/.exec(mail.text)?.[1] : undefined
      return link
    })
    .toBeDefined()
  return link!
}

let handles = 0
/** A sandbox username nobody else has: 2–24 letters, digits, dots or underscores. */
export function uniqueHandle(prefix: string): string {
  handles += 1
  return `${prefix}_${Date.now().toString(36)}${process.pid % 100}${handles}`.slice(0, 24)
}

/**
 * Connects a brand-new sandbox creator from the Schedule tab, as a person would, whether it already has accounts or
 * not (TikTok's authorize page is the sandbox's; e2e/tiktok.spec.ts walks it in detail), and comes back to the
 * Schedule tab. Returns the connected account's id.
 */
export async function connectSandboxCreator(page: Page, displayName: string, username: string): Promise<string> {
  const card = page.getByRole('region', { name: 'Schedule New Video' })
  await card.getByRole('button', { name: 'Connect TikTok account', exact: true }).click()
  await expect(page).toHaveURL(/\/v2\/auth\/authorize\//)
  const choices = page.getByRole('group', { name: 'Choose a sandbox creator' })
  await choices.getByRole('radio', { name: 'Create a new sandbox creator' }).check()
  await choices.getByLabel('Display name').fill(displayName)
  await choices.getByLabel('Username').fill(username)
  await page.getByRole('button', { name: 'Authorize' }).click()
  await expect(page.getByText(MESSAGES.tiktokConnected)).toBeVisible({ timeout: 15_000 })
  await expect(page).toHaveURL(/\/dashboard\?tab=schedule$/)
  const res = await page.request.get('/api/tiktok/accounts')
  const { accounts } = (await res.json()) as { accounts: { id: string; accountUsername: string }[] }
  const account = accounts.find((a) => a.accountUsername === username)
  expect(account, 'the connected account').toBeDefined()
  return account!.id
}

/** Opens the Schedule tab's "Schedule a video" dialog and returns it. */
export async function openScheduleDialog(page: Page): Promise<Locator> {
  const form = page.getByRole('dialog', { name: 'Schedule a video' })
  // The connected notice goes away as the page settles, moving the button: press it again if it moved under the click.
  await expect(async () => {
    await page
      .getByRole('region', { name: 'Schedule New Video' })
      .getByRole('button', { name: 'Schedule a video' })
      .click()
    await expect(form).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  return form
}

/** At this width and below the dashboard has no side menu: the top bar's Menu button opens it as a drawer (ADR 051). */
export const PHONE_MAX_WIDTH = 640

/**
 * The dashboard's navigation, ready to use: the side menu, or on a phone (the page's viewport, so no guessing) the
 * Menu drawer, opened first.
 */
export async function dashboardNav(page: Page): Promise<Locator> {
  if ((page.viewportSize()?.width ?? 1280) <= PHONE_MAX_WIDTH) {
    await page.getByRole('button', { name: 'Menu', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
  }
  return page.getByRole('navigation', { name: 'Dashboard' })
}

/** Follows one of the dashboard's links (a tab, or Profile & Accounts), on any screen. */
export async function openFromDashboardMenu(page: Page, name: string) {
  await (await dashboardNav(page)).getByRole('link', { name }).click()
}

/**
 * POST /api/posts/:id/post-now, as a post's Post now button sends it: the usual engine publishes it at once. Journeys
 * that need a published post use it rather than a post due at the next whole minute (the API takes HH:mm), which
 * cost them up to 80 s of waiting each (issue 31 item 7).
 */
export async function postNow(page: Page, id: string): Promise<Post> {
  const res = await page.request.post(`/api/posts/${id}/post-now`)
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { post: Post }).post
}
