import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  droppedVideoMessage,
  OVERLAY_DEFAULTS,
  VIDEO_DRAFT_MESSAGES,
  type VideoDraftContent,
  type VideoDraftView,
} from '@hookpost/shared/studio'
import type { DraftApiOptions } from '../testing/draft-api'
import {
  fakeUploader,
  installDialogPolyfill,
  installMediaFakes,
  makeLibraryItem,
  makeMedia,
  renderWithQueryClient,
  videosApi,
} from '../testing/test-utils'
import { replacementFromIdea, type DraftReplacement } from '../utils/draft-replacement'
import { DRAFT_SAVE_DELAY_MS } from '../utils/draft-saver'
import { emptyDraft } from '../utils/overlays'
import { CreateVideoForm } from './create-video-form'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const demoItem = makeLibraryItem({ id: 'stock:feature-tour', title: 'Feature tour' })

/** A draft saved earlier: an upload as the video, a Library clip as the demo, side by side, two overlays. */
function savedDraft(overrides: Partial<VideoDraftContent> = {}): VideoDraftView {
  const content: VideoDraftContent = {
    title: 'Pancakes',
    description: 'Breakfast #quick',
    videos: {
      video: { mediaId: 'm-up', name: 'mine.mp4', libraryItem: null },
      demo: { mediaId: 'm-demo', name: 'Feature tour', libraryItem: demoItem },
    },
    layout: 'split',
    fit: 'crop',
    cropFocus: 25,
    overlays: [
      { ...OVERLAY_DEFAULTS, id: 'ov-1', text: 'Stop scrolling', color: '#ffcc00' },
      { ...OVERLAY_DEFAULTS, id: 'ov-2', text: 'Recipe below', position: 'bottom' },
    ],
    newOverlay: { ...emptyDraft(), text: 'half typed' },
    hookAccountId: null,
    ...overrides,
  }
  return {
    revision: 4,
    content,
    media: {
      video: makeMedia({ id: 'm-up', originalName: 'mine.mp4', width: 1920, height: 1080 }),
      demo: makeMedia({ id: 'm-demo', originalName: 'feature-tour.mp4' }),
    },
    dropped: [],
    updatedAt: '2027-01-10T12:00:00.000Z',
  }
}

async function setup(
  draft: DraftApiOptions = {},
  props: { replacement?: DraftReplacement; onReplacementSettled?: () => void } = {},
) {
  installDialogPolyfill()
  installMediaFakes()
  const api = videosApi([], { draft })
  const user = userEvent.setup()
  const view = renderWithQueryClient(
    <CreateVideoForm
      uploader={fakeUploader().uploader}
      readDimensions={() => Promise.resolve({ width: 1080, height: 1920 })}
      {...props}
    />,
  )
  await screen.findByRole('button', { name: 'Create Video' })
  return { ...api, ...view, user }
}

const title = () => screen.getByLabelText<HTMLInputElement>('Title')
const overlayTexts = () =>
  within(screen.getByRole('list', { name: 'Text overlays' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent?.replace(/^\d+\. /, ''))

describe('the Create form’s draft', { timeout: 30_000 }, () => {
  it('opens on the saved draft: words, both videos, layout, fit, overlays and the overlay being written', async () => {
    await setup({ initial: savedDraft() })
    expect(title().value).toBe('Pancakes')
    expect(screen.getByLabelText<HTMLTextAreaElement>('Description').value).toBe('Breakfast #quick')
    expect(screen.getByText(/from your videos\./).textContent).toBe('Using mine.mp4 from your videos.')
    expect(screen.getByRole('tab', { name: 'Demo from Library' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByText(/from the Library\./).textContent).toBe('Using Feature tour from the Library.')
    const layout = screen.getByRole('group', { name: 'How the two videos play' })
    expect(within(layout).getByRole('radio', { name: /^Side by side/ })).toHaveProperty('checked', true)
    expect(overlayTexts()).toEqual(['Stop scrolling', 'Recipe below'])
    expect(screen.getByLabelText<HTMLInputElement>('Overlay text').value).toBe('half typed')
    expect(screen.getByLabelText('Preview of mine.mp4')).toBeTruthy()
    expect(screen.getByText(VIDEO_DRAFT_MESSAGES.saved)).toBeTruthy()
  })

  it('saves a second after the last change, the whole form after the revision it read', async () => {
    const ctx = await setup({ initial: savedDraft() })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    fireEvent.change(title(), { target: { value: 'Pancakes!' } })
    expect(screen.getByText(VIDEO_DRAFT_MESSAGES.saving)).toBeTruthy()
    act(() => {
      vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS / 2)
    })
    fireEvent.change(title(), { target: { value: 'Pancakes!!' } })
    act(() => {
      vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS - 1)
    })
    expect(ctx.draft.saves).toHaveLength(0)
    expect(screen.queryByText(VIDEO_DRAFT_MESSAGES.saved)).toBeNull()
    act(() => {
      vi.advanceTimersByTime(1)
    })
    vi.useRealTimers()
    expect(ctx.draft.saves).toHaveLength(1)
    expect(ctx.draft.saves[0]).toEqual({ revision: 4, content: { ...savedDraft().content, title: 'Pancakes!!' } })
    expect(await screen.findByText(VIDEO_DRAFT_MESSAGES.saved)).toBeTruthy()
    expect(ctx.draft.stored().revision).toBe(5)
  })

  it('sends a waiting change at once when the form closes (another dashboard tab)', async () => {
    const ctx = await setup({ initial: savedDraft() })
    fireEvent.change(title(), { target: { value: 'Leaving now' } })
    expect(ctx.draft.saves).toHaveLength(0)
    ctx.unmount()
    expect(ctx.draft.saves.map((s) => s.content?.title)).toEqual(['Leaving now'])
    const put = ctx.fetchMock.mock.calls.find(
      ([url, init]) => String(url) === '/api/video-draft' && init?.method === 'PUT',
    )
    expect(put?.[1]).toMatchObject({ method: 'PUT', keepalive: true })
  })

  it('says when a save failed, never "Draft saved", and saves on Try saving again', async () => {
    let failing = true
    const ctx = await setup({
      save: () => (failing ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } } : undefined),
    })
    await ctx.user.type(title(), 'Lost?')
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 })
    expect(alert.textContent).toContain(`${VIDEO_DRAFT_MESSAGES.saveFailed}.`)
    expect(alert.textContent).not.toContain('boom')
    expect(screen.queryByText(VIDEO_DRAFT_MESSAGES.saved)).toBeNull()
    failing = false
    await ctx.user.click(screen.getByRole('button', { name: 'Try saving again' }))
    expect(await screen.findByText(VIDEO_DRAFT_MESSAGES.saved)).toBeTruthy()
    expect(ctx.draft.stored().content?.title).toBe('Lost?')
  })

  it('Start over asks, then clears the form and the saved draft at once; Cancel keeps it', async () => {
    const ctx = await setup({ initial: savedDraft() })
    await ctx.user.click(screen.getByRole('button', { name: 'Start over' }))
    const dialog = screen.getByRole('dialog', { name: 'Start over?' })
    expect(dialog.textContent).toContain(VIDEO_DRAFT_MESSAGES.discardConfirm)
    await ctx.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(title().value).toBe('Pancakes')
    expect(ctx.draft.saves).toHaveLength(0)

    await ctx.user.click(screen.getByRole('button', { name: 'Start over' }))
    await ctx.user.click(screen.getByRole('button', { name: 'Discard draft' }))
    expect(title().value).toBe('')
    expect(screen.queryByRole('list', { name: 'Text overlays' })).toBeNull()
    expect(screen.queryByText(/from your videos/)).toBeNull()
    await waitFor(() => expect(ctx.draft.saves).toEqual([{ revision: 4, content: null }]))
    await waitFor(() => expect(screen.queryByText(VIDEO_DRAFT_MESSAGES.saving)).toBeNull())
    expect(screen.queryByRole('button', { name: 'Start over' })).toBeNull()
  })

  it('tells an older page that another one saved since, and opens the newer draft when asked', async () => {
    const ctx = await setup({ initial: savedDraft() })
    ctx.draft.savedElsewhere({ ...savedDraft().content!, title: 'From my phone' })
    await ctx.user.type(title(), ' here')
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 })
    expect(alert.textContent).toContain(VIDEO_DRAFT_MESSAGES.conflict)
    expect(ctx.draft.stored().content?.title).toBe('From my phone')
    await ctx.user.click(screen.getByRole('button', { name: 'Open the newer draft' }))
    await waitFor(() => expect(title().value).toBe('From my phone'))
    expect(screen.queryByText(VIDEO_DRAFT_MESSAGES.conflict)).toBeNull()
  })

  it('keeps this page’s draft over the newer one when asked', async () => {
    const ctx = await setup({ initial: savedDraft() })
    ctx.draft.savedElsewhere({ ...savedDraft().content!, title: 'From my phone' })
    await ctx.user.type(title(), ' here')
    await screen.findByText(VIDEO_DRAFT_MESSAGES.conflict, {}, { timeout: 5_000 })
    await ctx.user.click(screen.getByRole('button', { name: 'Keep this one' }))
    expect(await screen.findByText(VIDEO_DRAFT_MESSAGES.saved)).toBeTruthy()
    expect(ctx.draft.stored()).toMatchObject({ revision: 6, content: { title: 'Pancakes here' } })
  })

  it('takes out a video deleted since, says so, and saves the draft without it', async () => {
    const ctx = await setup({ initial: savedDraft(), goneMedia: ['m-up'] })
    expect(screen.getByText(droppedVideoMessage('mine.mp4'))).toBeTruthy()
    expect(screen.queryByText(/from your videos/)).toBeNull()
    expect(title().value).toBe('Pancakes')
    await waitFor(() => expect(ctx.draft.saves).toHaveLength(1), { timeout: 5_000 })
    expect(ctx.draft.saves[0]?.content?.videos.video).toBeNull()
  })

  it('opens a new draft in place of one with work in it only after asking', async () => {
    const settled = vi.fn()
    const idea = replacementFromIdea({ title: 'Three pans', description: 'Film them', hookText: 'You need this' })
    const ctx = await setup({ initial: savedDraft() }, { replacement: idea, onReplacementSettled: settled })
    const dialog = await screen.findByRole('dialog', { name: 'Replace your draft with the idea “Three pans”?' })
    expect(title().value).toBe('Pancakes')
    await ctx.user.click(within(dialog).getByRole('button', { name: 'Replace draft' }))
    await waitFor(() => expect(title().value).toBe('Three pans'))
    expect(overlayTexts()).toEqual(['You need this'])
    expect(ctx.draft.saves[0]).toMatchObject({ revision: 4, content: { title: 'Three pans' } })
    expect(settled).toHaveBeenCalledTimes(1)
  })

  it('opens a new draft at once when the form is empty, and keeps the draft when declined', async () => {
    const idea = replacementFromIdea({ title: 'Three pans', description: 'Film them', hookText: 'You need this' })
    await setup({}, { replacement: idea })
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(title().value).toBe('Three pans'))
    cleanup()

    const settled = vi.fn()
    const ctx = await setup({ initial: savedDraft() }, { replacement: idea, onReplacementSettled: settled })
    const dialog = await screen.findByRole('dialog', { name: 'Replace your draft with the idea “Three pans”?' })
    await ctx.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(title().value).toBe('Pancakes')
    expect(ctx.draft.saves).toHaveLength(0)
    expect(settled).toHaveBeenCalledTimes(1)
  })

  it('clears the saved draft when the video is created', async () => {
    const ctx = await setup({
      initial: savedDraft({ videos: { video: savedDraft().content!.videos.video, demo: null }, layout: 'sequence' }),
    })
    await ctx.user.click(screen.getByRole('button', { name: 'Create Video' }))
    await waitFor(() => expect(title().value).toBe(''))
    expect(ctx.posts()[0]?.body).toMatchObject({ title: 'Pancakes', sourceMediaId: 'm-up', fit: 'crop' })
    await waitFor(() => expect(ctx.draft.saves).toEqual([{ revision: 4, content: null }]))
  })
})
