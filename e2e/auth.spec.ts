import { createAccount, expect, resetLinkFor, signIn, signUp, test, uniqueEmail } from './fixtures'

test.describe('accounts', () => {
  test('sign up → dashboard → sign out → sign in with Remember me → reload keeps you signed in', async ({ page }) => {
    const email = uniqueEmail('journey')
    await signUp(page, email)
    await expect(page.getByRole('button', { name: email })).toBeVisible()

    await page.getByRole('button', { name: email }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page).toHaveURL('/')
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login\?redirectTo=/)

    await page.goto('/login')
    await signIn(page, email, 'correct horse 1', true)
    await expect(page).toHaveURL(/\/dashboard/)
    const cookie = (await page.context().cookies()).find((c) => c.name === 'hookpost.session_token')
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 86_400)

    await page.reload()
    await expect(page.getByRole('button', { name: email })).toBeVisible()
    await expect(page).toHaveURL(/\/dashboard\?tab=schedule/)
  })

  test('without Remember me the session cookie ends with the browser session', async ({ page }) => {
    const email = uniqueEmail('session-cookie')
    await signUp(page, email)
    await page.getByRole('button', { name: email }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page).toHaveURL('/')
    await page.goto('/login')
    await signIn(page, email, 'correct horse 1', false)
    await expect(page).toHaveURL(/\/dashboard/)
    const cookie = (await page.context().cookies()).find((c) => c.name === 'hookpost.session_token')
    expect(cookie?.expires).toBe(-1)
  })

  test('the register form shows every validation message and creates nothing until it is right', async ({ page }) => {
    await page.goto('/register')
    const submit = page.getByRole('button', { name: 'Create account' })
    await expect(page.getByText('Minimum 8 characters')).toBeVisible()

    await submit.click()
    await expect(page.getByText('Please enter your email address')).toBeVisible()
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible()
    await expect(page.getByText('You must agree to the Terms of Service and Privacy Policy')).toBeVisible()

    await page.getByLabel('Email address').fill('not-an-email')
    await submit.click()
    await expect(page.getByText('Please enter a valid email address')).toBeVisible()

    const email = uniqueEmail('validation')
    await page.getByLabel('Email address').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('short')
    await page.getByLabel('Confirm Password').fill('short')
    await submit.click()
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible()
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true')

    await page.getByLabel('Password', { exact: true }).fill('long enough 1')
    await page.getByLabel('Confirm Password').fill('long enough 2')
    await submit.click()
    await expect(page.getByText('Passwords do not match')).toBeVisible()

    await page.getByLabel('Confirm Password').fill('long enough 1')
    await submit.click()
    await expect(page.getByText('You must agree to the Terms of Service and Privacy Policy')).toBeVisible()
    await expect(page).toHaveURL('/register')

    await expect(page.getByRole('main').getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    )
    await expect(page.getByRole('main').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    )
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check()
    await submit.click()
    await expect(page.getByText('Account created! Taking you to your dashboard...')).toBeVisible()
    await expect(page).toHaveURL(/\/dashboard/)
  })

  test('an email that already has an account is refused with a clear message', async ({
    page,
    request,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 409/)
    const email = uniqueEmail('taken')
    await createAccount(request, email)
    await page.goto('/register')
    await page.getByLabel('Email address').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('long enough 1')
    await page.getByLabel('Confirm Password').fill('long enough 1')
    await page.getByRole('checkbox', { name: /I agree/ }).check()
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByRole('alert')).toHaveText('An account with this email already exists. Sign in instead.')
  })

  test('a wrong password is refused and "Signing in..." shows while busy', async ({ page, request, consoleErrors }) => {
    consoleErrors.allow(/status of 401/)
    const email = uniqueEmail('wrong')
    await createAccount(request, email)
    await page.goto('/login')
    await page.route('**/api/auth/sign-in', async (route) => {
      await new Promise((r) => setTimeout(r, 400))
      await route.continue()
    })
    await signIn(page, email, 'not my password')
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled()
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
    await expect(page).toHaveURL('/login')
  })

  test('an unexpected server failure shows the generic message', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 500/)
    await page.route('**/api/auth/sign-in', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"boom"}' }),
    )
    await page.goto('/login')
    await signIn(page, 'someone@example.com', 'whatever 12')
    await expect(page.getByRole('alert')).toHaveText('An unexpected error occurred. Please try again.')
  })

  test('a protected page sends you to sign in, then back to where you were', async ({ page, request }) => {
    const email = uniqueEmail('return')
    await createAccount(request, email)
    await page.goto('/dashboard/profile')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fprofile/)
    await expect(page.getByText('You must be logged in to access the dashboard.')).toBeVisible()
    await signIn(page, email, 'correct horse 1')
    await expect(page).toHaveURL('/dashboard/profile')
    await expect(page.getByRole('heading', { name: 'Profile & Accounts' })).toBeVisible()
  })

  test('signed-in visitors of /login and /register go to the dashboard', async ({ page }) => {
    await signUp(page, uniqueEmail('guest-only'))
    await page.goto('/login')
    await expect(page).toHaveURL(/\/dashboard/)
    await page.goto('/register')
    await expect(page).toHaveURL(/\/dashboard/)
  })

  test('forgot password → reset mail in the outbox → the new password works, the old one and the used link do not', async ({
    page,
    request,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of (400|401)/)
    const email = uniqueEmail('reset')
    await createAccount(request, email, 'old password 1')

    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await expect(page).toHaveURL('/forgot-password')
    await page.getByLabel('Email address').fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(
      page.getByText('If an account exists for that email, we have sent a link to reset your password.'),
    ).toBeVisible()

    const link = await resetLinkFor(page, email)
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
    await page.getByLabel('New password', { exact: true }).fill('new password 1')
    await page.getByLabel('Confirm new password').fill('new password 2')
    await page.getByRole('button', { name: 'Set new password' }).click()
    await expect(page.getByText('Passwords do not match')).toBeVisible()
    await page.getByLabel('Confirm new password').fill('new password 1')
    await page.getByRole('button', { name: 'Set new password' }).click()
    await expect(page).toHaveURL('/login?reset=done')
    await expect(
      page.getByText('Your password has been reset. You can now sign in with your new password.'),
    ).toBeVisible()

    await signIn(page, email, 'old password 1')
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
    await signIn(page, email, 'new password 1')
    await expect(page).toHaveURL(/\/dashboard/)

    // The used link: the page checks it first and says so, without asking for a password (issue 21).
    await page.context().clearCookies()
    await page.goto(link)
    await expect(page.getByRole('alert')).toHaveText(
      'This password reset link is invalid or has expired. Please request a new one.',
    )
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0)
  })

  test('asking a reset for an unknown email answers the same, and mails nobody', async ({ page }) => {
    const email = uniqueEmail('nobody')
    await page.goto('/forgot-password')
    await page.getByLabel('Email address').fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(
      page.getByText('If an account exists for that email, we have sent a link to reset your password.'),
    ).toBeVisible()
    const res = await page.request.get('/api/dev/outbox')
    const { mails } = (await res.json()) as { mails: { to: string }[] }
    expect(mails.filter((m) => m.to === email)).toEqual([])
  })
})
