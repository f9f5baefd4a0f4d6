import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Post } from '@hookpost/shared/posts'
import type { ServerEvent } from '@hookpost/shared/events'
import { FakeEventSource } from '../testing/fake-event-source'
import { connectServerEvents } from './server-events'

const post: Post = {
  id: 'p1',
  accountId: 'a1',
  account: { accountName: 'Ana', accountUsername: 'ana', sandbox: true },
  format: 'video',
  postMode: 'direct',
  photos: null,
  autoAddMusic: true,
  title: 'Tip',
  description: '',
  privacyLevel: 'SELF_ONLY',
  allowComment: false,
  allowDuet: false,
  allowStitch: false,
  commercial: { enabled: false, yourBrand: false, brandedContent: false },
  scheduledAt: '2026-04-20T07:00:00.000Z',
  timeZone: 'Europe/Berlin',
  state: 'uploaded',
  source: 'manual',
  errorMessage: null,
  rejectedAt: null,
  tiktokPostId: 'v1',
  publishedAt: '2026-04-20T07:00:10.000Z',
  media: null,
  thumbnailUrl: null,
  tiktokUrl: null,
  stats: null,
  createdAt: '2026-04-01T10:00:00.000Z',
  updatedAt: '2026-04-20T07:00:10.000Z',
}

function connect() {
  const events: ServerEvent[] = []
  const onReconnect = vi.fn()
  const onGiveUp = vi.fn()
  const close = connectServerEvents(
    { onEvent: (e) => events.push(e), onReconnect, onGiveUp },
    { createEventSource: (url) => new FakeEventSource(url) as unknown as EventSource, retryDelays: [1_000, 5_000] },
  )
  return { events, onReconnect, onGiveUp, close }
}

beforeEach(() => {
  FakeEventSource.instances = []
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

describe('connectServerEvents', () => {
  it('opens /api/events and hands over each valid event, plain or named', () => {
    const { events } = connect()
    const source = FakeEventSource.latest()
    expect(source.url).toBe('/api/events')
    source.open()
    source.emit({ type: 'post.updated', post })
    source.emit({ type: 'post.deleted', postId: 'p2' }, 'post.deleted')
    source.emit({ type: 'post.progress', postId: 'p1', sentBytes: 5, totalBytes: 10 })
    expect(events).toEqual([
      { type: 'post.updated', post },
      { type: 'post.deleted', postId: 'p2' },
      { type: 'post.progress', postId: 'p1', sentBytes: 5, totalBytes: 10 },
    ])
  })

  it('ignores what is not a known event: bad JSON, other types, a post missing fields', () => {
    const { events } = connect()
    const source = FakeEventSource.latest()
    source.emit('not json')
    source.emit({ type: 'render.done', id: 'r1' })
    source.emit({ type: 'post.updated', post: { id: 'p1' } })
    expect(events).toEqual([])
  })

  it('calls onReconnect when the browser reconnected by itself, not on the first open', () => {
    const { onReconnect } = connect()
    const source = FakeEventSource.latest()
    source.open()
    expect(onReconnect).not.toHaveBeenCalled()
    source.fail(true)
    source.open()
    expect(onReconnect).toHaveBeenCalledTimes(1)
    expect(FakeEventSource.instances).toHaveLength(1)
  })

  it('opens a new stream after a growing pause when the browser gave up, then catches up', () => {
    const { onReconnect, close } = connect()
    FakeEventSource.latest().fail(false)
    expect(FakeEventSource.latest().closed).toBe(true)
    vi.advanceTimersByTime(999)
    expect(FakeEventSource.instances).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(FakeEventSource.instances).toHaveLength(2)
    FakeEventSource.latest().fail(false)
    vi.advanceTimersByTime(4_999)
    expect(FakeEventSource.instances).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(FakeEventSource.instances).toHaveLength(3)
    FakeEventSource.latest().open()
    expect(onReconnect).toHaveBeenCalledTimes(1)
    close()
    expect(FakeEventSource.latest().closed).toBe(true)
  })

  it('says when the browser gave up (the server refused the stream), not when it retries by itself', () => {
    const { onGiveUp } = connect()
    FakeEventSource.latest().open()
    FakeEventSource.latest().fail(true)
    expect(onGiveUp).not.toHaveBeenCalled()
    FakeEventSource.latest().fail(false)
    expect(onGiveUp).toHaveBeenCalledTimes(1)
  })

  it('stops for good when closed, even with a retry pending', () => {
    const { close } = connect()
    FakeEventSource.latest().fail(false)
    close()
    vi.advanceTimersByTime(60_000)
    expect(FakeEventSource.instances).toHaveLength(1)
  })
})
