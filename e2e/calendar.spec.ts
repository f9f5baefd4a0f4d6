import type { Locator, Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import type { Post } from '@hookpost/shared/posts'
import { makeClip, uploadClip } from './clip'
import { connectSandboxCreator, expect, signUp, test, uniqueEmail, uniqueHandle } from './fixtures'

/**
 * The Scheduled Videos panel against the real server, its publishing engine and the TikTok sandbox: posts made through
 * the API (the form has its own spec, e2e/schedule.spec.ts) show on the calendar in the user's zone, turn green by
 * themselves over the live event stream, move by drag and drop (pointer and keyboard), and are deleted after the
 * confirmation; the list view shows the same.
 */

const ZONE = 'Europe/Berlin'
// The browser's zone becomes the new user's profile zone, which the calendar shows.
test.use({ timezoneId: ZONE })

let clip: Buffer

test.beforeAll(() => {
  clip = makeClip()
})

/** 'YYYY-MM-DD' of `instant` in `zone`. */
function dayIn(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  )
}

function panel(page: Page): Locator {
  return page.getByRole('region', { name: 'Scheduled Videos' })
}

function dayCell(page: Page, day: string): Locator {
  return panel(page).locator(`td[data-date="${day}"]`)
}

async function schedule(
  page: Page,
  post: { accountId: string; mediaId: string; title: string; date: string; time: string; timeZone: string },
): Promise<Post> {
  const res = await page.request.post('/api/posts', {
    data: {
      ...post,
      description: 'Made by the calendar e2e test',
      privacyLevel: 'SELF_ONLY',
      allowComment: false,
      allowDuet: false,
      allowStitch: false,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { post: Post }).post
}

/** Presses on the entry's drag handle and moves the pointer in steps (dnd-kit starts after 6 px) onto `target`. */
async function dragWithPointer(page: Page, handle: Locator, target: Locator) {
  // Both in the middle of the screen: near an edge dnd-kit scrolls the page, and the drop would land a row away.
  await target.evaluate((cell) => cell.scrollIntoView({ block: 'center' }))
  const from = await handle.boundingBox()
  const to = await target.boundingBox()
  if (!from || !to) throw new Error('the handle or the target cell is not on screen')
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 4, { steps: 4 })
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 })
  await page.mouse.up()
}

function patchOf(page: Page, postId: string) {
  return page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/posts/${postId}`))
}

test.describe('Scheduled Videos calendar', () => {
  test('a post turns green by itself; drag to reschedule (pointer and keyboard); list view; delete', async ({
    page,
  }) => {
    test.setTimeout(240_000)
    const username = uniqueHandle('cal')
    await signUp(page, uniqueEmail('calendar'))
    const accountId = await connectSandboxCreator(page, `Cleo ${username.slice(-6)}`, username)
    await expect(panel(page).getByText(`Times in ${ZONE}`)).toBeVisible()
    await expect(panel(page).getByRole('button', { name: 'Calendar' })).toHaveAttribute('aria-pressed', 'true')

    // 1. Due in the next whole minute at least 20 s away (the API takes HH:mm), in UTC; shown in Berlin.
    const due = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000)
    const soon = await schedule(page, {
      accountId,
      mediaId: await uploadClip(page, clip),
      title: 'Due in a moment',
      date: due.toISOString().slice(0, 10),
      time: due.toISOString().slice(11, 16),
      timeZone: 'UTC',
    })
    await page.reload()
    const soonDay = dayIn(new Date(soon.scheduledAt), ZONE)
    const soonEntry = dayCell(page, soonDay).getByRole('listitem').filter({ hasText: 'Due in a moment' })
    await expect(soonEntry.locator('[data-status="scheduled"]')).toHaveText('Scheduled')
    await expect(soonEntry.locator('[data-status="scheduled"]')).toHaveClass(/purple/)
    if (soonDay === dayIn(new Date(), ZONE)) {
      await expect(dayCell(page, soonDay)).toHaveAttribute('aria-current', 'date')
    }
    // Nothing is pressed and the day's posts are not fetched again: the change arrives over the event stream (the
    // month's days answer is asked for again after each event, ADR 053). Measured in the page's own clock: no GET
    // /api/posts may start between now and the moment the entry turns Uploaded (the stats sync that reads the post
    // once it is out may refetch after that: ADR 047).
    await page.evaluate(() => {
      const w = window as unknown as { __watchFrom: number; __uploadedAt: number | null }
      w.__watchFrom = performance.now()
      w.__uploadedAt = null
      new MutationObserver((_, observer) => {
        if (document.querySelector('[data-status="uploaded"]')) {
          w.__uploadedAt = performance.now()
          observer.disconnect()
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
    })
    await expect(soonEntry.locator('[data-status="uploaded"]')).toHaveText('Uploaded', { timeout: 150_000 })
    await expect(soonEntry.locator('[data-status="uploaded"]')).toHaveClass(/green/)
    const refetches = await page.evaluate(() => {
      const w = window as unknown as { __watchFrom: number; __uploadedAt: number | null }
      return performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname === '/api/posts')
        .filter((e) => e.startTime >= w.__watchFrom && e.startTime <= (w.__uploadedAt ?? Infinity)).length
    })
    expect(refetches, 'GET /api/posts before the entry turned Uploaded').toBe(0)
    // Done posts cannot be dragged.
    await expect(soonEntry.getByRole('button', { name: /^Drag / })).toHaveCount(0)

    // 2. Another one on the 10th of next month at 12:00 Berlin; dragged to the 11th, then by keyboard to the 12th.
    const today = dayIn(new Date(), ZONE)
    const [y, m] = today.split('-').map(Number) as [number, number]
    const next = new Date(Date.UTC(y, m, 10))
    const day = (d: number) => `${next.toISOString().slice(0, 8)}${String(d).padStart(2, '0')}`
    const later = await schedule(page, {
      accountId,
      mediaId: await uploadClip(page, clip),
      title: 'Later on',
      date: day(10),
      time: '12:00',
      timeZone: ZONE,
    })
    await panel(page).getByRole('button', { name: 'Next month' }).click()
    const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(next)
    await expect(panel(page).getByRole('heading', { name: monthName })).toBeVisible()
    const laterEntry = (d: number) => dayCell(page, day(d)).getByRole('listitem').filter({ hasText: 'Later on' })
    await expect(laterEntry(10)).toContainText('12:00 PM')

    let patched = patchOf(page, later.id)
    await dragWithPointer(
      page,
      laterEntry(10).getByRole('button', { name: 'Drag Later on to another day' }),
      dayCell(page, day(11)),
    )
    let response = await patched
    expect(response.status()).toBe(200)
    expect(response.request().postDataJSON()).toEqual({ date: day(11), time: '12:00', timeZone: ZONE })
    await expect(laterEntry(11)).toContainText('12:00 PM')
    await expect(laterEntry(10)).toHaveCount(0)
    await expect(dayCell(page, day(10)).getByText('No videos')).toBeVisible()

    patched = patchOf(page, later.id)
    await laterEntry(11).getByRole('button', { name: 'Drag Later on to another day' }).focus()
    // Each step is announced (dnd-kit's live region); the next key waits for it, as a person listening would.
    const longDay = (d: number) =>
      new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${day(d)}T00:00:00Z`),
      )
    await page.keyboard.press('Space')
    await expect(page.getByText(`Later on is over ${longDay(11)}.`)).toBeAttached()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByText(`Later on is over ${longDay(12)}.`)).toBeAttached()
    await page.keyboard.press('Space')
    response = await patched
    expect(response.status()).toBe(200)
    expect(response.request().postDataJSON()).toEqual({ date: day(12), time: '12:00', timeZone: ZONE })
    // Focus follows the entry to its new day.
    await expect(laterEntry(12).getByRole('button', { name: 'Drag Later on to another day' })).toBeFocused()
    await expect(laterEntry(12)).toContainText('12:00 PM')

    // 3. The list view shows the new date, with the account and the zone.
    await panel(page).getByRole('button', { name: 'List' }).click()
    const list = panel(page).getByRole('list', { name: 'Scheduled videos' })
    const row = list.getByRole('listitem').filter({ hasText: 'Later on' })
    const shortDate = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day(12)}T00:00:00Z`))
    await expect(row).toContainText(`${shortDate}, 12:00 PM`)
    await expect(row).toContainText(`(${ZONE})`)
    await expect(row).toContainText(`@${username}`)
    await expect(row.getByText('Scheduled', { exact: true })).toBeVisible()

    // 4. Delete asks first; Cancel keeps it; confirming deletes it.
    await row.getByRole('button', { name: 'Delete Later on' }).click()
    let confirm = page.getByRole('dialog', { name: 'Delete “Later on”?' })
    await expect(confirm.getByText(MESSAGES.deletePostConfirm)).toBeVisible()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toBeHidden()
    await expect(row).toHaveCount(1)
    await row.getByRole('button', { name: 'Delete Later on' }).click()
    confirm = page.getByRole('dialog', { name: 'Delete “Later on”?' })
    await confirm.getByRole('button', { name: 'Delete video' }).click()
    await expect(panel(page).getByText(MESSAGES.videoDeleted)).toBeVisible()
    await expect(row).toHaveCount(0)
    await page.reload()
    await panel(page).getByRole('button', { name: 'List' }).click()
    await expect(panel(page).getByText('Due in a moment')).toBeVisible()
    await expect(panel(page).getByText('Later on')).toHaveCount(0)
  })

  test('a busy day shows its first three; "+N more" loads the rest by keyboard and follows live changes', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    const username = uniqueHandle('busy')
    await signUp(page, uniqueEmail('calendar-busy'))
    const accountId = await connectSandboxCreator(page, `Bea ${username.slice(-6)}`, username)
    const mediaId = await uploadClip(page, clip)
    // Five posts on the 10th of next month, 10:00 to 14:00 Berlin.
    const [y, m] = dayIn(new Date(), ZONE).split('-').map(Number) as [number, number]
    const date = new Date(Date.UTC(y, m, 10)).toISOString().slice(0, 10)
    const posts: Post[] = []
    for (const hour of [10, 11, 12, 13, 14]) {
      posts.push(
        await schedule(page, {
          accountId,
          mediaId,
          title: `Busy ${hour}:00`,
          date,
          time: `${hour}:00`,
          timeZone: ZONE,
        }),
      )
    }
    await panel(page).getByRole('button', { name: 'Next month' }).click()
    const cell = dayCell(page, date)
    const label = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${date}T00:00:00Z`))
    const entries = cell.getByRole('list', { name: `Videos on ${label}` }).getByRole('listitem')
    await expect(entries).toHaveCount(3)
    await expect(cell.getByText('5 videos', { exact: true }).first()).toBeAttached()
    const more = cell.getByRole('button', { name: `+2 more videos on ${label}` })
    await expect(more).toHaveAttribute('aria-expanded', 'false')
    await more.focus()
    await page.keyboard.press('Enter')
    await expect(entries).toHaveCount(5)
    await expect(cell.getByText('Busy 14:00')).toBeVisible()
    const fewer = cell.getByRole('button', { name: `Show fewer videos on ${label}` })
    await expect(fewer).toHaveAttribute('aria-expanded', 'true')

    // Deleted elsewhere (another tab, the API): the open day and its count follow over the event stream.
    const gone = await page.request.delete(`/api/posts/${posts[4]!.id}`)
    expect(gone.status()).toBe(204)
    await expect(entries).toHaveCount(4)
    await expect(cell.getByText('Busy 14:00')).toHaveCount(0)
    await expect(cell.getByText('4 videos', { exact: true }).first()).toBeAttached()
    // Folded again with the keyboard: the first three and "+1 more".
    await fewer.focus()
    await page.keyboard.press('Space')
    await expect(entries).toHaveCount(3)
    await expect(cell.getByRole('button', { name: `+1 more video on ${label}` })).toBeVisible()
  })

  test('at 375 px the month becomes a list of days, and the toolbar fits', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await signUp(page, uniqueEmail('calendar-phone'))
    await expect(panel(page).getByRole('table')).toHaveCount(0)
    await expect(panel(page).getByRole('heading', { level: 4, name: /\(today\)$/ })).toBeVisible()
    await panel(page).getByRole('button', { name: 'Week' }).click()
    await expect(panel(page).getByRole('heading', { level: 4 })).toHaveCount(7)
    await panel(page).getByRole('button', { name: 'Next week' }).press('Enter')
    await expect(panel(page).getByRole('heading', { level: 4, name: /\(today\)$/ })).toHaveCount(0)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
