import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { applySlideshowEvent } from '../../api/slideshows'
import { installDialogPolyfill, makeSlideshow, mockApi, renderWithQueryClient } from '../../testing/test-utils'
import { SlideshowsList } from './slideshows-list'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  delete (Element.prototype as Partial<Element>).scrollIntoView
})

describe('Your slideshows', () => {
  it('follows a render from live events, then offers Schedule and the MP4 export', async () => {
    installDialogPolyfill()
    const rendered = makeSlideshow({
      state: 'processed',
      progress: 100,
      photoSetId: 'ps-1',
      slides: makeSlideshow().slides.map((s, i) => ({ ...s, imageUrl: `/api/slideshows/photo-sets/ps-1/images/${i}` })),
      updatedAt: '2027-01-10T12:01:00.000Z',
    })
    const { calls } = mockApi(({ method, pathname }) => {
      if (pathname === '/api/slideshows' && method === 'GET')
        return { status: 200, body: { slideshows: [makeSlideshow()] } }
      if (pathname === '/api/slideshows/ss-1/export') {
        return { status: 202, body: { slideshow: { ...rendered, export: { ...rendered.export, state: 'queued' } } } }
      }
      return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } }
    })
    const onSchedule = vi.fn()
    const user = userEvent.setup()
    const { queryClient } = renderWithQueryClient(<SlideshowsList onEdit={vi.fn()} onSchedule={onSchedule} />)
    const item = await screen.findByRole('listitem', { name: 'Slideshow “Sleep tips”' })
    expect(within(item).getByText('Queued')).toBeTruthy()
    expect(within(item).queryByRole('button', { name: 'Schedule “Sleep tips”' })).toBeNull()

    act(() =>
      applySlideshowEvent(queryClient, {
        type: 'slideshow.updated',
        slideshow: { ...makeSlideshow(), state: 'rendering', progress: 40, updatedAt: '2027-01-10T12:00:30.000Z' },
      }),
    )
    await waitFor(() =>
      expect(
        within(item).getByRole('progressbar', { name: 'Rendering Sleep tips' }).getAttribute('aria-valuenow'),
      ).toBe('40'),
    )
    act(() => applySlideshowEvent(queryClient, { type: 'slideshow.updated', slideshow: rendered }))
    const slides = await within(item).findByRole('list', { name: 'Rendered slides of “Sleep tips”' })
    expect(
      within(slides)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Slide 1 (cover)', 'Slide 2'])
    await user.click(within(item).getByRole('button', { name: 'Schedule “Sleep tips”' }))
    expect(onSchedule).toHaveBeenCalledWith(rendered)

    await user.selectOptions(within(item).getByLabelText('Seconds per slide'), '5')
    await user.click(within(item).getByRole('button', { name: 'Export “Sleep tips” as video' }))
    expect(await within(item).findByText('Making the video... This may take a minute.')).toBeTruthy()
    expect(calls.find((c) => c.pathname === '/api/slideshows/ss-1/export')?.body).toEqual({ secondsPerSlide: 5 })
  })

  it('brings the slideshow opened from the Library into view and focus, saying how it becomes a video', async () => {
    // jsdom lays nothing out and has no scrollIntoView: record the call.
    const scrolled = vi.fn()
    Element.prototype.scrollIntoView = scrolled
    const rendered = makeSlideshow({ state: 'processed', progress: 100, photoSetId: 'ps-1' })
    mockApi(({ method, pathname }) =>
      pathname === '/api/slideshows' && method === 'GET'
        ? { status: 200, body: { slideshows: [makeSlideshow({ id: 'ss-2', title: 'Other' }), rendered] } }
        : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } },
    )
    renderWithQueryClient(<SlideshowsList openedId="ss-1" onEdit={vi.fn()} />)
    const item = await screen.findByRole('listitem', { name: 'Slideshow “Sleep tips”' })
    await waitFor(() => expect(document.activeElement).toBe(item))
    expect(scrolled).toHaveBeenCalledTimes(1)
    expect(
      within(item).getByText(
        'To use it as a video, choose “Export as video” below: the video joins the Library when ready.',
      ),
    ).toBeTruthy()
    expect(within(item).getByRole('button', { name: 'Export “Sleep tips” as video' })).toBeTruthy()
    const other = screen.getByRole('listitem', { name: 'Slideshow “Other”' })
    expect(other.getAttribute('tabindex')).toBeNull()
    expect(screen.queryByText(/no longer here/)).toBeNull()
  })

  it('says so when the slideshow opened from the Library is gone', async () => {
    mockApi(() => ({ status: 200, body: { slideshows: [makeSlideshow()] } }))
    renderWithQueryClient(<SlideshowsList openedId="deleted-one" onEdit={vi.fn()} />)
    expect(await screen.findByText('The slideshow you opened from the Library is no longer here.')).toBeTruthy()
    expect(screen.getByRole('listitem', { name: 'Slideshow “Sleep tips”' })).toBeTruthy()
  })
})
