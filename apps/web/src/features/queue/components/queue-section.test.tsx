import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AccountQueue } from '@hookpost/shared/queue'
import { mockApi, notFound, renderWithQueryClient } from '../../../testing/api-mock'
import { PAUSED_EXPLANATION } from './account-queue-panel'
import { QueueSection } from './queue-section'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function makeQueue(overrides: Partial<AccountQueue> = {}): AccountQueue {
  return {
    accountId: 'acc-1',
    accountName: 'Ana Cooks',
    accountUsername: 'anacooks',
    timeZone: 'America/New_York',
    timeZoneSource: 'account',
    paused: false,
    slots: [],
    entries: [],
    nextFreeSlots: [],
    ...overrides,
  }
}

const running = makeQueue({
  slots: [
    { weekday: 1, time: '09:30' },
    { weekday: 3, time: '18:00' },
  ],
  entries: [
    { id: 'e1', postId: 'p1', title: 'Pancakes', scheduledAt: '2027-01-11T14:30:00.000Z', held: false },
    { id: 'e2', postId: 'p2', title: 'Waffles', scheduledAt: '2027-01-13T23:00:00.000Z', held: false },
  ],
  nextFreeSlots: ['2027-01-18T14:30:00.000Z'],
})

function setup(queue: AccountQueue) {
  const { calls } = mockApi(({ method, path, body }) => {
    if (path === '/api/queue' && method === 'GET') return { status: 200, body: { queues: [queue] } }
    if (path === '/api/queue/acc-1/slots' && method === 'PUT') {
      return { status: 200, body: { queue: { ...queue, ...(body as Pick<AccountQueue, 'slots'>) } } }
    }
    if (path === '/api/queue/acc-1/pause' && method === 'POST') {
      return { status: 200, body: { queue: { ...queue, paused: true } } }
    }
    if (path === '/api/queue/acc-1/entries/e2/move' && method === 'POST') {
      const [a, b] = queue.entries as [AccountQueue['entries'][0], AccountQueue['entries'][0]]
      return {
        status: 200,
        body: {
          queue: {
            ...queue,
            entries: [
              { ...b, scheduledAt: a.scheduledAt },
              { ...a, scheduledAt: b.scheduledAt },
            ],
          },
        },
      }
    }
    return notFound
  })
  renderWithQueryClient(<QueueSection />)
  return { calls, user: userEvent.setup() }
}

describe('QueueSection', () => {
  it('tells a person without slots to add some, in the zone it names', async () => {
    setup(makeQueue())
    expect(await screen.findByText(/^No posting slots yet\./)).toBeTruthy()
    expect(screen.getByText("Times are in America/New_York, this account's time zone.")).toBeTruthy()
    expect(screen.getByText(/^Nothing in the queue\./)).toBeTruthy()
  })

  it('shows the queued posts with their times; the first cannot move up, the last not down', async () => {
    setup(running)
    const list = await screen.findByRole('list', { name: 'Queued posts' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('PancakesMon, Jan 11, 2027, 9:30 AM (America/New_York)'),
      expect.stringContaining('WafflesWed, Jan 13, 2027, 6:00 PM (America/New_York)'),
    ])
    expect(screen.getByRole('button', { name: 'Move Pancakes up' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Move Waffles down' })).toHaveProperty('disabled', true)
    expect(screen.getByText('Next free slots: Mon, Jan 18, 2027, 9:30 AM (America/New_York)')).toBeTruthy()
  })

  it('moves a post up by keyboard and keeps the focus on it', async () => {
    const { calls, user } = setup(running)
    const up = await screen.findByRole('button', { name: 'Move Waffles up' })
    up.focus()
    await user.keyboard('{Enter}')
    const list = screen.getByRole('list', { name: 'Queued posts' })
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('Waffles'))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ direction: 'up' })
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Waffles down' })),
    )
  })

  it('adds slots (every day at once), refuses one it already has, and removes one', async () => {
    const { calls, user } = setup(running)
    await screen.findByRole('list', { name: 'Posting slots' })
    await user.selectOptions(screen.getByLabelText('Day'), 'Monday')
    await user.clear(screen.getByLabelText('Time'))
    await user.type(screen.getByLabelText('Time'), '09:30')
    await user.click(screen.getByRole('button', { name: 'Add slot' }))
    expect(await screen.findByText('Monday at 09:30 is already a slot.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0)

    await user.selectOptions(screen.getByLabelText('Day'), 'Every day')
    await user.click(screen.getByRole('button', { name: 'Add slot' }))
    expect(await screen.findByText('6 slots added')).toBeTruthy()
    const put = calls.find((c) => c.method === 'PUT')?.body as { slots: unknown[] }
    expect(put.slots).toHaveLength(8)

    await user.click(screen.getByRole('button', { name: 'Remove Wednesday 18:00' }))
    await screen.findByText('Slot removed')
    const last = calls.filter((c) => c.method === 'PUT').at(-1)?.body as { slots: { weekday: number; time: string }[] }
    expect(last.slots).toHaveLength(7)
    expect(last.slots.some((s) => s.weekday === 3 && s.time === '18:00')).toBe(false)
  })

  it('pauses, and says what pausing does', async () => {
    const { user } = setup(running)
    await user.click(await screen.findByRole('button', { name: 'Pause queue' }))
    expect(await screen.findByText(PAUSED_EXPLANATION)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Resume queue' })).toBeTruthy()
  })
})

describe('QueueSection with two accounts', () => {
  afterEach(() => window.localStorage.clear())

  const second = makeQueue({ accountId: 'acc-2', accountName: 'Ben Bakes', accountUsername: 'benbakes' })
  function render() {
    mockApi(({ method, path }) =>
      path === '/api/queue' && method === 'GET' ? { status: 200, body: { queues: [running, second] } } : notFound,
    )
    return renderWithQueryClient(<QueueSection />)
  }

  it('keeps the chosen account after a reload (issue 30 item 9)', async () => {
    const user = userEvent.setup()
    const first = render()
    const picker = await screen.findByLabelText('Account')
    expect((picker as HTMLSelectElement).value).toBe('acc-1')
    await user.selectOptions(picker, 'acc-2')
    first.unmount()

    render()
    expect(((await screen.findByLabelText('Account')) as HTMLSelectElement).value).toBe('acc-2')
  })

  it('falls back to the first account when the remembered one is gone', async () => {
    window.localStorage.setItem('hookpost.choice.queueAccount', 'deleted-account')
    render()
    expect(((await screen.findByLabelText('Account')) as HTMLSelectElement).value).toBe('acc-1')
  })
})
