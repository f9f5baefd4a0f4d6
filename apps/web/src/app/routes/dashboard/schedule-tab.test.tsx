import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import type { Post, SchedulePostInput } from '@hookpost/shared/posts'
import { NEW_POST_NOTE } from '../../../features/posts/components/schedule-video-form'
import { calendarDaysOf, makePost } from '../../../features/posts/components/scheduled-videos/test-utils'
import { makeCreatorInfo, makeSlideshow } from '../../../features/posts/testing/test-utils'
import { installDialogPolyfill, makeAccount, mockApi, renderRoute } from '../../../testing/api-mock'
import { pinDate } from '../../../testing/clock'
import { ScheduleTab } from './schedule-tab'

// Wednesday 15 April 2026, 10:00 UTC: the form starts tomorrow at 12:00.
const NOW = new Date('2026-04-15T10:00:00.000Z')
const account = makeAccount({ id: 'acc-1', timeZone: 'UTC' })

beforeAll(installDialogPolyfill)
pinDate(NOW)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** The server, enough of it for the tab: one account, one rendered slideshow (no upload needed), posts it keeps. */
function serve({ refusal }: { refusal?: string } = {}) {
  const posts: Post[] = []
  const { calls } = mockApi(({ method, pathname, search, body }) => {
    if (pathname === '/api/profile') {
      return {
        status: 200,
        body: { email: 'ana@example.com', emailVerified: true, timeZone: 'UTC', plan: 'pro', trialEndsAt: null },
      }
    }
    if (pathname === '/api/tiktok/accounts') return { status: 200, body: { accounts: [account] } }
    if (pathname === '/api/tiktok/accounts/acc-1/creator-info') {
      return { status: 200, body: makeCreatorInfo({ privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'SELF_ONLY'] }) }
    }
    if (pathname === '/api/slideshows') return { status: 200, body: { slideshows: [makeSlideshow()] } }
    if (pathname === '/api/queue') return { status: 200, body: { queues: [] } }
    if (pathname === '/api/posts/calendar' && method === 'GET')
      return { status: 200, body: calendarDaysOf(posts, search) }
    if (pathname === '/api/posts' && method === 'POST' && refusal) {
      return { status: 409, body: { code: 'CONFLICT', message: refusal } }
    }
    if (pathname === '/api/posts' && method === 'POST') {
      const input = body as SchedulePostInput
      const post = makePost({
        id: `post-${posts.length + 1}`,
        accountId: input.accountId,
        format: 'photo',
        title: input.title,
        scheduledAt: `${input.date}T${input.time}:00.000Z`,
        timeZone: input.timeZone,
      })
      posts.push(post)
      return { status: 201, body: { post } }
    }
    return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } }
  })
  return { calls, posts }
}

/** Opens the Schedule tab's dialog on a slideshow post that anyone can view. */
async function openOnSlideshow(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  renderRoute(<ScheduleTab />, { url: '/dashboard?tab=schedule', path: '/dashboard' })
  await user.click(await screen.findByRole('button', { name: 'Schedule a video' }))
  const dialog = await screen.findByRole('dialog', { name: 'Schedule a video' })
  await within(dialog).findByText('Ana on TikTok')
  await user.click(within(dialog).getByRole('radio', { name: 'Slideshow' }))
  await user.selectOptions(within(dialog).getByLabelText('Who can view this video'), 'Everyone')
  return dialog
}

/** Fills the open dialog with the slideshow, a title and who can view it, and schedules it. */
async function scheduleSlideshow(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, title: string) {
  const form = within(dialog)
  await user.click(await form.findByRole('radio', { name: /Three sleep tips/ }))
  await user.clear(form.getByLabelText('Title'))
  await user.type(form.getByLabelText('Title'), title)
  await user.click(form.getByRole('button', { name: 'Schedule slideshow' }))
}

describe('Schedule tab: a success closes the dialog and shows the post (ADR 042)', { timeout: 30_000 }, () => {
  it('closes the dialog, focuses the banner, marks the post; Schedule another is a new post the next day', async () => {
    const server = serve()
    const user = userEvent.setup()
    let dialog = await openOnSlideshow(user)
    await scheduleSlideshow(user, dialog, 'Night one')

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const banner = screen.getByRole('region', { name: MESSAGES.videoScheduled })
    expect(document.activeElement).toBe(banner)
    expect(banner.textContent).toContain('“Night one”: Scheduled for Thu, Apr 16, 2026, 12:00 PM (UTC).')
    // The calendar refetches after the post is made: on a loaded machine that takes a while.
    const entry = await screen.findByRole('button', { name: /^Night one, 12:00 PM/ }, { timeout: 10_000 })
    expect(entry.closest('li')?.getAttribute('data-highlighted')).toBe('true')

    // Schedule another: says it is a new post; the same format, account and privacy; the next day, same time.
    await user.click(within(banner).getByRole('button', { name: 'Schedule another' }))
    dialog = await screen.findByRole('dialog', { name: 'Schedule a video' })
    const form = within(dialog)
    expect(await form.findByText(NEW_POST_NOTE)).toBeTruthy()
    await form.findByText('Ana on TikTok')
    expect((form.getByLabelText('TikTok account') as HTMLSelectElement).value).toBe('acc-1')
    expect((form.getByRole('radio', { name: 'Slideshow' }) as HTMLInputElement).checked).toBe(true)
    expect((form.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-04-17')
    expect((form.getByLabelText('Time') as HTMLInputElement).value).toBe('12:00')
    expect((form.getByLabelText('Who can view this video') as HTMLSelectElement).value).toBe('PUBLIC_TO_EVERYONE')
    expect((form.getByLabelText('Title') as HTMLInputElement).value).toBe('')
    await scheduleSlideshow(user, dialog, 'Night two')

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('region', { name: MESSAGES.videoScheduled }).textContent).toContain(
      '“Night two”: Scheduled for Fri, Apr 17, 2026, 12:00 PM (UTC).',
    )
    expect(server.posts.map((p) => [p.title, p.scheduledAt])).toEqual([
      ['Night one', '2026-04-16T12:00:00.000Z'],
      ['Night two', '2026-04-17T12:00:00.000Z'],
    ])
    const marked = await screen.findByRole('button', { name: /^Night two, 12:00 PM/ }, { timeout: 10_000 })
    await waitFor(() => expect(marked.closest('li')?.getAttribute('data-highlighted')).toBe('true'))
    expect(
      screen
        .getByRole('button', { name: /^Night one, 12:00 PM/ })
        .closest('li')
        ?.hasAttribute('data-highlighted'),
    ).toBe(false)
  })

  it('a refusal keeps the dialog open with the server’s message and the form as it was', async () => {
    serve({ refusal: 'Reconnect Ana Cooks to post again.' })
    const user = userEvent.setup()
    const dialog = await openOnSlideshow(user)
    await scheduleSlideshow(user, dialog, 'Night one')

    expect(await within(dialog).findByText('Reconnect Ana Cooks to post again.')).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Schedule a video' })).toBe(dialog)
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Night one')
    expect(screen.queryByRole('region', { name: MESSAGES.videoScheduled })).toBeNull()
  })
})
