import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { applyVideoEvent } from '../api/get-videos'
import { makeVideo, renderWithQueryClient, videosApi } from '../testing/test-utils'
import { RenderedVideoPlayer } from './rendered-video-player'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the rendered video player (a planned post’s video in the review dialog)', () => {
  it('follows the render live, then plays the video with its thumbnail as poster and its name', async () => {
    const rendering = makeVideo({ id: 'v-hook', state: 'rendering', progress: 10 })
    const api = videosApi([rendering])
    const { queryClient } = renderWithQueryClient(
      <RenderedVideoPlayer videoId="v-hook" label="Video of the post, with its hook “Wait for it”" />,
    )
    const bar = await screen.findByRole('progressbar')
    expect(bar.getAttribute('aria-valuenow')).toBe('10')
    // The list asked for on opening has arrived: from now on only live events move it.
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0))
    expect(api.gets()).toHaveLength(1)

    act(() => applyVideoEvent(queryClient, { type: 'video.progress', videoId: 'v-hook', percent: 64 }))
    await vi.waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('64'))
    expect(screen.getByText(/64%/)).toBeTruthy()

    act(() => applyVideoEvent(queryClient, { type: 'video.updated', video: makeVideo({ id: 'v-hook' }) }))
    const player = await screen.findByLabelText('Video of the post, with its hook “Wait for it”')
    expect(player.tagName).toBe('VIDEO')
    expect(player.getAttribute('src')).toBe('/api/videos/v-hook/file')
    expect(player.getAttribute('poster')).toBe('/api/videos/v-hook/thumbnail')
    expect(player.hasAttribute('controls')).toBe(true)
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('says why when the render failed', async () => {
    videosApi([makeVideo({ id: 'v-bad', state: 'failed', errorMessage: 'ffmpeg stopped' })])
    renderWithQueryClient(<RenderedVideoPlayer videoId="v-bad" label="Video of the post" />)
    expect((await screen.findByRole('alert')).textContent).toBe('Failed: ffmpeg stopped')
    expect(screen.queryByLabelText('Video of the post')).toBeNull()
  })
})
