import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Slideshow, SlideshowInput, WrittenSlideshow } from '@hookpost/shared/slideshows'
import type { ApiReply } from '../../../../testing/api-mock'
import {
  installDialogPolyfill,
  installMediaFakes,
  makeLibraryItem,
  makeMedia,
  makeSlideshow,
  mockApi,
  renderWithQueryClient,
} from '../../testing/test-utils'
import type { PickedImage } from './add-slide-panel'
import { SlideshowEditor } from './slideshow-editor'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const IMAGES: PickedImage[] = [
  { id: 'img-a', url: '/api/images/img-a/file', name: 'Beach' },
  { id: 'img-b', url: '/api/images/img-b/file', name: 'Forest' },
  { id: 'img-c', url: '/api/images/img-c/file', name: 'City' },
]

function savedFrom(input: SlideshowInput): Slideshow {
  return makeSlideshow({
    title: input.title,
    slides: input.slides.map((s) => ({
      source: s.source,
      overlays: (s.overlays ?? []) as Slideshow['slides'][number]['overlays'],
      sourceUrl: '/x.jpg',
      imageUrl: null,
    })),
    coverIndex: input.coverIndex ?? 0,
  })
}

function setup(options: { write?: ApiReply } = {}) {
  installDialogPolyfill()
  installMediaFakes()
  const clip = makeLibraryItem({ title: 'Laptop demo', duration: 8 })
  const api = mockApi(({ method, pathname, body }) => {
    if (pathname === '/api/saved-hooks') return { status: 200, body: { hooks: [] } }
    if (pathname === '/api/library') return { status: 200, body: { videos: [clip], preparing: false } }
    if (pathname === '/api/library/use') {
      return { status: 200, body: { media: makeMedia({ id: 'media-clip', width: 720, height: 1280 }) } }
    }
    if (pathname === '/api/slideshows' && method === 'POST') {
      return { status: 201, body: { slideshow: savedFrom(body as SlideshowInput) } }
    }
    if (pathname === '/api/generate/slideshow') return options.write ?? { status: 500, body: {} }
    return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } }
  })
  const user = userEvent.setup()
  renderWithQueryClient(
    <SlideshowEditor
      imagePicker={(onPick) => (
        <div>
          {IMAGES.map((image) => (
            <button key={image.id} type="button" onClick={() => onPick(image)}>
              Use image {image.name}
            </button>
          ))}
        </div>
      )}
    />,
  )
  return { ...api, user, clip }
}

type Ctx = ReturnType<typeof setup>

const slideNames = () =>
  within(screen.getByRole('list', { name: 'Slides' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p.truncate')?.textContent)

async function addImages(ctx: Ctx, ...names: string[]) {
  for (const name of names) await ctx.user.click(screen.getByRole('button', { name: `Use image ${name}` }))
}

function sentBody(ctx: Ctx): SlideshowInput {
  return ctx.calls.find((c) => c.pathname === '/api/slideshows' && c.method === 'POST')?.body as SlideshowInput
}

describe('Slideshow editor', { timeout: 30_000 }, () => {
  it('says what is missing and sends nothing', async () => {
    const ctx = setup()
    await ctx.user.click(screen.getByRole('button', { name: 'Save slideshow' }))
    expect(await screen.findByText('Please enter a title for your slideshow')).toBeTruthy()
    expect(screen.getByText('Please add at least one slide')).toBeTruthy()
    expect(screen.getByLabelText(/Slideshow title/).getAttribute('aria-invalid')).toBe('true')
    expect(ctx.calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('adds slides from the gallery and from a Library still, each with its own text', async () => {
    const ctx = setup()
    await addImages(ctx, 'Beach')
    // The slide just added is the one edited: its text goes on it.
    await ctx.user.type(screen.getByLabelText('Overlay text'), 'Stop scrolling{Enter}')
    await ctx.user.click(screen.getByRole('radio', { name: 'Still from a video' }))
    await ctx.user.click(await screen.findByRole('button', { name: /Laptop demo/ }))
    const second = screen.getByLabelText('Second of the video')
    await ctx.user.clear(second)
    await ctx.user.type(second, '2.5')
    await ctx.user.click(screen.getByRole('button', { name: 'Add this still as a slide' }))
    await waitFor(() => expect(slideNames()).toHaveLength(2))
    expect(screen.getByRole('group', { name: 'Text on slide 2' })).toBeTruthy()

    await ctx.user.type(screen.getByLabelText(/Slideshow title/), 'Three tips')
    await ctx.user.click(screen.getByRole('button', { name: 'Save slideshow' }))
    await screen.findByText('Slideshow saved. Its slides are rendering below.')
    const body = sentBody(ctx)
    expect(body.title).toBe('Three tips')
    expect(body.slides.map((s) => s.source)).toEqual([
      { kind: 'image', imageId: 'img-a' },
      { kind: 'clip', mediaId: 'media-clip', atMs: 2500 },
    ])
    expect(body.slides[0]?.overlays?.map((o) => o.text)).toEqual(['Stop scrolling'])
    expect(body.slides[1]?.overlays).toEqual([])
    expect(body.coverIndex).toBe(0)
  })

  it('refuses a second beyond the video, in words', async () => {
    const ctx = setup()
    await ctx.user.click(screen.getByRole('radio', { name: 'Still from a video' }))
    await ctx.user.click(await screen.findByRole('button', { name: /Laptop demo/ }))
    const second = screen.getByLabelText('Second of the video')
    await ctx.user.clear(second)
    await ctx.user.type(second, '30')
    await ctx.user.click(screen.getByRole('button', { name: 'Add this still as a slide' }))
    expect(await screen.findByText('Enter a second between 0 and 8.')).toBeTruthy()
    expect(ctx.calls.some((c) => c.pathname === '/api/library/use')).toBe(false)
  })

  it('reorders by keyboard with Move up / Move down, announces the position and keeps the focus', async () => {
    const ctx = setup()
    await addImages(ctx, 'Beach', 'Forest', 'City')
    expect(slideNames()).toEqual([
      'Image: Beach, no text yet',
      'Image: Forest, no text yet',
      'Image: City, no text yet',
    ])
    const down = screen.getByRole('button', { name: 'Move slide 1 down' })
    down.focus()
    await ctx.user.keyboard('{Enter}')
    expect(slideNames()).toEqual([
      'Image: Forest, no text yet',
      'Image: Beach, no text yet',
      'Image: City, no text yet',
    ])
    expect(screen.getByText('Moved slide 1 to position 2 of 3.')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move slide 2 down' })))
    // The first slide cannot go further up: the button says so instead of doing nothing silently.
    expect(screen.getByRole('button', { name: 'Move slide 1 up' }).getAttribute('aria-disabled')).toBe('true')
  })

  it('keeps the cover on the slide chosen as it moves, and sends its index', async () => {
    const ctx = setup()
    await addImages(ctx, 'Beach', 'Forest', 'City')
    expect((screen.getByRole('radio', { name: 'Slide 1 is the cover' }) as HTMLInputElement).checked).toBe(true)
    await ctx.user.click(screen.getByRole('radio', { name: 'Slide 3 is the cover' }))
    await ctx.user.click(screen.getByRole('button', { name: 'Move slide 3 up' }))
    expect((screen.getByRole('radio', { name: 'Slide 2 is the cover' }) as HTMLInputElement).checked).toBe(true)
    await ctx.user.type(screen.getByLabelText(/Slideshow title/), 'Cities')
    await ctx.user.click(screen.getByRole('button', { name: 'Save slideshow' }))
    await screen.findByText('Slideshow saved. Its slides are rendering below.')
    expect(sentBody(ctx).coverIndex).toBe(1)
    expect(sentBody(ctx).slides[1]?.source).toEqual({ kind: 'image', imageId: 'img-c' })
  })

  it('the AI writer puts the hook, points and call to action on the slides, adding slides as needed', async () => {
    const written: WrittenSlideshow = {
      title: 'Sleep better',
      provider: 'offline',
      slides: [
        { role: 'hook', text: '3 sleep mistakes' },
        { role: 'point', text: 'Screens in bed' },
        { role: 'cta', text: 'Follow for more' },
      ],
    }
    const ctx = setup({ write: { status: 200, body: written } })
    await ctx.user.click(screen.getByRole('button', { name: 'Write the slides' }))
    expect(await screen.findByText('Please describe what the slideshow is about')).toBeTruthy()
    await ctx.user.type(screen.getByLabelText(/^Topic/), 'sleep')
    await ctx.user.click(screen.getByRole('button', { name: 'Write the slides' }))
    expect(await screen.findByText('Add a slide first: the writer puts its text on your slides.')).toBeTruthy()
    await addImages(ctx, 'Beach')
    await ctx.user.click(screen.getByRole('button', { name: 'Write the slides' }))
    await screen.findByText('Wrote 3 slides: check each one and edit it.')
    expect(slideNames()).toEqual(['3 sleep mistakes', 'Screens in bed', 'Follow for more'])
    expect((screen.getByLabelText(/Slideshow title/) as HTMLInputElement).value).toBe('Sleep better')
    const call = ctx.calls.find((c) => c.pathname === '/api/generate/slideshow')
    expect(call?.body).toEqual({ topic: 'sleep', points: 3 })
  })
})
