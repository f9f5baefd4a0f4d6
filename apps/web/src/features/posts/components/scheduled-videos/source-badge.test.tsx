import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ScheduledVideos } from './scheduled-videos'
import { installDialogPolyfill, makePost, postsApi, renderWithClient } from './test-utils'

// Wednesday 15 April 2026, 12:00 in Berlin.
const NOW = new Date('2026-04-15T10:00:00.000Z')

beforeAll(installDialogPolyfill)
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const posts = () => [
  makePost({ title: 'Planned for me', source: 'automation', scheduledAt: '2026-04-20T07:00:00.000Z' }),
  makePost({ title: 'My own', source: 'manual', scheduledAt: '2026-04-20T09:00:00.000Z' }),
]

describe('posts automation planned carry an "Automation" marker', () => {
  it('in the calendar entry (seen and heard) and in its details, not on the person’s own posts', async () => {
    postsApi(posts())
    const user = userEvent.setup()
    renderWithClient(<ScheduledVideos timeZone="Europe/Berlin" />)
    const table = within(await screen.findByRole('table', { name: /^Scheduled videos, / }))
    const auto = await table.findByRole('button', { name: 'Planned for me, 9:00 AM, Scheduled, Automation' })
    expect(within(auto).getByText('Automation')).toBeTruthy()
    const own = table.getByRole('button', { name: 'My own, 11:00 AM, Scheduled' })
    expect(within(own).queryByText('Automation')).toBeNull()

    await user.click(auto)
    const dialog = screen.getByRole('dialog', { name: 'Planned for me' })
    expect(within(dialog).getByText('Automation')).toBeTruthy()
  })

  it('in the List view row', async () => {
    postsApi(posts())
    const user = userEvent.setup()
    renderWithClient(<ScheduledVideos timeZone="Europe/Berlin" />)
    await screen.findByRole('table', { name: /^Scheduled videos, / })
    await user.click(screen.getByRole('button', { name: 'List' }))
    const rows = within(await screen.findByRole('list', { name: 'Scheduled videos' })).getAllByRole('listitem')
    expect(rows.map((row) => within(row).queryByText('Automation') !== null)).toEqual([true, false])
  })

  it('on a phone’s list of days', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }))
    postsApi(posts())
    renderWithClient(<ScheduledVideos timeZone="Europe/Berlin" />)
    const auto = await screen.findByRole('button', { name: 'Planned for me, 9:00 AM, Scheduled, Automation' })
    expect(within(auto).getByText('Automation')).toBeTruthy()
  })
})
