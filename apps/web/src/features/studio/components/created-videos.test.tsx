import { useQueryClient } from '@tanstack/react-query'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import type { CreatedVideo } from '@hookpost/shared/studio'
import { FakeEventSource } from '../../../testing/fake-event-source'
import { useServerEvents } from '../../../lib/use-server-events'
import { applyVideoEvent, refetchVideosAfterGap } from '../api/get-videos'
import { STUDIO_MESSAGES } from '../utils/messages'
import {
  installDialogPolyfill,
  installMediaFakes,
  makeOverlay,
  makeVideo,
  renderWithQueryClient,
  videosApi,
} from '../testing/test-utils'
import { CreatedVideos } from './created-videos'
import { ProcessingNotice } from './processing-notice'

/** The list and the shell's notice, following the live stream as the dashboard does (app/live-updates.ts). */
function LiveStudio({ onSchedule }: { onSchedule?: (video: CreatedVideo) => void }) {
  const queryClient = useQueryClient()
  useServerEvents(true, {
    onEvent: (event) => applyVideoEvent(queryClient, event),
    onReconnect: () => void refetchVideosAfterGap(queryClient),
  })
  return (
    <>
      <CreatedVideos onSchedule={onSchedule} />
      <ProcessingNotice />
    </>
  )
}

beforeAll(installDialogPolyfill)
beforeEach(() => {
  FakeEventSource.instances = []
  vi.stubGlobal('EventSource', FakeEventSource)
  installMediaFakes()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const list = () => screen.getByRole('list', { name: 'Your videos' })
const item = (title: string) => {
  const heading = within(list()).getByRole('heading', { name: title })
  const li = heading.closest('li')
  if (!li) throw new Error(`no item for ${title}`)
  return within(li)
}

async function render(
  videos: CreatedVideo[],
  overrides: Parameters<typeof videosApi>[1] = {},
  onSchedule?: (video: CreatedVideo) => void,
) {
  const api = videosApi(videos, overrides)
  const user = userEvent.setup()
  const view = renderWithQueryClient(<LiveStudio onSchedule={onSchedule} />)
  return { ...api, ...view, user }
}

describe('created videos', () => {
  it('lists them newest first with their state: Queued, Processing n%, Ready, Failed with Retry', async () => {
    await render([
      makeVideo({ title: 'Old and ready', createdAt: '2027-01-01T10:00:00.000Z' }),
      makeVideo({
        title: 'Broken',
        state: 'failed',
        errorMessage: 'The demo video could not be read.',
        createdAt: '2027-01-03T10:00:00.000Z',
      }),
      makeVideo({ title: 'Rendering', state: 'rendering', progress: 40, createdAt: '2027-01-04T10:00:00.000Z' }),
      makeVideo({ title: 'Waiting', state: 'queued', createdAt: '2027-01-05T10:00:00.000Z' }),
    ])
    await screen.findByRole('list', { name: 'Your videos' })
    expect(
      within(list())
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Waiting', 'Rendering', 'Broken', 'Old and ready'])
    expect(item('Waiting').getByText('Queued')).toBeTruthy()
    expect(item('Rendering').getByText('Processing 40%')).toBeTruthy()
    expect(item('Broken').getByText('Failed: The demo video could not be read.')).toBeTruthy()
    expect(item('Broken').getByRole('button', { name: 'Retry Broken' })).toBeTruthy()
    expect(item('Old and ready').getByText('Ready')).toBeTruthy()

    // Only a rendered video can be played and downloaded.
    expect(item('Waiting').queryByRole('button', { name: /^Play/ })).toBeNull()
    expect(item('Waiting').queryByRole('link', { name: /^Download/ })).toBeNull()
    const download = item('Old and ready').getByRole('link', { name: 'Download Old and ready' })
    expect(download.getAttribute('href')).toMatch(/\/download$/)
    expect(download.hasAttribute('download')).toBe(true)
    expect(download.textContent).toBe('Download')
  })

  it('plays a rendered video inline and shows its details', async () => {
    const ctx = await render([
      makeVideo({
        id: 'v1',
        title: 'Pancakes',
        description: 'Three ingredients',
        textOverlays: [makeOverlay({ text: 'Wait 👀', position: 'top' })],
      }),
    ])
    await screen.findByRole('list', { name: 'Your videos' })
    await ctx.user.click(item('Pancakes').getByRole('button', { name: 'Play Pancakes' }))
    const player = item('Pancakes').getByLabelText('Pancakes, rendered video') as HTMLVideoElement
    expect(player.getAttribute('src')).toBe('/api/videos/v1/file')
    expect(player.controls).toBe(true)
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled()
    await ctx.user.click(item('Pancakes').getByRole('button', { name: 'Hide Pancakes' }))
    expect(item('Pancakes').queryByLabelText('Pancakes, rendered video')).toBeNull()

    const details = item('Pancakes').getByRole('button', { name: 'Details of Pancakes' })
    expect(details.getAttribute('aria-expanded')).toBe('false')
    await ctx.user.click(details)
    expect(details.getAttribute('aria-expanded')).toBe('true')
    expect(item('Pancakes').getByText('Three ingredients')).toBeTruthy()
    expect(item('Pancakes').getByText('Wait 👀')).toBeTruthy()
    expect(item('Pancakes').getByText('(Top · White · Medium (72 px) · Bold · Outline)')).toBeTruthy()
  })

  it('follows a render live: queued, progress, ready; the processing notice shows while it renders', async () => {
    const waiting = makeVideo({ id: 'v1', title: 'Fresh', state: 'queued' })
    const ctx = await render([])
    expect(await screen.findByText(/No videos yet/)).toBeTruthy()
    const source = FakeEventSource.latest()
    source.open()

    source.emit({ type: 'video.updated', video: waiting })
    expect(await screen.findByText('Queued')).toBeTruthy()
    const notice = await screen.findByText(STUDIO_MESSAGES.processing)
    expect(notice.closest('[role="status"]')).toBeTruthy()

    source.emit({ type: 'video.progress', videoId: 'v1', percent: 35 })
    expect(await item('Fresh').findByText('Processing 35%')).toBeTruthy()
    const bar = screen.getByRole('progressbar', { name: 'Processing Fresh' })
    expect(bar.getAttribute('aria-valuenow')).toBe('35')

    const done = makeVideo({ id: 'v1', title: 'Fresh', createdAt: waiting.createdAt })
    source.emit({ type: 'video.updated', video: done })
    expect(await item('Fresh').findByText('Ready')).toBeTruthy()
    expect(screen.queryByText(STUDIO_MESSAGES.processing)).toBeNull()
    // A late progress event does not take it back.
    source.emit({ type: 'video.progress', videoId: 'v1', percent: 99 })
    expect(item('Fresh').getByText('Ready')).toBeTruthy()

    source.emit({ type: 'video.deleted', videoId: 'v1' })
    expect(await screen.findByText(/No videos yet/)).toBeTruthy()
    expect(ctx.gets()).toHaveLength(1)
  })

  it('fetches the list again after the stream was interrupted', async () => {
    const ctx = await render([])
    await screen.findByText(/No videos yet/)
    const source = FakeEventSource.latest()
    source.open()
    source.fail(true)
    source.open()
    await waitFor(() => expect(ctx.gets()).toHaveLength(2))
  })

  it('deletes after confirming: "Video deleted successfully"', async () => {
    const ctx = await render([makeVideo({ id: 'v1', title: 'Old clip' }), makeVideo({ id: 'v2', title: 'Keep me' })])
    await screen.findByRole('list', { name: 'Your videos' })
    await ctx.user.click(item('Old clip').getByRole('button', { name: 'Delete Old clip' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete “Old clip”?' })
    expect(within(dialog).getByText(STUDIO_MESSAGES.deleteVideoConfirm)).toBeTruthy()
    // Cancel first: nothing happens.
    await ctx.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(ctx.calls.some((c) => c.method === 'DELETE')).toBe(false)

    await ctx.user.click(item('Old clip').getByRole('button', { name: 'Delete Old clip' }))
    await ctx.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete video' }))
    expect(await screen.findByText(MESSAGES.videoDeleted)).toBeTruthy()
    expect(ctx.calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/videos/v1')
    expect(within(list()).queryByRole('heading', { name: 'Old clip' })).toBeNull()
    expect(within(list()).getByRole('heading', { name: 'Keep me' })).toBeTruthy()
  })

  it("shows the server's reason when a scheduled post uses the video, and 'Failed to delete video' otherwise", async () => {
    const inUse = 'This video is used by a scheduled post. Delete the post first.'
    const ctx = await render([makeVideo({ title: 'Scheduled one' })], {
      remove: { status: 409, body: { code: 'CONFLICT', message: inUse } },
    })
    await screen.findByRole('list', { name: 'Your videos' })
    await ctx.user.click(item('Scheduled one').getByRole('button', { name: 'Delete Scheduled one' }))
    await ctx.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete video' }))
    expect(await screen.findByText(inUse)).toBeTruthy()
    expect(within(list()).getByRole('heading', { name: 'Scheduled one' })).toBeTruthy()
    cleanup()

    const again = await render([makeVideo({ title: 'Unlucky' })], { remove: { status: 500, body: { message: 'x' } } })
    await screen.findByRole('list', { name: 'Your videos' })
    await again.user.click(item('Unlucky').getByRole('button', { name: 'Delete Unlucky' }))
    await again.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete video' }))
    expect(await screen.findByText(MESSAGES.videoDeleteFailed)).toBeTruthy()
  })

  it('retries a failed render', async () => {
    const ctx = await render([makeVideo({ id: 'v1', title: 'Broken', state: 'failed', errorMessage: 'Timed out' })])
    await screen.findByRole('list', { name: 'Your videos' })
    await ctx.user.click(item('Broken').getByRole('button', { name: 'Retry Broken' }))
    expect(await item('Broken').findByText('Queued')).toBeTruthy()
    expect(ctx.calls.some((c) => c.method === 'POST' && c.path === '/api/videos/v1/retry')).toBe(true)
    expect(item('Broken').queryByText(/^Failed:/)).toBeNull()
  })

  it("says 'Failed to fetch created videos' when the list cannot load, and tries again", async () => {
    let fail = true
    const ctx = await render([makeVideo({ title: 'Back again' })], {
      list: () => (fail ? { status: 500, body: { message: 'down' } } : undefined),
    })
    expect(await screen.findByText(STUDIO_MESSAGES.fetchVideosFailed)).toBeTruthy()
    fail = false
    await ctx.user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeTruthy()
  })

  it('clears the delete notice after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const ctx = await render([makeVideo({ title: 'Short-lived' })])
      await screen.findByRole('list', { name: 'Your videos' })
      await ctx.user.click(item('Short-lived').getByRole('button', { name: 'Delete Short-lived' }))
      await ctx.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete video' }))
      expect(await screen.findByText(MESSAGES.videoDeleted)).toBeTruthy()
      await act(() => vi.advanceTimersByTime(5000))
      expect(screen.queryByText(MESSAGES.videoDeleted)).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('offers Schedule for TikTok; a video not rendered yet says so instead', async () => {
    const onSchedule = vi.fn()
    const ctx = await render(
      [makeVideo({ id: 'v1', title: 'Done' }), makeVideo({ id: 'v2', title: 'Not yet', state: 'rendering' })],
      {},
      onSchedule,
    )
    await screen.findByRole('list', { name: 'Your videos' })
    await ctx.user.click(item('Not yet').getByRole('button', { name: 'Schedule Not yet for TikTok' }))
    expect(item('Not yet').getByRole('alert').textContent).toBe(STUDIO_MESSAGES.notProcessed)
    expect(onSchedule).not.toHaveBeenCalled()
    await ctx.user.click(item('Done').getByRole('button', { name: 'Schedule Done for TikTok' }))
    expect(onSchedule).toHaveBeenCalledWith(expect.objectContaining({ id: 'v1', outputMediaId: 'out-v1' }))
  })

  it('offers Edit as new on a rendered video only', async () => {
    const onEditAsNew = vi.fn()
    videosApi([makeVideo({ id: 'v1', title: 'Done' }), makeVideo({ id: 'v2', title: 'Not yet', state: 'rendering' })])
    const user = userEvent.setup()
    renderWithQueryClient(<CreatedVideos onEditAsNew={onEditAsNew} />)
    await screen.findByRole('list', { name: 'Your videos' })
    expect(item('Not yet').queryByRole('button', { name: /as a new video/ })).toBeNull()
    await user.click(item('Done').getByRole('button', { name: 'Edit Done as a new video' }))
    expect(onEditAsNew).toHaveBeenCalledWith(expect.objectContaining({ id: 'v1' }))
  })
})
