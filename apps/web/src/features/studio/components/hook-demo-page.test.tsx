import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LibraryItem } from '@hookpost/shared/library'
import { HOOK_DEMO_OVERLAY_DEFAULTS, type CreateVideoInput } from '@hookpost/shared/studio'
import type { ApiReply } from '../../../testing/api-mock'
import { STUDIO_MESSAGES } from '../utils/messages'
import { fakeUploader, makeLibraryItem, renderWithQueryClient, videoFile, videosApi } from '../testing/test-utils'
import { HOOK_DEMO_REDIRECT_MS, HookDemoPage, looksLikeVideo } from './hook-demo-page'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const waitHook = makeLibraryItem({ id: 'stock:wait-for-it', title: 'Wait for it…', category: 'Hooks' })
const stopHook = makeLibraryItem({ id: 'stock:stop-scrolling', title: 'Stop scrolling', category: 'Hooks' })
const featureClip = makeLibraryItem({ id: 'stock:feature-tour', title: 'Feature tour', category: 'Product Features' })
const ownVideo = makeLibraryItem({ id: 'video:mine', title: 'My hook', category: 'Hooks', isUserContent: true })

function setup(
  options: {
    library?: LibraryItem[]
    listLibrary?: ApiReply | (() => ApiReply | undefined)
    chooseLibrary?: ApiReply
    create?: ApiReply
    fakeTimers?: boolean
  } = {},
) {
  const api = videosApi([], {
    library: options.library ?? [waitHook, featureClip, stopHook, ownVideo],
    listLibrary: options.listLibrary,
    chooseLibrary: options.chooseLibrary,
    create: options.create,
  })
  const fake = fakeUploader()
  const onViewVideos = vi.fn()
  const user = userEvent.setup({
    // The demo field's input offers video types; a person can still pick any file ("All files").
    applyAccept: false,
    ...(options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {}),
  })
  const view = renderWithQueryClient(<HookDemoPage uploader={fake.uploader} onViewVideos={onViewVideos} />)
  return { ...api, ...view, fake, user, onViewVideos }
}

type Ctx = ReturnType<typeof setup>

const createButton = () => screen.getByRole('button', { name: 'Create Video' })
const hookGroup = () => screen.getByRole('group', { name: 'Hook video' })
const overlayText = () => screen.getByLabelText('Overlay text')
const addButton = () => screen.getByRole('button', { name: 'Add Overlay' })
const isDisabled = (el: HTMLElement) => el.matches(':disabled')

/** Chooses the demo file, lets the fake transport finish and waits until the server has checked it. */
async function uploadDemo(ctx: Ctx, file = videoFile('demo.mp4')) {
  await ctx.user.upload(screen.getByLabelText('Demo video'), file)
  await waitFor(() => expect(ctx.fake.uploads.at(-1)?.file).toBe(file))
  const uploadId = `upload-${ctx.fake.uploads.length}`
  ctx.uploadNames.set(uploadId, file.name)
  ctx.fake.uploads.at(-1)?.finish(uploadId)
  expect(await screen.findByText(`${file.name} uploaded`)).toBeTruthy()
}

async function addOverlay(ctx: Ctx, text: string) {
  await ctx.user.type(overlayText(), text)
  await ctx.user.click(addButton())
}

/** Title, hook and demo: everything Create Video needs. */
async function fillIn(ctx: Ctx, title = 'Launch day') {
  await ctx.user.type(screen.getByLabelText('Title'), title)
  await ctx.user.click(await within(hookGroup()).findByRole('radio', { name: 'Stop scrolling' }))
  await uploadDemo(ctx)
}

/** Holds POST /api/videos until `release` is called (the request is recorded when it goes through). */
function holdCreate() {
  const original = globalThis.fetch
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST' && new URL(String(input), 'http://localhost').pathname === '/api/videos') await gate
    return original(input, init)
  })
  return () => release()
}

describe('Create Hook + Demo Video page', () => {
  it('offers the stock hook clips as a radio group with thumbnails, operable from the keyboard', async () => {
    const ctx = setup()
    const radios = await within(hookGroup()).findAllByRole('radio')
    // Only Hookpost's clips of the Hooks category: not other categories, not the person's own videos.
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['stock:wait-for-it', 'stock:stop-scrolling'])
    expect(within(hookGroup()).getByRole('radio', { name: 'Wait for it…' })).toBeTruthy()
    const thumbs = hookGroup().querySelectorAll('img')
    expect([...thumbs].map((img) => [img.getAttribute('src'), img.getAttribute('alt')])).toEqual([
      [waitHook.thumbnailUrl, ''],
      [stopHook.thumbnailUrl, ''],
    ])

    // Tab into the group, arrows move the choice (user-event's radio walk needs CSS.escape, which jsdom lacks).
    vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) })
    await ctx.user.click(screen.getByLabelText('Title'))
    await ctx.user.tab()
    await ctx.user.tab()
    expect(document.activeElement).toBe(radios[0])
    await ctx.user.keyboard('{ArrowDown}')
    expect((radios[1] as HTMLInputElement).checked).toBe(true)
    expect(document.activeElement).toBe(radios[1])
  })

  it('keeps Create Video disabled until the title, a hook and the demo are set', async () => {
    const ctx = setup()
    // What is missing is said in the spec's words, and describes the disabled button.
    const missing = () =>
      screen.queryByRole('list', { name: 'Still needed' })
        ? within(screen.getByRole('list', { name: 'Still needed' }))
            .getAllByRole('listitem')
            .map((li) => li.textContent)
        : []
    expect(isDisabled(createButton())).toBe(true)
    expect(missing()).toEqual(['Please enter a title', 'Please select a hook video', 'Please upload a demo video'])
    expect(createButton().getAttribute('aria-describedby')).toBe(screen.getByRole('list', { name: 'Still needed' }).id)
    await ctx.user.type(screen.getByLabelText('Title'), 'Launch day')
    expect(isDisabled(createButton())).toBe(true)
    expect(missing()).toEqual(['Please select a hook video', 'Please upload a demo video'])
    await ctx.user.click(await within(hookGroup()).findByRole('radio', { name: 'Wait for it…' }))
    expect(isDisabled(createButton())).toBe(true)
    expect(missing()).toEqual(['Please upload a demo video'])
    await uploadDemo(ctx)
    expect(isDisabled(createButton())).toBe(false)
    expect(missing()).toEqual([])

    // A blank title does not count.
    await ctx.user.clear(screen.getByLabelText('Title'))
    await ctx.user.type(screen.getByLabelText('Title'), '   ')
    expect(isDisabled(createButton())).toBe(true)
    await ctx.user.type(screen.getByLabelText('Title'), 'x')
    expect(isDisabled(createButton())).toBe(false)

    // Removing the demo takes it away again.
    await ctx.user.click(screen.getByRole('button', { name: 'Remove demo video' }))
    expect(isDisabled(createButton())).toBe(true)
    expect(ctx.posts()).toHaveLength(0)
  })

  it('adds overlays only with text, and removes them', async () => {
    const ctx = setup()
    expect(isDisabled(addButton())).toBe(true)
    await ctx.user.type(overlayText(), '   ')
    expect(isDisabled(addButton())).toBe(true)
    await ctx.user.clear(overlayText())
    await addOverlay(ctx, 'You need this')
    expect((overlayText() as HTMLInputElement).value).toBe('')
    expect(isDisabled(addButton())).toBe(true)
    // Enter adds too.
    await ctx.user.type(overlayText(), 'Link in bio{Enter}')
    const list = screen.getByRole('list', { name: 'Text overlays' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['You need thisRemove', 'Link in bioRemove'])

    await ctx.user.click(screen.getByRole('button', { name: 'Remove overlay "You need this"' }))
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Link in bioRemove'])
    await ctx.user.click(screen.getByRole('button', { name: 'Remove overlay "Link in bio"' }))
    expect(screen.queryByRole('list', { name: 'Text overlays' })).toBeNull()
  })

  it('refuses a file that is not a video before uploading it', async () => {
    const ctx = setup()
    await ctx.user.upload(screen.getByLabelText('Demo video'), new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    expect(await screen.findByText(STUDIO_MESSAGES.selectValidVideo)).toBeTruthy()
    expect(screen.getByLabelText('Demo video').getAttribute('aria-invalid')).toBe('true')
    expect(ctx.fake.uploads).toHaveLength(0)

    // A video clears it and uploads.
    await uploadDemo(ctx, videoFile('demo.webm', { type: 'video/webm' }))
    expect(screen.queryByText(STUDIO_MESSAGES.selectValidVideo)).toBeNull()
  })

  it('tells a video by its type, or by its extension when the type says nothing', () => {
    expect(looksLikeVideo({ name: 'a.mp4', type: 'video/mp4' })).toBe(true)
    expect(looksLikeVideo({ name: 'a.mkv', type: 'video/x-matroska' })).toBe(true)
    expect(looksLikeVideo({ name: 'a.mov', type: '' })).toBe(true)
    expect(looksLikeVideo({ name: 'a.avi', type: 'application/octet-stream' })).toBe(true)
    expect(looksLikeVideo({ name: 'a.png', type: 'image/png' })).toBe(false)
    expect(looksLikeVideo({ name: 'a.mp4', type: 'text/plain' })).toBe(false)
    expect(looksLikeVideo({ name: 'notes', type: '' })).toBe(false)
  })

  it('shows a spinner while the hook clips are being prepared, and the clips as they come', async () => {
    let preparing = true
    setup({
      listLibrary: () =>
        preparing
          ? { status: 200, body: { videos: [waitHook], preparing: true } }
          : { status: 200, body: { videos: [waitHook, stopHook], preparing: false } },
    })
    expect(await screen.findByText(STUDIO_MESSAGES.preparingHooks)).toBeTruthy()
    expect(await within(hookGroup()).findByRole('radio', { name: 'Wait for it…' })).toBeTruthy()
    expect(screen.getByText(STUDIO_MESSAGES.preparingHooks)).toBeTruthy()
    preparing = false
    // The page polls while the server prepares.
    expect(await within(hookGroup()).findByRole('radio', { name: 'Stop scrolling' }, { timeout: 4000 })).toBeTruthy()
    expect(screen.queryByText(STUDIO_MESSAGES.preparingHooks)).toBeNull()
  })

  it('says when the hook clips cannot be loaded, and loads them again', async () => {
    let fail = true
    const ctx = setup({
      listLibrary: () => (fail ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } } : undefined),
    })
    expect(await screen.findByText(STUDIO_MESSAGES.fetchLibraryFailed)).toBeTruthy()
    expect(STUDIO_MESSAGES.fetchLibraryFailed).toBe('Failed to load videos')
    expect(screen.getByRole('alert').textContent).toContain('Failed to load videos')
    fail = false
    await ctx.user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await within(hookGroup()).findByRole('radio', { name: 'Stop scrolling' })).toBeTruthy()
  })

  it('makes the hook the person’s, then creates the video; while it does, nothing can change', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    const ctx = setup({ fakeTimers: true })
    const release = holdCreate()
    await fillIn(ctx, '  Launch day ')
    await ctx.user.type(screen.getByLabelText('Description'), 'New feature')
    await addOverlay(ctx, 'Wait till the end')
    await ctx.user.click(createButton())

    const busy = await screen.findByRole('button', { name: 'Creating Video...' })
    expect(isDisabled(busy)).toBe(true)
    for (const control of [
      screen.getByLabelText('Title'),
      screen.getByLabelText('Description'),
      screen.getByRole('radio', { name: 'Wait for it…' }),
      screen.getByLabelText('Overlay text'),
      screen.getByRole('button', { name: 'Remove demo video' }),
      screen.getByRole('button', { name: 'Remove overlay "Wait till the end"' }),
    ]) {
      expect(isDisabled(control)).toBe(true)
    }

    release()
    const message = 'Video "Launch day" created successfully! Processing in the background...'
    expect(await screen.findByText(message)).toBeTruthy()
    expect(STUDIO_MESSAGES.hookDemoCreated('Launch day')).toBe(message)

    // First the hook clip becomes a media file of the person's, then the video is made of it and the demo.
    const calls = ctx.calls.filter((c) => c.method === 'POST').map((c) => c.pathname)
    expect(calls).toEqual(['/api/media', '/api/library/use', '/api/videos'])
    expect(ctx.libraryCalls().find((c) => c.method === 'POST')?.body).toEqual({ itemId: 'stock:stop-scrolling' })
    const body = ctx.posts()[0]?.body as CreateVideoInput
    expect(body).toEqual({
      title: 'Launch day',
      description: 'New feature',
      sourceMediaId: 'media-of-stock:stop-scrolling',
      demoMediaId: 'media-of-upload-1',
      layout: 'sequence',
      textOverlays: [
        {
          id: expect.any(String) as string,
          text: 'Wait till the end',
          ...HOOK_DEMO_OVERLAY_DEFAULTS,
          target: 'both',
        },
      ],
    })
    expect(body.textOverlays?.[0]?.position).toBe('bottom')

    // The success view, with the way on to the videos, taken by itself after 3 s.
    const heading = screen.getByRole('heading', { name: 'Video Created Successfully!' })
    expect(document.activeElement).toBe(heading)
    expect(screen.getByText(STUDIO_MESSAGES.hookDemoCreatedText)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'View My Videos' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Creat/ })).toBeNull()
    expect(ctx.onViewVideos).not.toHaveBeenCalled()
    await act(() => vi.advanceTimersByTime(HOOK_DEMO_REDIRECT_MS - 500))
    expect(ctx.onViewVideos).not.toHaveBeenCalled()
    await act(() => vi.advanceTimersByTime(600))
    expect(ctx.onViewVideos).toHaveBeenCalledTimes(1)
  })

  it('goes to the videos at once with View My Videos', async () => {
    const ctx = setup()
    await fillIn(ctx)
    await ctx.user.click(createButton())
    await ctx.user.click(await screen.findByRole('button', { name: 'View My Videos' }))
    expect(ctx.onViewVideos).toHaveBeenCalledTimes(1)
  })

  it('says the video could not be created when the server fails, and keeps what was entered', async () => {
    const ctx = setup({ create: { status: 500, body: { code: 'INTERNAL', message: 'boom' } } })
    await fillIn(ctx)
    await addOverlay(ctx, 'Keep me')
    await ctx.user.click(createButton())
    const alert = await screen.findByText(STUDIO_MESSAGES.hookDemoCreateFailed)
    expect(alert.closest('[role="alert"]')?.className).toContain('bg-red-50')
    expect(STUDIO_MESSAGES.hookDemoCreateFailed).toBe('Failed to create video. Please try again.')
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Launch day')
    expect((screen.getByRole('radio', { name: 'Stop scrolling' }) as HTMLInputElement).checked).toBe(true)
    expect(screen.getByRole('button', { name: 'Remove overlay "Keep me"' })).toBeTruthy()
    expect(isDisabled(createButton())).toBe(false)
    expect(screen.queryByText(STUDIO_MESSAGES.hookDemoCreatedTitle)).toBeNull()
  })

  it('says the same when the hook clip cannot be made the person’s, and sends no video', async () => {
    const ctx = setup({ chooseLibrary: { status: 500, body: { code: 'INTERNAL', message: 'boom' } } })
    await fillIn(ctx)
    await ctx.user.click(createButton())
    expect(await screen.findByText(STUDIO_MESSAGES.hookDemoCreateFailed)).toBeTruthy()
    expect(ctx.posts()).toHaveLength(0)
  })

  it('holds a title that is too long without asking the server', async () => {
    const ctx = setup()
    await fillIn(ctx, 'x'.repeat(101))
    await ctx.user.click(createButton())
    expect(await screen.findByText('Title can be at most 100 characters')).toBeTruthy()
    expect(ctx.libraryCalls().filter((c) => c.method === 'POST')).toHaveLength(0)
    expect(ctx.posts()).toHaveLength(0)
  })
})
