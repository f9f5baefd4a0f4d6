import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CreateVideoInput } from '@hookpost/shared/studio'
import type { ApiReply } from '../../../testing/api-mock'
import { STUDIO_MESSAGES } from '../utils/messages'
import {
  fakeUploader,
  installDialogPolyfill,
  installMediaFakes,
  makeLibraryItem,
  renderWithQueryClient,
  videoFile,
  videosApi,
} from '../testing/test-utils'
import { CreateVideoForm } from './create-video-form'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const LIBRARY = [
  makeLibraryItem({ id: 'stock:feature-tour', title: 'Feature tour', category: 'Product Features' }),
  makeLibraryItem({ id: 'stock:clean-interface', title: 'Clean interface', category: 'UI/UX' }),
  makeLibraryItem({
    id: 'stock:connect',
    title: 'Connect your tools',
    description: 'For integrations and sync stories',
    category: 'Integration',
  }),
  makeLibraryItem({ id: 'stock:hook-wait', title: 'Wait for it…', category: 'Hooks', duration: 3 }),
  makeLibraryItem({
    id: 'video:v1',
    title: 'My pancake video',
    description: 'Crêpes at dawn',
    category: 'My Videos',
    isUserContent: true,
    thumbnailUrl: '/api/videos/v1/thumbnail',
    videoUrl: '/api/videos/v1/file',
  }),
]

async function setup(
  options: {
    library?: typeof LIBRARY
    listLibrary?: ApiReply | (() => ApiReply | undefined)
    chooseLibrary?: ApiReply
    preset?: 'hook-demo'
  } = {},
) {
  installDialogPolyfill()
  installMediaFakes()
  const api = videosApi([], {
    library: options.library ?? LIBRARY,
    listLibrary: options.listLibrary,
    chooseLibrary: options.chooseLibrary,
  })
  const fake = fakeUploader()
  const user = userEvent.setup()
  const view = renderWithQueryClient(
    <CreateVideoForm
      uploader={fake.uploader}
      preset={options.preset}
      readDimensions={() => Promise.resolve({ width: 9, height: 16 })}
    />,
  )
  // The form opens once the person's draft is read.
  await screen.findByRole('button', { name: 'Create Video' })
  return { ...api, ...view, fake, user }
}

type Ctx = Awaited<ReturnType<typeof setup>>

async function openLibrary(ctx: Ctx) {
  await ctx.user.click(screen.getByRole('tab', { name: 'Library' }))
  return screen.findByRole('list', { name: 'Library videos' })
}

const titles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label')?.split(',')[0])

describe('Library tab of Create New Video', () => {
  it('is a tab beside Upload, reachable by keyboard, with the videos in a grid capped in height', async () => {
    const ctx = await setup()
    const uploadTab = screen.getByRole('tab', { name: 'Upload' })
    expect(uploadTab.getAttribute('aria-selected')).toBe('true')
    expect(screen.getByLabelText('Video file')).toBeTruthy()
    uploadTab.focus()
    await ctx.user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Library' }).getAttribute('aria-selected')).toBe('true')
    const list = await screen.findByRole('list', { name: 'Library videos' })
    expect(screen.queryByLabelText('Video file')).toBeNull()
    expect(list.className).toContain('max-h-60')
    expect(list.className).toContain('overflow-y-auto')
    expect(titles(list)).toEqual([
      'Feature tour',
      'Clean interface',
      'Connect your tools',
      'Wait for it…',
      'My pancake video',
    ])
    expect(screen.getByText('5 videos')).toBeTruthy()
  })

  it('filters by owner (all / mine / stock), category and words (case and accents ignored)', async () => {
    const ctx = await setup()
    const list = await openLibrary(ctx)
    await ctx.user.click(screen.getByRole('radio', { name: 'My videos' }))
    expect(titles(screen.getByRole('list', { name: 'Library videos' }))).toEqual(['My pancake video'])
    await ctx.user.click(screen.getByRole('radio', { name: 'Stock videos' }))
    expect(titles(screen.getByRole('list', { name: 'Library videos' }))).toHaveLength(4)
    await ctx.user.selectOptions(screen.getByLabelText('Category'), 'UI/UX')
    expect(titles(screen.getByRole('list', { name: 'Library videos' }))).toEqual(['Clean interface'])
    // The categories offered are those present, the stock ones in their fixed order.
    const options = within(screen.getByLabelText('Category'))
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(options).toEqual(['All categories', 'Product Features', 'UI/UX', 'Integration', 'Hooks', 'My Videos'])

    await ctx.user.selectOptions(screen.getByLabelText('Category'), 'All categories')
    await ctx.user.click(screen.getByRole('radio', { name: 'All videos' }))
    await ctx.user.type(screen.getByLabelText('Search videos'), 'SYNC')
    expect(titles(screen.getByRole('list', { name: 'Library videos' }))).toEqual(['Connect your tools'])
    await ctx.user.clear(screen.getByLabelText('Search videos'))
    await ctx.user.type(screen.getByLabelText('Search videos'), 'crepes dawn')
    expect(titles(screen.getByRole('list', { name: 'Library videos' }))).toEqual(['My pancake video'])
    await ctx.user.type(screen.getByLabelText('Search videos'), ' nothing-like-this')
    expect(screen.queryByRole('list', { name: 'Library videos' })).toBeNull()
    expect(screen.getByText('No videos match. Try another category or other words.')).toBeTruthy()
    expect(list).toBeTruthy()
  })

  it('uses a chosen video as the source: the server makes it a media file, the preview plays it, Create sends it', async () => {
    const ctx = await setup()
    await openLibrary(ctx)
    const card = screen.getByRole('button', { name: /^Feature tour,/ })
    await ctx.user.click(card)
    await waitFor(() => expect(card.getAttribute('aria-pressed')).toBe('true'))
    expect(ctx.libraryCalls().filter((c) => c.method === 'POST')).toMatchObject([
      { pathname: '/api/library/use', body: { itemId: 'stock:feature-tour' } },
    ])
    expect(screen.getByText(/from the Library\./).textContent).toBe('Using Feature tour from the Library.')
    const player = screen.getByLabelText('Preview of Feature tour') as HTMLVideoElement
    expect(player.getAttribute('src')).toBe(LIBRARY[0]!.videoUrl)

    await ctx.user.type(screen.getByLabelText('Title'), 'From the library')
    await ctx.user.click(screen.getByRole('button', { name: 'Create Video' }))
    expect(await screen.findByText(STUDIO_MESSAGES.videoCreated)).toBeTruthy()
    const body = ctx.posts()[0]?.body as CreateVideoInput
    expect(body).toMatchObject({ title: 'From the library', sourceMediaId: 'media-of-stock:feature-tour' })
    // The form starts over: nothing chosen any more.
    expect(screen.queryByText(/from the Library\./)).toBeNull()
  })

  it('says what the form needs in the Library tab, and a new upload replaces the Library choice', async () => {
    const ctx = await setup()
    await openLibrary(ctx)
    await ctx.user.click(screen.getByRole('button', { name: 'Create Video' }))
    expect(await screen.findByText(STUDIO_MESSAGES.videoRequired)).toBeTruthy()
    expect(ctx.posts()).toHaveLength(0)

    await ctx.user.click(screen.getByRole('button', { name: /^Clean interface,/ }))
    await screen.findByText(/from the Library\./)
    expect(screen.queryByText(STUDIO_MESSAGES.videoRequired)).toBeNull()
    // Removing the choice leaves no video: Create asks for one again.
    await ctx.user.click(screen.getByRole('button', { name: 'Remove library video' }))
    expect(screen.queryByText(/from the Library\./)).toBeNull()
    expect(screen.queryByLabelText('Preview of Clean interface')).toBeNull()
    await ctx.user.click(screen.getByRole('button', { name: 'Create Video' }))
    expect(await screen.findByText(STUDIO_MESSAGES.videoRequired)).toBeTruthy()
    expect(ctx.posts()).toHaveLength(0)
    await ctx.user.click(screen.getByRole('button', { name: /^Clean interface,/ }))
    await screen.findByText(/from the Library\./)
    await ctx.user.click(screen.getByRole('tab', { name: 'Upload' }))
    await ctx.user.upload(screen.getByLabelText('Video file'), videoFile('mine.mp4'))
    await ctx.user.click(screen.getByRole('tab', { name: 'Library' }))
    expect(screen.queryByText(/from the Library\./)).toBeNull()
    expect(screen.getByRole('button', { name: /^Clean interface,/ }).getAttribute('aria-pressed')).toBe('false')
  })

  it('takes a Library clip as the Product Demo: the preview plays it after the hook, Create sends it as the demo', async () => {
    const ctx = await setup()
    await ctx.user.upload(screen.getByLabelText('Video file'), videoFile('hook.mp4'))
    await waitFor(() => expect(ctx.fake.uploads).toHaveLength(1))
    ctx.uploadNames.set('upload-1', 'hook.mp4')
    ctx.fake.uploads[0]?.finish('upload-1')
    await screen.findByText('hook.mp4 uploaded')

    await ctx.user.click(screen.getByRole('tab', { name: 'Demo from Library' }))
    const demoList = await screen.findByRole('list', { name: 'Library videos for the demo' })
    await ctx.user.click(within(demoList).getByRole('button', { name: /^Feature tour,/ }))
    await waitFor(() =>
      expect(screen.getByText(/from the Library\./).textContent).toBe('Using Feature tour from the Library.'),
    )
    // Hook + demo now: the layout choice and the preview's Demo segment.
    expect(screen.getByRole('group', { name: 'How the two videos play' })).toBeTruthy()
    await ctx.user.click(screen.getByRole('radio', { name: 'Demo' }))
    const player = screen.getByLabelText('Preview of Feature tour') as HTMLVideoElement
    expect(player.getAttribute('src')).toBe(LIBRARY[0]!.videoUrl)

    await ctx.user.type(screen.getByLabelText('Title'), 'Hook then library demo')
    await ctx.user.click(screen.getByRole('button', { name: 'Create Video' }))
    expect(await screen.findByText(STUDIO_MESSAGES.videoCreated)).toBeTruthy()
    const body = ctx.posts()[0]?.body as CreateVideoInput
    expect(body).toMatchObject({ demoMediaId: 'media-of-stock:feature-tour', layout: 'sequence' })
    expect(body.sourceMediaId).toBe('media-of-upload-1')
  })

  it('hook-demo preset: opens on the Library’s hook clips, asks for the demo, puts overlays at the bottom', async () => {
    const ctx = await setup({ preset: 'hook-demo' })
    expect(screen.getByRole('heading', { name: 'Create Hook + Demo Video' })).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Library' }).getAttribute('aria-selected')).toBe('true')
    const list = await screen.findByRole('list', { name: 'Library videos' })
    expect(titles(list)).toEqual(['Wait for it…'])
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Hooks')
    expect((screen.getByLabelText('Position') as HTMLSelectElement).value).toBe('bottom')
    await ctx.user.click(within(list).getByRole('button', { name: /^Wait for it…,/ }))
    await waitFor(() =>
      expect(screen.getByText(/from the Library\./).textContent).toBe('Using Wait for it… from the Library.'),
    )
  })

  it('says ‘Failed to process library video’ when the server cannot make it ready, and keeps nothing', async () => {
    const ctx = await setup({ chooseLibrary: { status: 500, body: { code: 'INTERNAL', message: 'boom' } } })
    await openLibrary(ctx)
    const card = screen.getByRole('button', { name: /^Feature tour,/ })
    await ctx.user.click(card)
    expect(await screen.findByText(STUDIO_MESSAGES.libraryVideoFailed)).toBeTruthy()
    expect(card.getAttribute('aria-pressed')).toBe('false')
    expect(screen.queryByText(/from the Library\./)).toBeNull()
  })

  it('shows the spec’s message with Try again when the library cannot be loaded', async () => {
    let fail = true
    const ctx = await setup({
      listLibrary: () => (fail ? { status: 500, body: { code: 'INTERNAL', message: 'down' } } : undefined),
    })
    await ctx.user.click(screen.getByRole('tab', { name: 'Library' }))
    expect(await screen.findByText(STUDIO_MESSAGES.fetchLibraryFailed)).toBeTruthy()
    fail = false
    await ctx.user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('list', { name: 'Library videos' })).toBeTruthy()
  })
})
