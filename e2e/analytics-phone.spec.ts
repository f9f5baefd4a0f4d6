import type { Locator, Page } from '@playwright/test'
import type { BestTimes, TopPost } from '@hookpost/shared/analytics'
import { WEEKDAYS } from '@hookpost/shared/automation'
import { schedulePublic } from './analytics-posts'
import { makeClip, uploadClip } from './clip'
import {
  connectSandboxCreator,
  dashboardNav,
  expect,
  openFromDashboardMenu,
  postNow,
  signUp,
  test,
  uniqueEmail,
  uniqueHandle,
} from './fixtures'
import { chooseTimeZone } from './time-zone-picker'

/**
 * Issue 30 item 10, "Phone (375 px) and Analytics", walked on a 375 px phone against the real server, its stats sync
 * and the TikTok sandbox: the dashboard's Menu drawer by keyboard; the person's own time zone (not the browser's) on
 * every date of the Analytics tab, said once; two connected accounts whose posts go out while the tab is open, and
 * the All accounts overview that follows the scheduled stats sync by itself (no click); the account choice kept
 * across reloads; and nothing wider than the screen. The best-times heat map's phone layout is checked with a full
 * week of cells, which a test account cannot have yet.
 */

const BROWSER_ZONE = 'America/New_York'
const PROFILE_ZONE = 'Asia/Tokyo'
test.use({ timezoneId: BROWSER_ZONE, viewport: { width: 375, height: 812 } })

let clip: Buffer
test.beforeAll(() => {
  clip = makeClip()
})

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

/** 'Tue, Apr 7, 2026, 2:30 PM' in `zone`, as the app writes an instant (lib/format.ts). */
function dateTimeIn(instant: string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
  }).format(new Date(instant))
}

/** A totals card's figure by its label. */
function card(container: Locator, label: string): Locator {
  return container.locator('dt', { hasText: label }).locator('..').locator('dd').first()
}

async function setProfileZone(page: Page, zone: string) {
  await openFromDashboardMenu(page, 'Profile & Accounts')
  await expect(page).toHaveURL('/dashboard/profile')
  await chooseTimeZone(page.locator('body'), zone)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Profile saved')).toBeVisible()
}

async function openAnalytics(page: Page) {
  await openFromDashboardMenu(page, 'Analytics')
  await expect(page).toHaveURL('/dashboard?tab=analytics')
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
}

test('the Menu drawer on a phone, by keyboard: focus stays inside, Escape closes it and gives focus back', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('drawer'))
  // No rail: the page has the whole width.
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden()
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true })
  await menuButton.focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Menu' })
  await expect(drawer).toBeVisible()
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true')

  // Tab goes round inside the drawer, never to the page behind it (the modal dialog makes the page inert; past its
  // last link the browser's own toolbar may take focus, which leaves document.body active).
  const seen = new Set<string>()
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab')
    const where = await drawer.evaluate((d) => {
      const active = document.activeElement
      if (!active || active === document.body) return 'browser'
      return d.contains(active) ? `drawer:${active.textContent ?? ''}` : 'page behind'
    })
    expect(where).not.toBe('page behind')
    seen.add(where)
  }
  expect(seen).toContain('drawer:Schedule Videos')
  expect(seen).toContain('drawer:Profile & Accounts')

  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(menuButton).toBeFocused()

  // Every destination by keyboard: open, move to a link, Enter.
  await page.keyboard.press('Enter')
  const analytics = drawer.getByRole('link', { name: 'Analytics' })
  await analytics.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/dashboard?tab=analytics')
  await expect(drawer).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
  await expect((await dashboardNav(page)).getByRole('link', { name: 'Analytics' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await page.keyboard.press('Escape')
  expect(await overflow(page)).toBeLessThanOrEqual(0)
})

test('two accounts on a phone: All accounts follows the stats sync without a click, in my zone, and is remembered', async ({
  page,
}) => {
  test.setTimeout(420_000)
  await signUp(page, uniqueEmail('analytics-phone'))
  // The browser is in New York; the person says Tokyo. The tab follows the person.
  await setProfileZone(page, PROFILE_ZONE)
  // The dashboard offers the browser's zone (ADR 049): this person keeps the one they chose.
  await page.getByRole('button', { name: `Keep ${PROFILE_ZONE.replace('_', ' ')}` }).click()
  await openFromDashboardMenu(page, 'Schedule Videos')

  const first = uniqueHandle('allone')
  const second = uniqueHandle('alltwo')
  const firstId = await connectSandboxCreator(page, `Uma ${first.slice(-6)}`, first)
  const secondId = await connectSandboxCreator(page, `Vic ${second.slice(-6)}`, second)
  const mediaId = await uploadClip(page, clip, 'phone.mp4')
  const posts = [
    await schedulePublic(page, firstId, mediaId, 'Phone analytics: Uma'),
    await schedulePublic(page, secondId, mediaId, 'Phone analytics: Vic'),
  ]

  // Opened before the posts go out: nothing published yet.
  await openAnalytics(page)
  const select = page.getByLabel('TikTok account')
  await expect(select).toHaveValue('all')
  await expect(page.getByText(`All dates and times on this tab are in ${PROFILE_ZONE}`, { exact: false })).toBeVisible()
  await expect(page.getByText(BROWSER_ZONE.replace('_', ' '), { exact: false })).toHaveCount(0)
  const all = page.getByRole('region', { name: 'All accounts' })
  await expect(card(all, 'Posts published')).toHaveText('0')
  for (const post of posts) await postNow(page, post.id)

  // The posts go out, the server's scheduled stats sync reads them and says analytics.synced: the overview follows,
  // with nobody pressing anything.
  await expect(card(all, 'Posts published')).toHaveText('2', { timeout: 300_000 })
  await expect(all.getByText(/^Updated \w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/)).toBeVisible()
  const table = all.getByRole('table', { name: 'Each account’s figures in this period' })
  for (const handle of [first, second]) {
    const row = table.getByRole('row', { name: new RegExp(`@${handle}`) })
    // Followers, views, likes, comments, shares, posts published, updated.
    await expect(row.getByRole('cell').nth(5)).toHaveText('1')
    await expect(row.getByRole('cell').nth(6)).not.toHaveText('Not yet')
  }
  expect(await overflow(page)).toBeLessThanOrEqual(0)

  // A reload keeps All accounts.
  await page.reload()
  await expect(select).toHaveValue('all')
  await expect(card(all, 'Posts published')).toHaveText('2')

  // One account from its row; a reload keeps it.
  await table.getByRole('button', { name: new RegExp(`@${first}`) }).click()
  await expect(select).toHaveValue(firstId)
  await page.reload()
  await expect(select).toHaveValue(firstId)

  // That account's figures on a phone: its post's time in Tokyo, and no part of the page wider than the screen.
  const overview = page.getByRole('region', { name: 'Overview' })
  await expect(card(overview, 'Posts published')).toHaveText('1')
  await expect(page.getByText(/^Updated /)).toBeVisible()
  const topRes = await page.request.get(
    `/api/analytics/top-posts?${new URLSearchParams({
      accountId: firstId,
      from: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      to: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      tz: PROFILE_ZONE,
    }).toString()}`,
  )
  expect(topRes.status(), await topRes.text()).toBe(200)
  const [post] = ((await topRes.json()) as { posts: TopPost[] }).posts
  expect(post, 'the published post').toBeDefined()
  await expect(
    page
      .getByRole('list', { name: 'Top posts' })
      .getByText(`Published ${dateTimeIn(post!.publishedAt, PROFILE_ZONE)}`, { exact: true }),
  ).toBeVisible()
  const board = page.getByRole('region', { name: 'Hook leaderboard' })
  for (const tab of await board.getByRole('tab').all()) {
    const box = (await tab.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(375)
  }
  await board.scrollIntoViewIfNeeded()
  await board.getByRole('tab', { name: 'Format' }).click()
  await expect(board.getByRole('tab', { name: 'Format' })).toHaveAttribute('aria-selected', 'true')
  expect(await overflow(page)).toBeLessThanOrEqual(0)
})

/** A full week of the best-times map (every hour posted in), as an account with a long history has it. */
function fullWeek(accountId: string): BestTimes {
  return {
    accountId,
    timeZone: PROFILE_ZONE,
    posts: 7 * 24 * 2,
    minPosts: 10,
    enough: true,
    message: null,
    cells: WEEKDAYS.flatMap((weekday, day) =>
      Array.from({ length: 24 }, (_, hour) => ({
        weekday,
        hour,
        posts: 2,
        relativeViews: Math.round((0.5 + ((day * 24 + hour) % 9) / 4) * 100) / 100,
      })),
    ),
    suggestions: [{ weekday: 'tuesday', hour: 18, relativeViews: 2.1, posts: 2 }],
  }
}

test('the best-times heat map on a phone scrolls inside its own region, every weekday still labelled', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('heat-phone'))
  const res = await page.request.post('/api/tiktok/accounts', {
    data: { accountName: 'Heat Map', accountUsername: uniqueHandle('heat'), timeZone: null },
  })
  expect(res.status(), await res.text()).toBe(201)
  const accountId = ((await res.json()) as { account: { id: string } }).account.id
  // The server's answer for this account, with its cells filled in: a fresh account has no week of posts yet.
  await page.route('**/api/analytics/best-times?*', async (route) => {
    const real = await route.fetch()
    expect(real.status()).toBe(200)
    const asked = new URL(route.request().url()).searchParams
    expect(asked.get('tz')).toBe(PROFILE_ZONE)
    await route.fulfill({ response: real, json: fullWeek(asked.get('accountId') ?? accountId) })
  })
  await setProfileZone(page, PROFILE_ZONE)
  await openAnalytics(page)

  const map = page.getByRole('region', { name: 'Views by weekday and hour' })
  await expect(map.getByRole('table')).toBeVisible()
  await map.scrollIntoViewIfNeeded()
  await expect(map.getByRole('table').locator('caption')).toHaveText(/in your time zone$/)
  const frame = (await map.boundingBox())!
  expect(frame.x + frame.width).toBeLessThanOrEqual(375)
  // It is wider than the phone, and scrolls inside its region — not the page.
  expect(await map.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  expect(await overflow(page)).toBeLessThanOrEqual(0)

  // Scrolled to its last hour, each weekday's label is still at the region's left edge.
  await map.evaluate((el) => el.scrollTo({ left: el.scrollWidth }))
  await expect(map.getByRole('columnheader', { name: '11 PM' })).toBeInViewport()
  for (const weekday of ['Monday', 'Sunday']) {
    const label = (await map.getByRole('rowheader', { name: weekday }).boundingBox())!
    expect(label.x).toBeGreaterThanOrEqual(frame.x - 0.5)
    expect(label.x + label.width).toBeLessThanOrEqual(frame.x + 60)
  }
  // And by keyboard: the region takes focus and the arrow keys scroll it back.
  const scrolled = await map.evaluate((el) => el.scrollLeft)
  await map.focus()
  await expect(map).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect.poll(() => map.evaluate((el) => el.scrollLeft)).toBeLessThan(scrolled)
})
