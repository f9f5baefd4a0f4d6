import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { AnalyticsPanel } from '../features/analytics/components/analytics-panel'
import { ACCOUNT_ID, analyticsApi, makeSync } from '../features/analytics/testing/test-utils'
import { AutomationPanel } from '../features/automation/components/automation-panel'
import {
  accountChoices,
  automationApi,
  imageChoices,
  libraryChoices,
  makeOverview,
  makeRun,
  makeSlot,
} from '../features/automation/testing/test-utils'
import { ScheduledVideos } from '../features/posts/components/scheduled-videos/scheduled-videos'
import { CreatedVideos } from '../features/studio/components/created-videos'
import { ProcessingNotice } from '../features/studio/components/processing-notice'
import { makeVideo, videosApi } from '../features/studio/testing/test-utils'
import {
  installDialogPolyfill,
  makePost,
  postsApi,
  renderWithClient,
} from '../features/posts/components/scheduled-videos/test-utils'
import { sessionQueryOptions } from '../lib/auth'
import { FakeEventSource } from '../testing/fake-event-source'
import { useLiveUpdates } from './live-updates'

function LiveSchedule({ signedIn }: { signedIn: boolean }) {
  useLiveUpdates(signedIn)
  return <ScheduledVideos timeZone="Europe/Berlin" />
}

beforeAll(installDialogPolyfill)
beforeEach(() => {
  FakeEventSource.instances = []
  vi.stubGlobal('EventSource', FakeEventSource)
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-04-15T10:00:00.000Z'))
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function LiveStudio() {
  useLiveUpdates(true)
  return (
    <>
      <CreatedVideos />
      <ProcessingNotice />
    </>
  )
}

function grid() {
  return screen.getByRole('table', { name: 'Scheduled videos, April 2026' })
}

describe('live updates on the calendar', () => {
  it('a post turning Uploaded shows at once, and the calendar asks the server again', async () => {
    const post = makePost({ id: 'p1', title: 'Tip', state: 'scheduled', scheduledAt: '2026-04-15T10:00:00.000Z' })
    const { gets, replace } = postsApi([post])
    renderWithClient(<LiveSchedule signedIn />)
    await within(await screen.findByRole('table')).findByText('Scheduled')
    const source = FakeEventSource.latest()
    expect(source.url).toBe('/api/events')
    source.open()

    // The cell shows the event's post at once; the days answer (counts, first posts) is asked for again (ADR 053).
    replace({ ...post, state: 'publishing' })
    source.emit({ type: 'post.updated', post: { ...post, state: 'publishing' } })
    expect(await within(grid()).findByText('Processing')).toBeTruthy()
    source.emit({ type: 'post.progress', postId: 'p1', sentBytes: 40, totalBytes: 100 })
    expect(
      ((await screen.findByRole('progressbar', { name: 'Uploading Tip to TikTok' })) as HTMLProgressElement).value,
    ).toBe(40)

    replace({ ...post, state: 'uploaded', tiktokPostId: 'v1' })
    source.emit({ type: 'post.updated', post: { ...post, state: 'uploaded', tiktokPostId: 'v1' } })
    expect(await within(grid()).findByText('Uploaded')).toBeTruthy()
    expect(screen.queryByRole('progressbar')).toBeNull()
    await vi.waitFor(() => expect(gets()).toHaveLength(3))
    expect(await within(grid()).findByText('1 video')).toBeTruthy()
  })

  it('adds a new post of the month shown, leaves out other months, and removes a deleted one', async () => {
    const { gets, add, remove } = postsApi([])
    renderWithClient(<LiveSchedule signedIn />)
    await screen.findByRole('table')
    const source = FakeEventSource.latest()
    source.open()
    const fresh = makePost({ id: 'n1', title: 'Fresh', scheduledAt: '2026-04-18T09:00:00.000Z' })
    const may = makePost({ id: 'n2', title: 'May post', scheduledAt: '2026-05-03T09:00:00.000Z' })
    add(fresh)
    add(may)
    source.emit({ type: 'post.updated', post: fresh })
    source.emit({ type: 'post.updated', post: may })
    expect(await within(grid()).findByText('Fresh')).toBeTruthy()
    expect(within(grid()).queryByText('May post')).toBeNull()
    remove('n1')
    source.emit({ type: 'post.deleted', postId: 'n1' })
    await vi.waitFor(() => expect(within(grid()).queryByText('Fresh')).toBeNull())
    expect(gets().length).toBeGreaterThan(1)
  })

  it('fetches once to catch up after the stream was interrupted', async () => {
    const { gets } = postsApi([])
    renderWithClient(<LiveSchedule signedIn />)
    await screen.findByRole('table')
    const source = FakeEventSource.latest()
    source.open()
    source.fail(true)
    source.open()
    await vi.waitFor(() => expect(gets()).toHaveLength(2))
  })

  it('asks again who is signed in when the server refuses the stream (the session ended elsewhere)', async () => {
    postsApi([])
    const { queryClient } = renderWithClient(<LiveSchedule signedIn />)
    queryClient.setQueryData(sessionQueryOptions.queryKey, { user: { id: 'u1', email: 'ana@example.com' } })
    await screen.findByRole('table')
    const source = FakeEventSource.latest()
    source.open()
    source.fail(true)
    expect(queryClient.getQueryState(sessionQueryOptions.queryKey)?.isInvalidated).toBe(false)
    source.fail(false)
    expect(queryClient.getQueryState(sessionQueryOptions.queryKey)?.isInvalidated).toBe(true)
  })

  it('opens no stream when signed out, and closes it on sign-out', async () => {
    postsApi([])
    const { rerender, queryClient } = renderWithClient(<LiveSchedule signedIn={false} />)
    const withClient = (signedIn: boolean) => (
      <QueryClientProvider client={queryClient}>
        <LiveSchedule signedIn={signedIn} />
      </QueryClientProvider>
    )
    await screen.findByRole('table')
    expect(FakeEventSource.instances).toHaveLength(0)
    rerender(withClient(true))
    expect(FakeEventSource.instances).toHaveLength(1)
    rerender(withClient(false))
    expect(FakeEventSource.latest().closed).toBe(true)
  })
})

describe('live updates of created videos', () => {
  it('a render’s progress and result show without fetching, and a gap in the stream refetches the videos', async () => {
    const { gets } = videosApi([])
    renderWithClient(<LiveStudio />)
    await screen.findByText(/No videos yet/)
    const source = FakeEventSource.latest()
    source.open()
    const video = makeVideo({ id: 'v1', title: 'Hooked', state: 'queued' })
    source.emit({ type: 'video.updated', video })
    source.emit({ type: 'video.progress', videoId: 'v1', percent: 60 })
    expect(await screen.findByText('Processing 60%')).toBeTruthy()
    expect(screen.getByText('Processing video... This may take a few minutes.')).toBeTruthy()
    source.emit({ type: 'video.updated', video: makeVideo({ id: 'v1', title: 'Hooked', createdAt: video.createdAt }) })
    expect(await screen.findByText('Ready')).toBeTruthy()
    expect(screen.queryByText('Processing video... This may take a few minutes.')).toBeNull()
    expect(gets()).toHaveLength(1)

    source.fail(false)
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(2), { timeout: 3000 })
    FakeEventSource.latest().open()
    await vi.waitFor(() => expect(gets()).toHaveLength(2))
  })
})

describe('live updates of the automation', () => {
  function LiveAutomation() {
    useLiveUpdates(true)
    return (
      <AutomationPanel
        accounts={accountChoices()}
        library={libraryChoices()}
        images={imageChoices()}
        profileTimeZone="Europe/Paris"
        noAccounts={null}
        onEditPost={() => undefined}
      />
    )
  }

  it('automation.updated refetches the history; a gap in the stream refetches it too', async () => {
    const run = makeRun({ slots: [makeSlot({ id: 's1', state: 'rendering' })] })
    const api = automationApi(makeOverview({ enabled: true }, [run]))
    renderWithClient(<LiveAutomation />)
    const slots = await screen.findByRole('list', { name: 'Planned posts' })
    expect(within(slots).getByText('Rendering')).toBeTruthy()
    const source = FakeEventSource.latest()
    source.open()
    api.set(makeOverview({ enabled: true }, [{ ...run, slots: [{ ...run.slots[0]!, state: 'scheduled' }] }]))
    source.emit({ type: 'automation.updated' })
    expect(await within(slots).findByText('Scheduled')).toBeTruthy()
    expect(api.gets()).toHaveLength(2)

    source.fail(false)
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(2), { timeout: 3000 })
    FakeEventSource.latest().open()
    await vi.waitFor(() => expect(api.gets()).toHaveLength(3))
  })
})

describe('live updates of analytics', () => {
  function LiveAnalytics() {
    useLiveUpdates(true)
    return (
      <AnalyticsPanel
        accounts={{
          status: 'success',
          items: [{ id: ACCOUNT_ID, label: 'Ana Cooks (@anacooks)' }],
          retrying: false,
          onRetry: () => undefined,
        }}
        noAccounts={null}
        reconnect={() => null}
        timeZone="Europe/Berlin"
        now={new Date('2026-04-15T10:00:00.000Z')}
      />
    )
  }

  it('Refresh stats shows progress until the stream says analytics.synced for the account; a gap refetches', async () => {
    const api = analyticsApi()
    renderWithClient(<LiveAnalytics />)
    const source = FakeEventSource.latest()
    source.open()
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh stats' }))
    expect(await screen.findByText('Refreshing stats…')).toBeTruthy()
    const syncGets = api.gets('sync').length

    api.data.sync = makeSync({ syncedAt: '2026-04-15T09:59:00.000Z' })
    source.emit({ type: 'analytics.synced', accountId: ACCOUNT_ID })
    await vi.waitFor(() => expect(screen.queryByText('Refreshing stats…')).toBeNull())
    expect(api.gets('sync').length).toBeGreaterThan(syncGets)
    expect(screen.getByText(/^Updated .*11:59 AM$/)).toBeTruthy()

    const overviews = api.gets('overview').length
    source.fail(true)
    source.open()
    await vi.waitFor(() => expect(api.gets('overview').length).toBeGreaterThan(overviews))
  })
})
