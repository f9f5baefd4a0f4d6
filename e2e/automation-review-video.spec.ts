import type { Post } from '@hookpost/shared/posts'
import { planReviewedDrafts, REVIEW_VIEWPORTS } from './automation-drafts'
import { connectSandboxCreator, expect, signUp, test, uniqueEmail, uniqueHandle } from './fixtures'

/**
 * Reviewing an automation draft you can see (issue 30 item 11), against the real planner, renderer and the TikTok
 * sandbox, on a desktop and on a 375 px phone: the review dialog plays the draft's rendered video (its burned-in hook)
 * beside the caption; the bell says the drafts await approval; Reject makes it Rejected in the History, and TikTok
 * never receives it (ADR 048).
 */

const ZONE = 'Europe/Berlin'
test.use({ timezoneId: ZONE })

for (const viewport of REVIEW_VIEWPORTS) {
  test(`on ${viewport.name}: the draft's video plays in the review dialog; Reject and TikTok gets nothing`, async ({
    page,
  }) => {
    test.setTimeout(360_000)
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    const username = uniqueHandle('revvideo')
    const displayName = `Vic ${username.slice(-6)}`
    await signUp(page, uniqueEmail('automation-review-video'))
    await connectSandboxCreator(page, displayName, username)
    const history = await planReviewedDrafts(page, { displayName, username, zone: ZONE })

    // The bell says the drafts await approval — one notice for the run, with the first one's time and zone — live.
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications \(/ })
    // (A draft planned within the hour also brings its reminder: then two.)
    await expect(bell).toHaveAccessibleName(/^Notifications \([12] unread\)$/, { timeout: 60_000 })
    await bell.click()
    const notices = page.getByRole('dialog', { name: 'Notifications' })
    const notice = notices.getByRole('listitem').filter({ hasText: /^\d+ posts? awaits? your approval/ })
    await expect(notice).toBeVisible()
    await expect(notice).toContainText(
      /goes out \w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M \(Europe\/Berlin\) only if you approve it/,
    )
    await expect(notice.getByRole('link', { name: 'Review them in Automation' })).toHaveAttribute(
      'href',
      '/dashboard?tab=automation',
    )
    await notices.getByRole('button', { name: 'Close' }).click()
    await expect(notices).toBeHidden()

    const draftItem = history
      .getByRole('list', { name: 'Planned posts' })
      .getByRole('listitem')
      .filter({ has: page.locator('[data-state="draft"]') })
      .first()
    await draftItem.getByRole('button', { name: /^Review the post of / }).click()
    const dialog = page.getByRole('dialog', { name: 'Review post' })
    await expect(dialog).toBeVisible()

    // The rendered video, named by its time and hook, with its thumbnail as poster — and it plays.
    const video = dialog.getByLabel(/^Video of the post of .+ \(Europe\/Berlin\), with its hook “.+”$/)
    await expect(video).toBeVisible()
    expect(await video.getAttribute('poster')).toMatch(/\/api\/videos\/[^/]+\/thumbnail/)
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true
      return v.play()
    })
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.duration > 0), { timeout: 30_000 })
      .toBe(true)
    // Beside the caption it reviews, and inside the screen, on a phone too.
    await expect(dialog.getByLabel('Caption')).toBeVisible()
    const box = (await dialog.boundingBox())!
    const videoBox = (await video.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
    expect(videoBox.x).toBeGreaterThanOrEqual(box.x)
    expect(videoBox.x + videoBox.width).toBeLessThanOrEqual(box.x + box.width)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)

    // Reject: never posted, and the History says so, live.
    await dialog.getByRole('button', { name: 'Reject' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('status').filter({ hasText: 'Rejected: it will not be posted.' })).toBeAttached()
    const rejected = history
      .getByRole('list', { name: 'Planned posts' })
      .getByRole('listitem')
      .filter({ has: page.locator('[data-state="rejected"]') })
    await expect(rejected.locator('[data-state="rejected"]')).toHaveText('Rejected')
    await expect(rejected.getByText('You rejected this post, so it was not posted.')).toBeVisible()
    await expect(rejected.getByRole('button', { name: /the post of/ })).toHaveCount(0)

    const overview = (await (await page.request.get('/api/automation')).json()) as {
      runs: { slots: { state: string; postId: string | null }[] }[]
    }
    const slot = overview.runs.flatMap((r) => r.slots).find((s) => s.state === 'rejected')
    expect(slot?.postId).toBeTruthy()
    const { post } = (await (await page.request.get(`/api/posts/${slot!.postId}`)).json()) as { post: Post }
    expect(post).toMatchObject({ state: 'skipped', errorMessage: 'You rejected this post, so it was not posted.' })
    expect(post.rejectedAt).not.toBeNull()
    // Approving it now is refused, in words.
    const approve = await page.request.post(`/api/posts/${post.id}/approve`)
    expect(approve.status()).toBe(409)

    // TikTok (the sandbox) has received nothing from this creator.
    const sandboxUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`
    await page.goto(`${sandboxUrl}/creators/${username}`)
    await expect(page.locator('.caption')).toHaveCount(0)
  })
}
