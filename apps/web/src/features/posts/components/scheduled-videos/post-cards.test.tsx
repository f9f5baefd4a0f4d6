import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { applyServerEvent } from '../../api/get-posts'
import { ScheduledVideos } from './scheduled-videos'
import { makePost, postsApi, renderWithClient, freezeCalendarClock } from './test-utils'

/**
 * Issue 30 item 4, posts you can tell apart (ADR 047): every calendar entry, agenda row and List row shows the post's
 * thumbnail named after it; the details dialog a larger one, and for an Uploaded post "View on TikTok" and its
 * figures with when they were read, which follow the stats sync's live event without a reload.
 */

const ZONE = 'Europe/Berlin'
const NOW = new Date('2026-04-15T10:00:00.000Z')
const ACCOUNTS = [{ id: 'acc-1', accountName: 'Ana Cooks', accountUsername: 'anacooks' }]
const STILL = '/api/slideshows/stills/m-1?atMs=500'
const PAGE = 'http://localhost:3001/videos/7678907398077074696'

freezeCalendarClock(NOW)

const uploaded = () =>
  makePost({
    title: 'Pasta night',
    scheduledAt: '2026-04-14T17:00:00.000Z',
    state: 'uploaded',
    tiktokPostId: '7678907398077074696',
    thumbnailUrl: STILL,
    tiktokUrl: PAGE,
    stats: { views: 1234, likes: 56, comments: 7, shares: 3, syncedAt: '2026-04-15T09:55:00.000Z' },
  })

describe('posts you can tell apart', () => {
  it('the calendar entry and the List row show the thumbnail; a post without one keeps a plain tile', async () => {
    postsApi([
      uploaded(),
      makePost({ title: 'No picture', scheduledAt: '2026-04-20T07:00:00.000Z', thumbnailUrl: null }),
    ])
    const user = userEvent.setup()
    renderWithClient(<ScheduledVideos timeZone={ZONE} accounts={ACCOUNTS} />)
    const table = within(await screen.findByRole('table', { name: /^Scheduled videos, / }))
    const thumbnail = await table.findByRole('img', { name: 'Thumbnail of “Pasta night”' })
    expect(thumbnail.getAttribute('src')).toBe(STILL)
    expect(table.getAllByRole('img')).toHaveLength(1)
    expect(table.getByText('No picture').closest('li')!.querySelector('[data-thumbnail="none"]')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'List' }))
    const list = within(await screen.findByRole('list', { name: 'Scheduled videos' }))
    expect((await list.findByRole('img', { name: 'Thumbnail of “Pasta night”' })).getAttribute('src')).toBe(STILL)
  })

  it('on a phone, the agenda rows show it too', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }))
    postsApi([uploaded()])
    renderWithClient(<ScheduledVideos timeZone={ZONE} accounts={ACCOUNTS} />)
    expect((await screen.findByRole('img', { name: 'Thumbnail of “Pasta night”' })).getAttribute('src')).toBe(STILL)
  })

  it('the details dialog: a larger thumbnail, View on TikTok in a new tab, the figures and when they were read', async () => {
    postsApi([uploaded()])
    const user = userEvent.setup()
    renderWithClient(<ScheduledVideos timeZone={ZONE} accounts={ACCOUNTS} />)
    await user.click(await screen.findByRole('button', { name: /^Pasta night, / }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(dialog.getByRole('img', { name: 'Thumbnail of “Pasta night”' }).getAttribute('width')).toBe('90')
    const link = dialog.getByRole('link', { name: /^View on TikTok/ })
    expect(link.getAttribute('href')).toBe(PAGE)
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    const figures = within(dialog.getByRole('region', { name: 'On TikTok' }))
    expect(figures.getByText('Views').nextElementSibling?.textContent).toBe('1,234')
    expect(figures.getByText('Likes').nextElementSibling?.textContent).toBe('56')
    expect(figures.getByText('Comments').nextElementSibling?.textContent).toBe('7')
    expect(figures.getByText('Shares').nextElementSibling?.textContent).toBe('3')
    expect(figures.getByText(/^Updated/).textContent).toBe('Updated 5 minutes ago')
  })

  it('an Uploaded post not read yet says its figures are coming; a scheduled one shows nothing of TikTok', async () => {
    postsApi([
      { ...uploaded(), tiktokUrl: null, stats: null },
      makePost({ title: 'Later', scheduledAt: '2026-04-20T07:00:00.000Z', thumbnailUrl: STILL }),
    ])
    const user = userEvent.setup()
    renderWithClient(<ScheduledVideos timeZone={ZONE} accounts={ACCOUNTS} />)
    await user.click(await screen.findByRole('button', { name: /^Pasta night, / }))
    let dialog = within(await screen.findByRole('dialog'))
    expect(dialog.getByText('Views and likes show here once TikTok reports them.')).toBeTruthy()
    expect(dialog.queryByRole('link', { name: /View on TikTok/ })).toBeNull()
    await user.click(dialog.getByRole('button', { name: 'Close' }))

    await user.click(await screen.findByRole('button', { name: /^Later, / }))
    dialog = within(await screen.findByRole('dialog'))
    expect(dialog.getByRole('img', { name: 'Thumbnail of “Later”' })).toBeTruthy()
    expect(dialog.queryByRole('region', { name: 'On TikTok' })).toBeNull()
  })

  it('the figures follow the stats sync’s live event, with no reload', async () => {
    const post = uploaded()
    const api = postsApi([post])
    const user = userEvent.setup()
    const { queryClient } = renderWithClient(<ScheduledVideos timeZone={ZONE} accounts={ACCOUNTS} />)
    await user.click(await screen.findByRole('button', { name: /^Pasta night, / }))
    const figures = within(await screen.findByRole('region', { name: 'On TikTok' }))
    expect(figures.getByText('Views').nextElementSibling?.textContent).toBe('1,234')

    api.replace({
      ...post,
      stats: { views: 5000, likes: 99, comments: 8, shares: 4, syncedAt: '2026-04-15T10:00:00.000Z' },
    })
    // Another account's sync changes nothing on screen.
    const before = api.gets().length
    act(() => applyServerEvent(queryClient, { type: 'analytics.synced', accountId: 'acc-other' }))
    await act(async () => undefined)
    expect(api.gets().length).toBe(before)

    act(() => applyServerEvent(queryClient, { type: 'analytics.synced', accountId: 'acc-1' }))
    expect(await figures.findByText('5,000')).toBeTruthy()
    expect(figures.getByText(/^Updated/).textContent).toBe('Updated just now')
  })

  it('a sync of an account whose posts have not gone out fetches nothing (no figures to bring)', async () => {
    const api = postsApi([makePost({ title: 'Not yet', scheduledAt: '2026-04-20T07:00:00.000Z', state: 'scheduled' })])
    const { queryClient } = renderWithClient(<ScheduledVideos timeZone={ZONE} accounts={ACCOUNTS} />)
    await screen.findByRole('button', { name: /^Not yet, / })
    const before = api.gets().length
    act(() => applyServerEvent(queryClient, { type: 'analytics.synced', accountId: 'acc-1' }))
    await act(async () => undefined)
    expect(api.gets().length).toBe(before)
  })
})
