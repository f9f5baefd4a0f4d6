import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CreateVideoInput } from '@hookpost/shared/studio'
import type { ApiReply } from '../../../testing/api-mock'
import type { DimensionsReader } from '../utils/video-dimensions'
import { STUDIO_MESSAGES } from '../utils/messages'
import {
  fakeUploader,
  installDialogPolyfill,
  installMediaFakes,
  makeMedia,
  renderWithQueryClient,
  videoFile,
  videosApi,
} from '../testing/test-utils'
import { CREATED_NOTICE_MS, CreateVideoForm } from './create-video-form'
import { CreatedVideos } from './created-videos'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const portrait: DimensionsReader = () => Promise.resolve({ width: 1080, height: 1920 })

async function setup(
  options: { readDimensions?: DimensionsReader; create?: ApiReply; fakeTimers?: boolean; media?: ApiReply } = {},
) {
  installDialogPolyfill()
  const media = installMediaFakes()
  const api = videosApi([], { create: options.create, media: options.media })
  const fake = fakeUploader()
  const user = userEvent.setup(options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {})
  const view = renderWithQueryClient(
    <>
      <CreateVideoForm uploader={fake.uploader} readDimensions={options.readDimensions ?? portrait} />
      <CreatedVideos />
    </>,
  )
  // The form opens once the person's draft is read.
  await screen.findByRole('button', { name: 'Create Video' })
  return { ...api, ...view, fake, user, media }
}

type Ctx = Awaited<ReturnType<typeof setup>>

const createButton = () => screen.getByRole('button', { name: 'Create Video' })
const overlayText = () => screen.getByLabelText('Overlay text')
const addButton = () => screen.getByRole('button', { name: 'Add Overlay' })
const overlayList = () => screen.getByRole('list', { name: 'Text overlays' })
const overlayItems = () =>
  within(overlayList())
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent?.replace(/^\d+\. /, ''))

/** Chooses a file for `label`, lets the fake transport finish and waits until the server has checked it. */
async function upload(ctx: Ctx, label: string, file = videoFile()) {
  await ctx.user.upload(screen.getByLabelText(label), file)
  await waitFor(() => expect(ctx.fake.uploads.at(-1)?.file).toBe(file))
  const uploadId = `upload-${ctx.fake.uploads.length}`
  ctx.uploadNames.set(uploadId, file.name)
  ctx.fake.uploads.at(-1)?.finish(uploadId)
  expect(await screen.findByText(`${file.name} uploaded`)).toBeTruthy()
}

async function addOverlay(ctx: Ctx, text: string) {
  await ctx.user.clear(overlayText())
  await ctx.user.type(overlayText(), text)
  await ctx.user.click(addButton())
}

// The form has many fields and userEvent types key by key: on a loaded 2-core machine a test takes seconds.
describe('Create New Video form', { timeout: 30_000 }, () => {
  it('asks for a video and a title, in the spec’s words, and sends nothing', async () => {
    const ctx = await setup()
    await ctx.user.click(createButton())
    expect(await screen.findByText(STUDIO_MESSAGES.videoRequired)).toBeTruthy()
    expect(screen.getByText(STUDIO_MESSAGES.titleRequired)).toBeTruthy()
    expect(screen.getByLabelText('Video file').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Video file')))
    expect(ctx.posts()).toHaveLength(0)

    // Typing a title clears its complaint; a blank title is still refused.
    await ctx.user.type(screen.getByLabelText('Title'), '   ')
    expect(screen.queryByText(STUDIO_MESSAGES.titleRequired)).toBeNull()
    await upload(ctx, 'Video file')
    await ctx.user.click(createButton())
    expect(await screen.findByText(STUDIO_MESSAGES.titleRequired)).toBeTruthy()
    expect(screen.queryByText(STUDIO_MESSAGES.videoRequired)).toBeNull()
    expect(ctx.posts()).toHaveLength(0)
  })

  it('counts the title and description against their limits', async () => {
    const ctx = await setup()
    expect(screen.getByText('0/100')).toBeTruthy()
    expect(screen.getByText('0/2,200')).toBeTruthy()
    await ctx.user.type(screen.getByLabelText('Title'), 'Hello')
    expect(screen.getByText('5/100')).toBeTruthy()
  })

  it('takes a landscape video: asks how to fit it, the preview shows the choice, Create sends it', async () => {
    const read = vi.fn<DimensionsReader>(() => Promise.resolve({ width: 1920, height: 1080 }))
    const ctx = await setup({
      readDimensions: read,
      media: { status: 201, body: { media: makeMedia({ originalName: 'wide.mp4', width: 1920, height: 1080 }) } },
    })
    const landscape = videoFile('wide.mp4')
    await upload(ctx, 'Video file', landscape)
    expect(read).toHaveBeenCalledWith(landscape)
    expect(ctx.fake.uploads).toHaveLength(1)

    const fit = screen.getByRole('group', { name: 'Fit to 9:16' })
    const blur = within(fit).getByRole('radio', { name: /^Blurred background/ })
    const crop = within(fit).getByRole('radio', { name: /^Crop/ })
    expect(blur).toHaveProperty('checked', true)
    const preview = () => screen.getByLabelText('Preview of wide.mp4')
    expect(preview().dataset.fit).toBe('blur')
    expect(screen.getByText('Not 9:16: shown whole over a blurred copy of itself.')).toBeTruthy()

    await ctx.user.click(crop)
    expect(preview().dataset.fit).toBe('cover')
    expect(screen.getByText('Not 9:16: cropped to fill the frame (its centre is kept).')).toBeTruthy()

    // The crop keeps the part chosen: a wide video's sides are cut, so the focus moves left or right.
    const focus = within(fit.parentElement!).getByRole('slider', { name: 'Crop focus' })
    expect(focus.getAttribute('aria-valuetext')).toBe('Centre')
    fireEvent.change(focus, { target: { value: '20' } })
    expect(focus.getAttribute('aria-valuetext')).toBe('30% towards the left')
    expect(preview().style.objectPosition).toBe('20% 20%')

    await ctx.user.type(screen.getByLabelText('Title'), 'Wide')
    await ctx.user.click(createButton())
    await waitFor(() => expect(ctx.posts()).toHaveLength(1))
    expect(ctx.posts()[0]?.body).toMatchObject({ title: 'Wide', fit: 'crop', cropFocus: 20 })
  })

  it('asks nothing about fit for a portrait video, which covers the preview', async () => {
    const ctx = await setup()
    await upload(ctx, 'Video file')
    expect(screen.queryByRole('group', { name: 'Fit to 9:16' })).toBeNull()
    expect(screen.getByLabelText('Preview of clip.mp4').dataset.fit).toBe('cover')
    expect(screen.queryByText(/^Not 9:16/)).toBeNull()
  })

  it('fits by the browser’s reading before the server has measured it', async () => {
    const ctx = await setup({ readDimensions: () => Promise.resolve({ width: 1080, height: 1080 }) })
    await ctx.user.upload(screen.getByLabelText('Video file'), videoFile('square.mp4'))
    await waitFor(() => expect(ctx.fake.uploads).toHaveLength(1))
    expect(await screen.findByRole('group', { name: 'Fit to 9:16' })).toBeTruthy()
    expect(screen.getByLabelText('Preview of square.mp4').dataset.fit).toBe('blur')
  })

  it('adds overlays with the spec’s defaults; blank text is refused', async () => {
    const ctx = await setup()
    expect((screen.getByLabelText('Position') as HTMLSelectElement).value).toBe('center')
    expect(screen.getByRole('radio', { name: 'White' })).toHaveProperty('checked', true)
    expect((screen.getByLabelText('Font size') as HTMLSelectElement).value).toBe('72')
    expect((screen.getByLabelText('Text style') as HTMLSelectElement).value).toBe('outline')
    expect((screen.getByLabelText('Font weight') as HTMLSelectElement).value).toBe('bold')
    expect(
      within(screen.getByLabelText('Position'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Top', 'Middle', 'Bottom'])
    expect(
      within(screen.getByRole('group', { name: 'Text colour' }))
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['White', 'Black', 'Red', 'Yellow', 'Green', 'Blue', 'Purple', 'Pink'])
    expect(
      within(screen.getByLabelText('Font size'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Small (56 px)', 'Medium (72 px)', 'Large (96 px)', 'X-Large (120 px)'])
    expect(
      within(screen.getByLabelText('Text style'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Outline', 'Background box', 'Shadow'])
    // Only a hook + demo video has parts to choose from.
    expect(screen.queryByLabelText('Show on')).toBeNull()

    expect(addButton().getAttribute('aria-disabled')).toBe('true')
    await ctx.user.type(overlayText(), '   ')
    await ctx.user.click(addButton())
    expect(await screen.findByText(STUDIO_MESSAGES.overlayTextRequired)).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Text overlays' })).toBeNull()

    await ctx.user.clear(overlayText())
    await ctx.user.type(overlayText(), '  Wait for it 👀 ')
    expect(screen.queryByText(STUDIO_MESSAGES.overlayTextRequired)).toBeNull()
    await ctx.user.keyboard('{Enter}')
    expect(overlayItems()).toEqual(['Wait for it 👀'])
    expect(within(overlayList()).getByText('Middle · White · Medium (72 px) · Bold · Outline')).toBeTruthy()
    expect((overlayText() as HTMLInputElement).value).toBe('')

    // The style chosen stays for the next one.
    await ctx.user.selectOptions(screen.getByLabelText('Position'), 'Top')
    await ctx.user.click(screen.getByRole('radio', { name: 'Yellow' }))
    await ctx.user.selectOptions(screen.getByLabelText('Font size'), 'X-Large (120 px)')
    await ctx.user.selectOptions(screen.getByLabelText('Text style'), 'Background box')
    await ctx.user.selectOptions(screen.getByLabelText('Font weight'), 'Normal')
    await addOverlay(ctx, 'Link in bio')
    expect(within(overlayList()).getByText('Top · Yellow · X-Large (120 px) · Normal · Background box')).toBeTruthy()
    expect(
      screen.getByRole('img', { name: 'The video with text overlays: “Wait for it 👀”, “Link in bio”' }),
    ).toBeTruthy()
    // Pressing Enter in the overlay text did not submit the form.
    expect(ctx.posts()).toHaveLength(0)
  })

  it('takes at most 10 overlays', async () => {
    const ctx = await setup()
    for (let i = 1; i <= 10; i += 1) await addOverlay(ctx, `Line ${i}`)
    expect(overlayItems()).toHaveLength(10)
    expect(addButton().getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByText(/can have up to 10 text overlays/)).toBeTruthy()
    await addOverlay(ctx, 'One too many')
    expect(overlayItems()).toHaveLength(10)
    await ctx.user.click(screen.getByRole('button', { name: 'Remove overlay “Line 1”' }))
    expect(addButton().getAttribute('aria-disabled')).toBeNull()
  })

  it('reorders overlays with Move up / Move down and removes them; the preview draws them in that order', async () => {
    const ctx = await setup()
    await upload(ctx, 'Video file')
    for (const text of ['One', 'Two', 'Three']) await addOverlay(ctx, text)
    expect(overlayItems()).toEqual(['One', 'Two', 'Three'])
    expect(screen.getByRole('button', { name: 'Move up “One”' }).getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByRole('button', { name: 'Move down “Three”' }).getAttribute('aria-disabled')).toBe('true')

    await ctx.user.click(screen.getByRole('button', { name: 'Move down “One”' }))
    expect(overlayItems()).toEqual(['Two', 'One', 'Three'])
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move down “One”' })))
    await ctx.user.click(screen.getByRole('button', { name: 'Move up “Three”' }))
    expect(overlayItems()).toEqual(['Two', 'Three', 'One'])
    await waitFor(() => expect(ctx.media.drawnTexts()).toEqual(['Two', 'Three', 'One']))

    await ctx.user.click(screen.getByRole('button', { name: 'Remove overlay “Three”' }))
    expect(overlayItems()).toEqual(['Two', 'One'])
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove overlay “One”' })),
    )
    await waitFor(() => expect(ctx.media.drawnTexts()).toEqual(['Two', 'One']))
  })

  it('reorders overlays by keyboard drag and drop on the handle', async () => {
    const ctx = await setup()
    for (const text of ['First', 'Second']) await addOverlay(ctx, text)
    // jsdom lays nothing out: give the rows the places they would have.
    const rows = within(overlayList()).getAllByRole('listitem')
    rows.forEach((row, i) => {
      vi.spyOn(row, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, i * 60, 300, 50))
    })
    const handle = screen.getByRole('button', { name: 'Drag “First” to reorder' })
    handle.focus()
    await ctx.user.keyboard(' ')
    await ctx.user.keyboard('{ArrowDown}')
    await ctx.user.keyboard(' ')
    await waitFor(() => expect(overlayItems()).toEqual(['Second', 'First']))
  })

  it('turns on hook + demo mode with a demo video: sequence by default, side by side, overlay targets', async () => {
    const ctx = await setup()
    await upload(ctx, 'Video file', videoFile('hook.mp4'))
    expect(screen.queryByRole('group', { name: 'How the two videos play' })).toBeNull()
    // Any shape goes for the demo: no dimensions check.
    await upload(ctx, 'Product Demo Video', videoFile('demo.mp4'))
    const layout = screen.getByRole('group', { name: 'How the two videos play' })
    expect(within(layout).getByRole('radio', { name: /^Sequence/ })).toHaveProperty('checked', true)
    expect((screen.getByLabelText('Show on') as HTMLSelectElement).value).toBe('both')

    await ctx.user.selectOptions(screen.getByLabelText('Show on'), 'Demo')
    await addOverlay(ctx, 'Demo only')
    await ctx.user.selectOptions(screen.getByLabelText('Show on'), 'Hook')
    await addOverlay(ctx, 'Hook only')
    expect(within(overlayList()).getByText('Middle · White · Medium (72 px) · Bold · Outline · Demo only')).toBeTruthy()
    expect(within(overlayList()).getByText('Middle · White · Medium (72 px) · Bold · Outline · Hook only')).toBeTruthy()

    // The preview shows one part at a time, with that part's overlays.
    expect(screen.getByRole('img', { name: 'The hook video with text overlays: “Hook only”' })).toBeTruthy()
    await ctx.user.click(screen.getByRole('radio', { name: 'Demo' }))
    expect(screen.getByRole('img', { name: 'The demo video with text overlays: “Demo only”' })).toBeTruthy()
    expect(screen.getByLabelText('Preview of demo.mp4')).toBeTruthy()

    await ctx.user.click(within(layout).getByRole('radio', { name: /^Side by side/ }))
    expect(screen.getByLabelText('Preview of hook.mp4')).toBeTruthy()
    expect(screen.getByLabelText('Preview of demo.mp4')).toBeTruthy()

    await ctx.user.type(screen.getByLabelText('Title'), 'Both')
    await ctx.user.click(createButton())
    await waitFor(() => expect(ctx.posts()).toHaveLength(1))
    const body = ctx.posts()[0]?.body as CreateVideoInput
    expect(body.demoMediaId).toBe('media-of-upload-2')
    expect(body.layout).toBe('split')
    expect(body.textOverlays?.map((o) => [o.text, o.target])).toEqual([
      ['Demo only', 'demo'],
      ['Hook only', 'hook'],
    ])
  })

  it('sends the video, its details and overlays in order; on 201 it starts over and the video is listed', async () => {
    // Timers run on their own (waitFor needs them) and can be jumped ahead.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    const ctx = await setup({ fakeTimers: true })
    await upload(ctx, 'Video file')
    await ctx.user.type(screen.getByLabelText('Title'), '  Five-minute pancakes ')
    await ctx.user.type(screen.getByLabelText('Description'), 'Breakfast #quick')
    await addOverlay(ctx, 'You won’t believe this 🥞')
    await ctx.user.selectOptions(screen.getByLabelText('Position'), 'Bottom')
    await addOverlay(ctx, 'Recipe below')
    await ctx.user.click(createButton())

    expect(await screen.findByText(STUDIO_MESSAGES.videoCreated)).toBeTruthy()
    const body = ctx.posts()[0]?.body as CreateVideoInput
    expect(body).toEqual({
      title: 'Five-minute pancakes',
      description: 'Breakfast #quick',
      sourceMediaId: 'media-of-upload-1',
      demoMediaId: null,
      layout: 'sequence',
      fit: 'blur',
      cropFocus: 50,
      textOverlays: [
        {
          id: expect.stringMatching(/^ov_[0-9a-f]{24}$/) as unknown,
          text: 'You won’t believe this 🥞',
          position: 'center',
          color: '#ffffff',
          fontSize: 72,
          fontWeight: 'bold',
          target: 'both',
          version: 2,
          anchor: null,
          style: 'outline',
          startMs: null,
          endMs: null,
        },
        {
          id: expect.any(String) as unknown,
          text: 'Recipe below',
          position: 'bottom',
          color: '#ffffff',
          fontSize: 72,
          fontWeight: 'bold',
          target: 'both',
          version: 2,
          anchor: null,
          style: 'outline',
          startMs: null,
          endMs: null,
        },
      ],
    })

    // The form starts over.
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('')
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('')
    expect(screen.queryByRole('list', { name: 'Text overlays' })).toBeNull()
    expect(screen.queryByText('clip.mp4 uploaded')).toBeNull()
    expect(screen.queryByLabelText(/^Preview of /)).toBeNull()
    // The new video is in the list at once, queued, without fetching the list again.
    const list = await screen.findByRole('list', { name: 'Your videos' })
    expect(within(list).getByText('Five-minute pancakes')).toBeTruthy()
    expect(within(list).getByText('Queued')).toBeTruthy()
    expect(ctx.gets()).toHaveLength(1)

    // product.md §9: the notice clears after 5 s.
    await act(() => vi.advanceTimersByTime(CREATED_NOTICE_MS))
    expect(screen.queryByText(STUDIO_MESSAGES.videoCreated)).toBeNull()
  })

  it('shows the server’s reason when it refuses, and its own words when the server fails', async () => {
    const refusal = { status: 400, body: { code: 'BAD_REQUEST', message: 'That video is too long for TikTok' } }
    const ctx = await setup({ create: refusal })
    await upload(ctx, 'Video file')
    await ctx.user.type(screen.getByLabelText('Title'), 'Refused')
    await ctx.user.click(createButton())
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'That video is too long for TikTok')
    // Nothing was lost.
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Refused')
  })

  it('says "Failed to create video" on a server error, never the server’s internals', async () => {
    const ctx = await setup({ create: { status: 500, body: { code: 'INTERNAL', message: 'boom' } } })
    await upload(ctx, 'Video file')
    await ctx.user.type(screen.getByLabelText('Title'), 'Broken')
    await ctx.user.click(createButton())
    expect(await screen.findByText(STUDIO_MESSAGES.createFailed)).toBeTruthy()
    expect(screen.queryByText('boom')).toBeNull()
  })

  it('waits for an upload in progress before creating', async () => {
    const ctx = await setup()
    await ctx.user.upload(screen.getByLabelText('Video file'), videoFile())
    await waitFor(() => expect(ctx.fake.uploads).toHaveLength(1))
    ctx.fake.uploads[0]?.progress(50, 100)
    expect(await screen.findByRole('progressbar', { name: 'Uploading clip.mp4' })).toBeTruthy()
    // The preview already plays the local file.
    expect(screen.getByLabelText('Preview of clip.mp4')).toBeTruthy()
    await ctx.user.type(screen.getByLabelText('Title'), 'Soon')
    await ctx.user.click(createButton())
    expect(await screen.findByText(STUDIO_MESSAGES.stillUploading)).toBeTruthy()
    expect(ctx.posts()).toHaveLength(0)
  })
})
