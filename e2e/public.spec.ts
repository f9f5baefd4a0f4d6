import { expect, test } from './fixtures'
import type { Page } from '@playwright/test'

const pages = [
  { path: '/', heading: 'Schedule Your TikTok Content with Confidence' },
  { path: '/features', heading: 'Features' },
  { path: '/pricing', heading: 'Pricing' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-service', heading: 'Terms of Service' },
  { path: '/login', heading: 'Sign in to your account' },
  { path: '/register', heading: 'Create your account' },
  { path: '/forgot-password', heading: 'Reset your password' },
]

test.describe('public site', () => {
  for (const { path, heading } of pages) {
    test(`${path} renders its heading, the top bar and the footer`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      const nav = page.getByRole('navigation', { name: 'Main' })
      for (const name of ['Features', 'Pricing', 'Log in', 'Sign up']) {
        await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
      }
      const footer = page.getByRole('contentinfo')
      await expect(footer.getByRole('link', { name: 'Contact: help@hookpost.test' })).toHaveAttribute(
        'href',
        'mailto:help@hookpost.test',
      )
      await expect(footer).toContainText(`© ${new Date().getFullYear()} Hookpost`)
    })

    test(`${path} fits a 375 px wide phone`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 })
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
    })
  }

  test('landing page: sections and every button goes where the spec says', async ({ page }) => {
    await page.goto('/')
    for (const title of ['Smart Scheduling', 'Performance Analytics', 'Automation Tools']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible()
    }
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible()
    for (const step of ['Connect Your Account', 'Upload Your Content', 'Sit Back and Relax']) {
      await expect(page.getByRole('heading', { name: step })).toBeVisible()
    }
    await expect(page.locator('blockquote')).toHaveCount(3)
    const targets: [string, string][] = [
      ['Start Free Trial', '/register'],
      ['Learn More', '/features'],
      ['Start Your Free Trial', '/register'],
      ['View Pricing', '/pricing'],
    ]
    for (const [name, href] of targets) {
      await page.goto('/')
      await page.getByRole('main').getByRole('link', { name, exact: true }).click()
      await expect(page).toHaveURL(href)
    }
  })

  test('top bar links lead to their pages', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Features' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Features' })).toBeVisible()
    await nav.getByRole('link', { name: 'Pricing' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible()
    await nav.getByRole('link', { name: 'Log in' }).click()
    await expect(page).toHaveURL('/login')
    await nav.getByRole('link', { name: 'Sign up' }).click()
    await expect(page).toHaveURL('/register')
  })

  test('pricing shows the three plans with their limits and the 14-day trial', async ({ page }) => {
    await page.goto('/pricing')
    await expect(page.getByText('14-day free trial, no credit card required')).toBeVisible()
    for (const [plan, price, limit] of [
      ['Basic', '$9', '30 scheduled posts per month'],
      ['Pro', '$29', 'Up to 3 accounts'],
      ['Business', '$79', 'Up to 10 accounts'],
    ] as const) {
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: plan, exact: true }) })
      await expect(card).toContainText(price)
      await expect(card).toContainText(limit)
      await expect(page.getByRole('link', { name: `Start free trial on ${plan}` })).toHaveAttribute(
        'href',
        `/register?plan=${plan.toLowerCase()}`,
      )
    }
  })

  test('footer links all lead to real pages, API Documentation to the live reference', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    for (const href of hrefs) {
      expect(href).toBeTruthy()
      if (href!.startsWith('mailto:')) continue
      const res = await page.request.get(href!)
      expect(res.status(), href!).toBe(200)
    }
    await footer.getByRole('link', { name: 'API Documentation' }).click()
    await expect(page).toHaveURL(/\/api\/docs/)
    // The reference page builds the OpenAPI document of every route on its first load: slow on a busy machine.
    await expect(page.getByRole('heading', { name: /^Hookpost API/ })).toBeVisible({ timeout: 30_000 })
  })

  // ADR 056: a marketing page is served as static HTML with no React; the same page rendered by the SPA (reached by
  // a link inside the app) must read the same, footer's contact line and title included.
  const marketing: [string, (page: Page) => Promise<void>][] = [
    ['/', (page) => page.getByRole('link', { name: 'Hookpost home' }).click()],
    [
      '/features',
      (page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' }).click(),
    ],
    [
      '/pricing',
      (page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click(),
    ],
    ['/privacy-policy', (page) => page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()],
    [
      '/terms-of-service',
      (page) => page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click(),
    ],
  ]
  for (const [path, openInApp] of marketing) {
    test(`${path} is prerendered: no React, and the same content as the SPA's page`, async ({ page }) => {
      await page.goto(path)
      const contact = page.getByRole('contentinfo').getByRole('link', { name: 'Contact: help@hookpost.test' })
      await expect(contact).toBeVisible()
      const scripts = await page.evaluate(() => Array.from(document.scripts, (s) => s.src))
      expect(scripts).toHaveLength(1)
      expect(scripts[0]).toMatch(/\/assets\/public-page-[\w-]+\.js$/)
      const staticText = await page.locator('#root').innerText()
      const staticTitle = await page.title()

      // The SPA's own rendering of the page, reached without a page load.
      await page.goto('/login')
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible()
      await openInApp(page)
      await expect(page).toHaveURL(path)
      await expect(contact).toBeVisible()
      expect(await page.evaluate(() => document.scripts.length)).toBeGreaterThan(0)
      await expect(page).toHaveTitle(staticTitle)
      expect(await page.locator('#root').innerText()).toBe(staticText)
    })
  }

  test('an unknown path goes to the landing page', async ({ page }) => {
    await page.goto('/no/such/page?x=1')
    await expect(page).toHaveURL('/')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Schedule Your TikTok Content with Confidence' }),
    ).toBeVisible()
  })
})
