import type { Locator, Page } from '@playwright/test'
import type { Post } from '@hookpost/shared/posts'
import { clipForSpec } from './clip'
import { connectSandboxCreator, expect, signUp, test, uniqueEmail, uniqueHandle } from './fixtures'
import { chooseTimeZone } from './time-zone-picker'

/**
 * Issue 30 item 4, posts you can tell apart (ADR 047), against the real server, its stats sync and the TikTok sandbox:
 * a real clip scheduled to a connected sandbox creator shows its thumbnail on its calendar entry and in its details
 * dialog; posted with "Post now", it turns Uploaded live, and once the stats sync has read it the dialog links to the
 * sandbox's page for the post and shows its views, likes, comments and shares — all without a reload. Then the same
 * on a 375 px phone.
 */

// 3 s of 540×960 (9:16) H.264 + AAC: inside TikTok's media limits, and a video the studio renders as it is.
const clip = clipForSpec('bakery.mp4')

function panel(page: Page): Locator {
  return page.getByRole('region', { name: 'Scheduled Videos' })
}

/** The image has arrived and decoded: a thumbnail that failed would have no natural width. */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
}

/** Schedules the clip a few minutes ahead with the form, as a person would, and returns the post. */
async function scheduleClip(page: Page, title: string): Promise<Post> {
  await page
    .getByRole('region', { name: 'Schedule New Video' })
    .getByRole('button', { name: 'Schedule a video' })
    .click()
  const form = page.getByRole('dialog', { name: 'Schedule a video' })
  await form.getByLabel('Video file').setInputFiles(clip.path)
  await expect(form.getByLabel('Preview of bakery.mp4')).toBeVisible({ timeout: 30_000 })
  await form.getByLabel('Title').fill(title)
  // Public, so TikTok's Display API reports it (tiktok-api.md §5).
  await form.getByLabel('Who can view this video').selectOption({ label: 'Everyone' })
  await form.getByRole('checkbox', { name: 'Allow comments' }).check()
  await chooseTimeZone(form, 'UTC')
  const at = new Date(Date.now() + 10 * 60_000).toISOString()
  await form.getByLabel('Date').fill(at.slice(0, 10))
  await form.getByLabel('Time', { exact: true }).fill(at.slice(11, 16))
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/posts'))
  await form.getByRole('button', { name: 'Schedule video' }).click()
  const res = await created
  expect(res.status()).toBe(201)
  // The form may stay open for another video or close by itself; either way it is closed to see the calendar.
  if (await form.isVisible()) await page.keyboard.press('Escape')
  await expect(form).toBeHidden()
  return ((await res.json()) as { post: Post }).post
}

test.describe('Posts you can tell apart', () => {
  test('thumbnail on the entry and in the dialog; Post now, Uploaded, View on TikTok and live figures; then at 375 px', async ({
    page,
  }) => {
    test.setTimeout(360_000)
    const title = 'Sourdough at dawn'
    const thumbnailName = `Thumbnail of “${title}”`
    await signUp(page, uniqueEmail('post-cards'))
    const username = uniqueHandle('cards')
    const accountId = await connectSandboxCreator(page, `Bea ${username.slice(-6)}`, username)
    const post = await scheduleClip(page, title)

    // The calendar entry shows the video's frame beside its caption.
    const calendar = panel(page).getByRole('table', { name: /^Scheduled videos, / })
    await expectLoaded(calendar.getByRole('img', { name: thumbnailName }))

    // Its details show a larger one; Post now sends it at once.
    await calendar.getByRole('button', { name: new RegExp(`^${title}, `) }).click()
    let details = page.getByRole('dialog', { name: title })
    await expectLoaded(details.getByRole('img', { name: thumbnailName }))
    await details.getByRole('button', { name: 'Post now' }).click()
    const confirm = page.getByRole('dialog', { name: `Post “${title}” now?` })
    await confirm.getByRole('button', { name: 'Post now' }).click()
    await expect(confirm).toBeHidden()
    if (await details.isVisible()) await details.getByRole('button', { name: 'Close' }).click()

    // Followed live to Uploaded.
    const entry = calendar.getByRole('listitem').filter({ hasText: title })
    await expect(entry.locator('[data-status="uploaded"]')).toHaveText('Uploaded', { timeout: 170_000 })

    // TikTok gives a public post its id a moment after the upload; then the figures can be read. The sync would come
    // within the minute by itself; asking for it now keeps the test short. Its live event updates the open dialog.
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/posts/${post.id}`)
          return ((await res.json()) as { post: Post }).post.tiktokPostId
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .not.toBeNull()
    await entry.getByRole('button', { name: new RegExp(`^${title}, `) }).click()
    details = page.getByRole('dialog', { name: title })
    await expect(details.locator('[data-status="uploaded"]')).toBeVisible()
    const synced = await page.request.post('/api/analytics/sync', { data: { accountId } })
    expect(synced.status()).toBe(202)

    const onTiktok = details.getByRole('region', { name: 'On TikTok' })
    const link = onTiktok.getByRole('link', { name: /^View on TikTok/ })
    await expect(link).toBeVisible({ timeout: 60_000 })
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    for (const figure of ['Views', 'Likes', 'Comments', 'Shares']) {
      await expect(onTiktok.getByText(figure, { exact: true })).toBeVisible()
    }
    await expect(onTiktok.getByText(/^Updated (just now|\d+ minutes? ago)$/)).toBeVisible()
    const { post: read } = (await (await page.request.get(`/api/posts/${post.id}`)).json()) as { post: Post }
    expect(read.stats).not.toBeNull()
    await expect(onTiktok.getByText('Views', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
      new Intl.NumberFormat('en-US').format(read.stats!.views),
    )

    // "View on TikTok" opens the sandbox's page for this very post, in a new tab.
    const [tiktokPage] = await Promise.all([page.waitForEvent('popup'), link.click()])
    await tiktokPage.waitForLoadState()
    expect(tiktokPage.url()).toBe(read.tiktokUrl)
    expect(tiktokPage.url()).toMatch(new RegExp(`/videos/${read.tiktokPostId}$`))
    await expect(tiktokPage.getByRole('heading', { level: 1 })).toContainText(title)
    await expect(tiktokPage.getByRole('link', { name: new RegExp(`@${username}`) })).toBeVisible()
    await tiktokPage.close()
    await details.getByRole('button', { name: 'Close' }).click()

    // The List row shows the thumbnail too.
    await panel(page).getByRole('button', { name: 'List' }).click()
    const list = panel(page).getByRole('list', { name: 'Scheduled videos' })
    await expectLoaded(list.getByRole('img', { name: thumbnailName }))
    await panel(page).getByRole('button', { name: 'Calendar' }).click()

    // On a phone the month is a list of days: the entry keeps its thumbnail, the dialog its link and figures.
    await page.setViewportSize({ width: 375, height: 812 })
    await page.reload()
    const agendaEntry = panel(page).getByRole('listitem').filter({ hasText: title }).last()
    await expectLoaded(agendaEntry.getByRole('img', { name: thumbnailName }))
    await agendaEntry.getByRole('button', { name: new RegExp(`^${title}, `) }).click()
    details = page.getByRole('dialog', { name: title })
    await expectLoaded(details.getByRole('img', { name: thumbnailName }))
    await expect(details.getByRole('link', { name: /^View on TikTok/ })).toHaveAttribute('href', read.tiktokUrl!)
    await expect(details.getByText('Likes', { exact: true })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })
})
