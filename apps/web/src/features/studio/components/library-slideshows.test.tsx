import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { slideshowLibraryFacts, type LibraryItem } from '@hookpost/shared/library'
import type { Slideshow } from '@hookpost/shared/slideshows'
import { applySlideshowEvent } from '../api/slideshows'
import { makeLibraryItem, makeSlideshow, makeSlideshowLibraryItem, mockApi, renderRoute } from '../testing/test-utils'
import { LibraryBrowser } from './library-browser'

/** The Library's slideshows (issue 29): which can be chosen, what the others say, and how the list follows them live. */

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const STOCK = makeLibraryItem({ id: 'stock:feature-tour', title: 'Feature tour', category: 'Product Features' })
const EXPORTED = makeSlideshowLibraryItem({
  slideshowId: 'show-exported',
  title: 'Morning routine',
  description: 'Three habits · Coffee first',
  slideCount: 3,
  exportState: 'processed',
})
const PLAIN = makeSlideshowLibraryItem({ slideshowId: 'show-plain', title: 'Evening routine', slideCount: 1 })
const EXPORTING = makeSlideshowLibraryItem({ slideshowId: 'show-busy', title: 'Lunch ideas', exportState: 'rendering' })

/** Where the Library's link leads, as the router sees it. */
function Landed() {
  const location = useLocation()
  return <p>Landed on {`${location.pathname}${location.search}`}</p>
}

function setup(library: () => LibraryItem[], props: { videosOnly?: boolean } = {}) {
  const api = mockApi(({ method, pathname }) => {
    if (pathname === '/api/library' && method === 'GET') {
      return { status: 200, body: { videos: library(), preparing: false } }
    }
    return { status: 404, body: { code: 'NOT_FOUND', message: 'Library video not found' } }
  })
  const onChoose = vi.fn()
  const user = userEvent.setup()
  const view = renderRoute(<LibraryBrowser selectedId={null} choosingId={null} onChoose={onChoose} {...props} />, {
    url: '/create',
    path: '/create',
    routes: [{ path: '/dashboard', element: <Landed /> }],
  })
  const libraryGets = () => api.calls.filter((c) => c.pathname === '/api/library').length
  return { ...view, onChoose, user, libraryGets }
}

describe('slideshows in the Library', () => {
  it('chooses an exported slideshow like any video; one not exported says how to get a video and links to it', async () => {
    const ctx = setup(() => [STOCK, EXPORTED, PLAIN, EXPORTING])
    const list = await screen.findByRole('list', { name: 'Library videos' })
    expect(screen.getByText('2 videos and 2 slideshows not exported as a video yet')).toBeTruthy()

    // Exported: a toggle button like a stock clip, its slide count and length said.
    const exported = within(list).getByRole('button', { name: 'Morning routine, Slideshows, 3 slides, 0:09' })
    expect(exported.querySelector('img')?.getAttribute('src')).toBe(EXPORTED.thumbnailUrl)
    await ctx.user.click(exported)
    expect(ctx.onChoose).toHaveBeenCalledWith(EXPORTED)

    // Not exported: no button to press in vain; what it is, why it cannot be chosen, and the way to make it a video.
    expect(within(list).getAllByRole('button')).toHaveLength(2)
    const plain = within(list).getByRole('group', { name: 'Evening routine, Slideshows, 1 slide, Not a video yet' })
    expect(within(plain).getByText('Use “Export as video” in the Slideshow studio, then choose it here.')).toBeTruthy()
    const busy = within(list).getByRole('group', { name: /^Lunch ideas, Slideshows, 3 slides, Exporting as a video…$/ })
    expect(within(busy).getByText('It can be chosen here once the video is ready.')).toBeTruthy()

    const link = within(plain).getByRole('link', { name: 'Open in Slideshow studio: “Evening routine”' })
    expect(link.getAttribute('aria-describedby')).toBeTruthy()
    await ctx.user.click(link)
    expect(await screen.findByText('Landed on /dashboard?tab=create&make=slideshow&slideshow=show-plain')).toBeTruthy()
    expect(ctx.onChoose).toHaveBeenCalledTimes(1)
  })

  it('finds slideshows under their own category, by the words on their slides, and among My videos', async () => {
    const ctx = setup(() => [STOCK, EXPORTED, PLAIN])
    await screen.findByRole('list', { name: 'Library videos' })
    const category = screen.getByLabelText('Category')
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All categories', 'Product Features', 'Slideshows'])
    // Each card's name starts with its title (a button for a video, a group for a slideshow not exported).
    const names = () =>
      within(screen.getByRole('list', { name: 'Library videos' }))
        .getAllByRole('listitem')
        .map((li) => (within(li).queryByRole('button') ?? within(li).getByRole('group')).getAttribute('aria-label'))
        .map((name) => name?.split(',')[0])
    await ctx.user.selectOptions(category, 'Slideshows')
    expect(names()).toEqual(['Morning routine', 'Evening routine'])
    await ctx.user.selectOptions(category, 'All categories')
    await ctx.user.type(screen.getByLabelText('Search videos'), 'coffee')
    expect(names()).toEqual(['Morning routine'])
    await ctx.user.clear(screen.getByLabelText('Search videos'))
    await ctx.user.click(screen.getByRole('radio', { name: 'My videos' }))
    expect(names()).toEqual(['Morning routine', 'Evening routine'])
    await ctx.user.click(screen.getByRole('radio', { name: 'Stock videos' }))
    expect(names()).toEqual(['Feature tour'])
  })

  it('offers only what is a video where stills are taken from it', async () => {
    setup(() => [STOCK, EXPORTED, PLAIN], { videosOnly: true })
    const list = await screen.findByRole('list', { name: 'Library videos' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(within(list).queryByRole('group')).toBeNull()
    expect(screen.getByText('2 videos')).toBeTruthy()
  })

  it('follows live events: an export that finishes makes the card a video without a reload', async () => {
    const rendered = makeSlideshow({
      id: 'show-live',
      title: 'Live one',
      state: 'processed',
      progress: 100,
      photoSetId: 'ps-1',
      slides: makeSlideshow().slides.map((s, i) => ({ ...s, imageUrl: `/api/slideshows/photo-sets/ps-1/images/${i}` })),
    })
    let current: Slideshow = rendered
    const item = (s: Slideshow): LibraryItem => {
      const facts = slideshowLibraryFacts(s)
      const exported = facts.videoUrl !== null
      return { ...facts, duration: exported ? 6 : null, width: 1080, height: 1920 }
    }
    const ctx = setup(() => [STOCK, item(current)])
    const list = await screen.findByRole('list', { name: 'Library videos' })
    expect(within(list).getByRole('group', { name: /^Live one, .*Not a video yet$/ })).toBeTruthy()
    const send = (slideshow: Slideshow) =>
      act(() => applySlideshowEvent(ctx.queryClient, { type: 'slideshow.updated', slideshow }))

    // The export starts: what the Library shows changed, so it asks again, once.
    current = { ...rendered, export: { ...rendered.export, state: 'rendering', progress: 10 } }
    send(current)
    await waitFor(() => expect(within(list).getByText('Exporting as a video…')).toBeTruthy())
    expect(ctx.libraryGets()).toBe(2)
    // Progress alone: nothing the Library shows, no request.
    send({ ...current, export: { ...current.export, progress: 60 }, updatedAt: '2027-01-10T12:02:00.000Z' })
    expect(ctx.libraryGets()).toBe(2)

    current = {
      ...rendered,
      export: {
        ...rendered.export,
        state: 'processed',
        progress: 100,
        mediaId: 'm-1',
        videoUrl: '/api/media/m-1/file',
      },
    }
    send(current)
    const button = await within(list).findByRole('button', { name: 'Live one, Slideshows, 2 slides, 0:06' })
    await ctx.user.click(button)
    expect(ctx.onChoose).toHaveBeenCalledWith(expect.objectContaining({ videoUrl: '/api/media/m-1/file' }))

    // A new slideshow (saved in another tab) joins; a deleted one leaves at once, without a request.
    current = { ...rendered, id: 'show-new', title: 'Brand new' }
    send(current)
    await within(list).findByRole('group', { name: /^Brand new,/ })
    const gets = ctx.libraryGets()
    act(() => applySlideshowEvent(ctx.queryClient, { type: 'slideshow.deleted', slideshowId: 'show-new' }))
    await waitFor(() => expect(within(list).queryByRole('group', { name: /^Brand new,/ })).toBeNull())
    expect(ctx.libraryGets()).toBe(gets)
  })
})
