import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import { makeOutcome, makePost } from './scheduled-videos/test-utils'
import type { ScheduledOutcome } from '../utils/scheduled-outcome'
import { QUEUED_HEADLINE, ScheduleSuccessBanner } from './schedule-success-banner'

afterEach(cleanup)

// Tuesday 1 December 2026, 14:00 in Berlin.
const post = makePost({ title: 'Day one', scheduledAt: '2026-12-01T13:00:00.000Z', timeZone: 'Europe/Berlin' })
const outcome = (how: ScheduledOutcome['how']) => makeOutcome(post, how)

describe('The Schedule tab’s success banner (ADR 042)', () => {
  it('says what was scheduled and when, in its zone, takes the focus, and offers View post and Schedule another', async () => {
    const onView = vi.fn()
    const onAnother = vi.fn()
    const onDismiss = vi.fn()
    const user = userEvent.setup()
    render(
      <ScheduleSuccessBanner
        outcome={outcome('scheduled')}
        onView={onView}
        onAnother={onAnother}
        onDismiss={onDismiss}
      />,
    )
    const banner = screen.getByRole('region', { name: MESSAGES.videoScheduled })
    expect(document.activeElement).toBe(banner)
    expect(banner.textContent).toContain('“Day one”: Scheduled for Tue, Dec 1, 2026, 2:00 PM (Europe/Berlin).')
    await user.click(screen.getByRole('button', { name: 'View post' }))
    expect(onView).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('button', { name: 'Schedule another' }))
    expect(onAnother).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }))
    expect(onDismiss).toHaveBeenCalledTimes(1)
  })

  it('a queued post: its slot, as the queue lists slots', () => {
    render(
      <ScheduleSuccessBanner outcome={outcome('queued')} onView={vi.fn()} onAnother={vi.fn()} onDismiss={vi.fn()} />,
    )
    const banner = screen.getByRole('region', { name: QUEUED_HEADLINE })
    expect(banner.textContent).toContain('“Day one”: Added to the queue for Tue, Dec 1, 2026, 2:00 PM (Europe/Berlin).')
  })

  it('takes the focus again for the next post', () => {
    const first = outcome('scheduled')
    const view = render(
      <ScheduleSuccessBanner outcome={first} onView={vi.fn()} onAnother={vi.fn()} onDismiss={vi.fn()} />,
    )
    screen.getByRole('button', { name: 'Schedule another' }).focus()
    view.rerender(
      <ScheduleSuccessBanner outcome={outcome('scheduled')} onView={vi.fn()} onAnother={vi.fn()} onDismiss={vi.fn()} />,
    )
    expect(document.activeElement).toBe(screen.getByRole('region', { name: MESSAGES.videoScheduled }))
  })
})
