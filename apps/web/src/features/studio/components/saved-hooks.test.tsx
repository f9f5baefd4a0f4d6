import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SavedHook } from '@hookpost/shared/studio'
import type { ApiReply } from '../../../testing/api-mock'
import { STUDIO_MESSAGES } from '../utils/messages'
import {
  fakeUploader,
  installDialogPolyfill,
  installMediaFakes,
  makeSavedHook,
  renderWithQueryClient,
  videosApi,
} from '../testing/test-utils'
import { CreateVideoForm } from './create-video-form'
import { SavedHooks } from './saved-hooks'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

async function setup(
  options: {
    hooks?: SavedHook[]
    listHooks?: () => ApiReply | undefined
    saveHook?: ApiReply
    removeHook?: ApiReply
  } = {},
) {
  installDialogPolyfill()
  installMediaFakes()
  const api = videosApi([], options)
  const user = userEvent.setup()
  const view = renderWithQueryClient(
    <CreateVideoForm
      uploader={fakeUploader().uploader}
      readDimensions={() => Promise.resolve({ width: 1080, height: 1920 })}
    />,
  )
  // The form opens once the person's draft is read.
  await screen.findByRole('button', { name: 'Create Video' })
  return { ...api, ...view, user }
}

const savedList = () => screen.findByRole('list', { name: 'Saved hooks' })
const savedTexts = async () =>
  within(await savedList())
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent)
const overlayRows = () => within(screen.getByRole('list', { name: 'Text overlays' })).getAllByRole('listitem')

describe('Saved hooks in the Create form', () => {
  it('lists the saved hooks newest first, and Apply adds one as an overlay with its style', async () => {
    const older = makeSavedHook({ text: 'Older hook', createdAt: '2027-01-01T10:00:00.000Z' })
    const newer = makeSavedHook({
      text: 'Wait for it 👀',
      position: 'top',
      color: '#ffcc00',
      fontSize: 48,
      fontWeight: 'normal',
      createdAt: '2027-01-02T10:00:00.000Z',
    })
    const ctx = await setup({ hooks: [older, newer] })
    expect(await savedTexts()).toEqual(['Wait for it 👀', 'Older hook'])
    // In the video's face, never the browser's serif default while it loads (issue 30 item 9).
    const text = within(await savedList()).getByText('Older hook')
    expect(text.style.fontFamily).toMatch(/^"Inter", "Noto Color Emoji", sans-serif$/)

    await ctx.user.click(screen.getByRole('button', { name: 'Apply hook “Wait for it 👀”' }))
    const [row] = overlayRows()
    expect(row?.textContent).toContain('Wait for it 👀')
    // Saved before the spec v2 with 48 px: applied as X-Large, the size of the same name (ADR 031).
    expect(row?.textContent).toContain('Top · Yellow · X-Large (120 px) · Normal · Outline')
    // Applying keeps the hook for next time.
    expect(await savedTexts()).toEqual(['Wait for it 👀', 'Older hook'])
  })

  it('says so when there are none yet', async () => {
    await setup()
    expect(await screen.findByText(/No saved hooks yet/)).toBeTruthy()
  })

  it('saves an overlay’s text and style as a hook, which shows first in the list', async () => {
    const ctx = await setup({ hooks: [makeSavedHook({ text: 'Old one', createdAt: '2027-01-01T10:00:00.000Z' })] })
    await savedList()
    await ctx.user.type(screen.getByLabelText('Overlay text'), '  Stop scrolling  ')
    await ctx.user.selectOptions(screen.getByLabelText('Position'), 'bottom')
    await ctx.user.click(screen.getByRole('radio', { name: 'Pink' }))
    await ctx.user.click(screen.getByRole('button', { name: 'Add Overlay' }))

    await ctx.user.click(screen.getByRole('button', { name: 'Save “Stop scrolling” as a hook' }))
    expect(await screen.findByText(STUDIO_MESSAGES.hookSaved)).toBeTruthy()
    const posts = ctx.hookCalls().filter((c) => c.method === 'POST')
    expect(posts.map((c) => c.body)).toEqual([
      { text: 'Stop scrolling', position: 'bottom', color: '#ff2d92', fontSize: 72, fontWeight: 'bold' },
    ])
    await waitFor(async () => expect(await savedTexts()).toEqual(['Stop scrolling', 'Old one']))
  })

  it('shows the spec’s message when saving fails, and the server’s reason when it refuses', async () => {
    const ctx = await setup({ saveHook: { status: 500, body: { code: 'INTERNAL', message: 'boom' } } })
    await ctx.user.type(screen.getByLabelText('Overlay text'), 'Hook me')
    await ctx.user.click(screen.getByRole('button', { name: 'Add Overlay' }))
    await ctx.user.click(screen.getByRole('button', { name: 'Save “Hook me” as a hook' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to save hook')
    cleanup()

    const full = 'You can keep up to 100 saved hooks. Delete one to save another.'
    const again = await setup({ saveHook: { status: 409, body: { code: 'CONFLICT', message: full } } })
    await again.user.type(screen.getByLabelText('Overlay text'), 'Hook me')
    await again.user.click(screen.getByRole('button', { name: 'Add Overlay' }))
    await again.user.click(screen.getByRole('button', { name: 'Save “Hook me” as a hook' }))
    expect((await screen.findByRole('alert')).textContent).toContain(full)
  })

  it('deletes a hook after confirming, and Cancel keeps it', async () => {
    const keep = makeSavedHook({ text: 'Keep me' })
    const drop = makeSavedHook({ text: 'Drop me' })
    const ctx = await setup({ hooks: [keep, drop] })
    await savedList()

    await ctx.user.click(screen.getByRole('button', { name: 'Delete hook “Drop me”' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete hook “Drop me”?' })
    expect(dialog.textContent).toContain('Are you sure you want to delete this saved hook?')
    await ctx.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(ctx.hookCalls().filter((c) => c.method === 'DELETE')).toEqual([])

    await ctx.user.click(screen.getByRole('button', { name: 'Delete hook “Drop me”' }))
    await ctx.user.click(
      within(screen.getByRole('dialog', { name: 'Delete hook “Drop me”?' })).getByRole('button', {
        name: 'Delete hook',
      }),
    )
    expect(await screen.findByText(STUDIO_MESSAGES.savedHookDeleted)).toBeTruthy()
    expect(
      ctx
        .hookCalls()
        .filter((c) => c.method === 'DELETE')
        .map((c) => c.pathname),
    ).toEqual([`/api/saved-hooks/${drop.id}`])
    expect(await savedTexts()).toEqual(['Keep me'])
  })

  it('keeps the hook and says so when deleting fails', async () => {
    const hook = makeSavedHook({ text: 'Sticky' })
    const ctx = await setup({ hooks: [hook], removeHook: { status: 500, body: { code: 'INTERNAL', message: 'x' } } })
    await savedList()
    await ctx.user.click(screen.getByRole('button', { name: 'Delete hook “Sticky”' }))
    await ctx.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete hook' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to delete saved hook')
    expect(await savedTexts()).toEqual(['Sticky'])
  })

  it('says the list could not be fetched, and Try again fetches it', async () => {
    let fail = true
    const ctx = await setup({
      hooks: [makeSavedHook({ text: 'Back again' })],
      listHooks: () => (fail ? { status: 500, body: { code: 'INTERNAL', message: 'x' } } : undefined),
    })
    expect(await screen.findByText(STUDIO_MESSAGES.fetchSavedHooksFailed)).toBeTruthy()
    fail = false
    await ctx.user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await savedTexts()).toEqual(['Back again'])
    expect(ctx.hookCalls().filter((c) => c.method === 'GET')).toHaveLength(2)
  })
})

describe('Saved hooks shown on their own (the Create Hooks tab)', () => {
  it('lists them with Delete and no Apply, and says how to add one when empty', async () => {
    videosApi([], { hooks: [makeSavedHook({ text: 'Saved from an idea' })] })
    renderWithQueryClient(<SavedHooks notice={null} onNotice={() => undefined} emptyHint="Nothing here yet." />)
    expect(await savedTexts()).toEqual(['Saved from an idea'])
    expect(screen.getByRole('button', { name: 'Delete hook “Saved from an idea”' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Apply hook/ })).toBeNull()
    cleanup()
    videosApi([], { hooks: [] })
    renderWithQueryClient(<SavedHooks notice={null} onNotice={() => undefined} emptyHint="Nothing here yet." />)
    expect(await screen.findByText('Nothing here yet.')).toBeTruthy()
  })

  it('offers Make this video where the tab asks for it (never in the Create form)', async () => {
    const hook = makeSavedHook({ text: 'Wait for it' })
    videosApi([], { hooks: [hook] })
    const made = vi.fn()
    const user = userEvent.setup()
    renderWithQueryClient(<SavedHooks notice={null} onNotice={() => undefined} onMakeVideo={made} />)
    await user.click(await screen.findByRole('button', { name: 'Make a video with hook “Wait for it”' }))
    expect(made).toHaveBeenCalledWith(hook)
    cleanup()
    await setup({ hooks: [hook] })
    await savedList()
    expect(screen.queryByRole('button', { name: /^Make a video with hook/ })).toBeNull()
  })
})
