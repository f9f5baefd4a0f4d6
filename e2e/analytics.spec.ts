import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { ANALYTICS_CSV_COLUMNS, ANALYTICS_MESSAGES } from '@hookpost/shared/analytics'
import { schedulePublic, waitUntilUploaded } from './analytics-posts'
import { makeClip, uploadClip } from './clip'
import {
  connectSandboxCreator,
  expect,
  openFromDashboardMenu,
  postNow,
  signUp,
  test,
  uniqueEmail,
  uniqueHandle,
} from './fixtures'

/**
 * The Analytics tab against the real server, its stats sync and the TikTok sandbox (whose Display API reports public
 * videos with views that grow over time): a connected sandbox account publishes two public posts; on the Analytics
 * tab 'Refresh stats' fetches their figures, and the totals, the views chart and its table, the top posts with their
 * first-week curves, the hook leaderboard and the best-time section show; the CSV downloads with the contract's
 * columns. Then the same screen at 375 px.
 */

const ZONE = 'Europe/Berlin'
test.use({ timezoneId: ZONE })

let clip: Buffer

test.beforeAll(() => {
  clip = makeClip()
})

function region(page: Page, name: string): Locator {
  return page.getByRole('region', { name })
}

async function openAnalytics(page: Page) {
  await openFromDashboardMenu(page, 'Analytics')
  await expect(page).toHaveURL('/dashboard?tab=analytics')
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
}

/** Presses 'Refresh stats' and waits for the live `analytics.synced` to end the progress note. */
async function refreshStats(page: Page) {
  const refresh = page.getByRole('button', { name: 'Refresh stats' })
  await expect(refresh).toBeEnabled({ timeout: 60_000 })
  const requested = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/analytics/sync',
  )
  await refresh.click()
  expect((await requested).status()).toBe(202)
  await expect(page.getByText('Refreshing stats…')).toBeHidden({ timeout: 60_000 })
  await expect(page.getByText(/^Updated /)).toBeVisible()
  await expect(refresh).toBeEnabled()
}

test.describe('Analytics tab', () => {
  test('a sandbox account’s published posts: Refresh stats, then totals, chart and table, top posts, leaderboard, CSV', async ({
    page,
  }) => {
    test.setTimeout(360_000)
    await signUp(page, uniqueEmail('analytics'))

    // Issue 19 item 6: before connecting, the person can read what each TikTok permission is for.
    const card = page.getByRole('region', { name: 'Schedule New Video' })
    await card.getByText('What Hookpost asks TikTok for').click()
    await expect(card.getByText('video.list', { exact: true })).toBeVisible()
    await expect(card.getByText('user.info.stats', { exact: true })).toBeVisible()

    const username = uniqueHandle('stats')
    const accountId = await connectSandboxCreator(page, `Stella ${username.slice(-6)}`, username)
    const mediaId = await uploadClip(page, clip, 'kitchen.mp4')
    const first = await schedulePublic(page, accountId, mediaId, 'Analytics e2e: first')
    const second = await schedulePublic(page, accountId, mediaId, 'Analytics e2e: second')
    for (const post of [first, second]) await postNow(page, post.id)
    await waitUntilUploaded(page, [first.id, second.id])

    await openAnalytics(page)
    // The only account is chosen already; every date and time is in the person's zone (the browser's, by default).
    await expect(page.getByLabel('TikTok account')).toHaveValue(accountId)
    await expect(page.getByText(`All dates and times on this tab are in ${ZONE}`, { exact: false })).toBeVisible()
    // The figures of a sandbox account are simulated, and the tab says so.
    await expect(page.getByText(ANALYTICS_MESSAGES.sandboxFigures)).toBeVisible()
    await refreshStats(page)

    // Totals and the views chart, with its figures as a table.
    const overview = region(page, 'Overview')
    const posts = overview.locator('dt', { hasText: 'Posts published' }).locator('..')
    await expect(posts.locator('dd').first()).toHaveText('2', { timeout: 30_000 })
    const chart = overview.getByRole('figure').filter({ hasText: 'Views per day' })
    await expect(chart.getByRole('img', { name: /^Views per day from / })).toBeVisible()
    await chart.getByText('Show as table').click()
    const perDay = chart.getByRole('table', { name: /per day/ })
    await expect(perDay).toBeVisible()
    const today = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: ZONE,
    }).format(new Date())
    await expect(perDay.getByRole('row', { name: new RegExp(today) })).toBeVisible()

    // Top posts: both, each with its figures and a link to TikTok in a new tab; their first week as a table.
    const top = region(page, 'Top posts')
    const list = top.getByRole('list', { name: 'Top posts' })
    await expect(list.getByRole('listitem')).toHaveCount(2)
    for (const title of ['Analytics e2e: first', 'Analytics e2e: second']) {
      const link = list.getByRole('link', { name: `Open “${title}” on TikTok (opens in a new tab)` })
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('href', /^https?:\/\//)
    }
    await top.getByRole('radio', { name: 'Engagement rate' }).check()
    await expect(list.getByRole('listitem')).toHaveCount(2)
    const curves = top.getByRole('figure').filter({ hasText: 'first 7 days' })
    await expect(curves.getByRole('img', { name: /^Views of each top post over its first 7 days/ })).toBeVisible()
    await curves.getByText('Show as table').click()
    await expect(curves.getByRole('table', { name: /after 1 to 7 days/ }).getByRole('row')).toHaveCount(3)

    // The hook leaderboard: both posts came from the same clip, too few to trust yet.
    const board = region(page, 'Hook leaderboard')
    await board.getByRole('tab', { name: 'Source video' }).click()
    const bySource = board.getByRole('table', { name: 'Hook leaderboard by source video' })
    await expect(bySource).toBeVisible()
    await expect(bySource.getByText(ANALYTICS_MESSAGES.lowSample).first()).toBeVisible()

    // Two posts are not enough to suggest times; the section says so.
    await expect(region(page, 'Best time to post').getByText(ANALYTICS_MESSAGES.notEnoughForBestTimes)).toBeVisible()

    // The CSV of the period's posts.
    const downloading = page.waitForEvent('download')
    await overview.getByRole('link', { name: 'Download CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/\.csv$/)
    const csv = readFileSync(await download.path(), 'utf8')
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(header).toBe(ANALYTICS_CSV_COLUMNS.join(','))
    expect(rows).toHaveLength(2)
    expect(csv).toContain('Analytics e2e: first')

    // The same screen on a phone: nothing wider than the screen but the heat map's own scroller.
    await page.setViewportSize({ width: 375, height: 812 })
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
    const viewsChart = region(page, 'Overview').getByRole('img', { name: /^Views per day/ })
    await expect(viewsChart).toBeVisible()
    const svgBox = await viewsChart.boundingBox()
    expect(svgBox?.width ?? 0).toBeGreaterThan(200)
    expect(svgBox?.width ?? 999).toBeLessThanOrEqual(375)
    await expect(region(page, 'Top posts').getByRole('list', { name: 'Top posts' }).getByRole('listitem')).toHaveCount(
      2,
    )
    await expect(page.getByRole('button', { name: 'Refresh stats' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })
})
