import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SaveVideoDraftInput, VideoDraftContent, VideoDraftView } from '@hookpost/shared/studio'
import { ApiRequestError, NetworkError } from '../../../lib/api-client'
import { createDraftSaver, DRAFT_SAVE_DELAY_MS, type DraftSaveStatus } from './draft-saver'
import { contentFromIdea } from './video-draft-content'

/** The autosave's rules with a fake server and fake timers (the form's component tests walk it through the UI). */
function content(title: string): VideoDraftContent {
  const made = contentFromIdea({ title, description: '', hookText: 'Hook' })
  return { ...made, overlays: made.overlays.map((o) => ({ ...o, id: 'ov-1' })) }
}

function view(revision: number, body: VideoDraftContent | null): VideoDraftView {
  return { revision, content: body, media: { video: null, demo: null }, dropped: [], updatedAt: null }
}

type Pending = { body: SaveVideoDraftInput; resolve: (v: VideoDraftView) => void; reject: (e: unknown) => void }

function setup(initial = view(0, null)) {
  const saves: Pending[] = []
  const statuses: DraftSaveStatus[] = []
  const tracked: Promise<unknown>[] = []
  const load = vi.fn<() => Promise<VideoDraftView>>()
  const onDropped = vi.fn()
  const saver = createDraftSaver(initial, {
    save: (body) => new Promise((resolve, reject) => saves.push({ body, resolve, reject })),
    load,
    track: (work) => void tracked.push(work),
    onStatus: (s) => void statuses.push(s),
    onDropped,
  })
  /** Answers the oldest save still waiting as the server would (the next revision, the content kept). */
  const answer = async () => {
    const save = saves.shift()!
    save.resolve(view(save.body.revision + 1, save.body.content))
    await vi.advanceTimersByTimeAsync(0)
  }
  return { saver, saves, statuses, tracked, load, onDropped, answer, last: () => statuses.at(-1) }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the draft autosave', () => {
  it('saves once, a second after the last change, after the revision it holds; "saved" only once answered', async () => {
    const s = setup()
    s.saver.track(content('P'))
    s.saver.track(content('Pa'))
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS - 10)
    s.saver.track(content('Pan'))
    expect(s.last()).toEqual({ state: 'saving' })
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS - 10)
    expect(s.saves).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(10)
    expect(s.saves.map((p) => [p.body.revision, p.body.content?.title])).toEqual([[0, 'Pan']])
    expect(s.last()).toEqual({ state: 'saving' })
    await s.answer()
    expect(s.last()).toEqual({ state: 'saved' })

    s.saver.track(content('Pancakes'))
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS)
    expect(s.saves[0]?.body.revision).toBe(1)
  })

  it('saves nothing for an untouched form, and the same content only once', async () => {
    const s = setup(view(3, content('Kept')))
    s.saver.track(content('Kept'))
    await vi.advanceTimersByTimeAsync(5 * DRAFT_SAVE_DELAY_MS)
    expect(s.saves).toHaveLength(0)
    expect(s.last()).toEqual({ state: 'saved' })
    // Typed and typed back before the pause: nothing to send.
    s.saver.track(content('Kept!'))
    s.saver.track(content('Kept'))
    await vi.advanceTimersByTimeAsync(5 * DRAFT_SAVE_DELAY_MS)
    expect(s.saves).toHaveLength(0)
  })

  it('clears at once when the form becomes empty (Create Video, Start over)', async () => {
    const s = setup(view(3, content('Kept')))
    s.saver.track(null)
    await vi.advanceTimersByTimeAsync(0)
    expect(s.saves.map((p) => p.body)).toEqual([{ revision: 3, content: null }])
    await s.answer()
    expect(s.last()).toEqual({ state: 'empty' })
  })

  it('sends one save at a time; changes made meanwhile follow right after it, with the new revision', async () => {
    const s = setup()
    s.saver.track(content('One'))
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS)
    s.saver.track(content('Two'))
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS)
    expect(s.saves).toHaveLength(1)
    await s.answer()
    expect(s.saves.map((p) => [p.body.revision, p.body.content?.title])).toEqual([[1, 'Two']])
    expect(s.last()).toEqual({ state: 'saving' })
    await s.answer()
    expect(s.last()).toEqual({ state: 'saved' })
  })

  it('sends a waiting change at once when the page is hidden, and tells the page to wait for it', async () => {
    const s = setup()
    s.saver.track(content('Leaving'))
    s.saver.flush({ keepalive: true })
    expect(s.saves).toHaveLength(1)
    expect(s.tracked).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(5 * DRAFT_SAVE_DELAY_MS)
    expect(s.saves).toHaveLength(1)
  })

  it('says why a save failed, never "saved", and tries again on the next change or on retry', async () => {
    const s = setup()
    s.saver.track(content('Offline'))
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS)
    s.saves.shift()!.reject(new NetworkError())
    await vi.advanceTimersByTimeAsync(0)
    expect(s.last()).toMatchObject({ state: 'failed', reason: expect.stringContaining('trouble connecting') })
    void s.saver.retry()
    expect(s.saves).toHaveLength(1)
    s.saves.shift()!.reject(new ApiRequestError(413, 'PAYLOAD_TOO_LARGE', 'Too large'))
    await vi.advanceTimersByTimeAsync(0)
    expect(s.last()).toEqual({ state: 'failed', reason: 'Too large' })
    s.saver.track(content('Online'))
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS)
    await s.answer()
    expect(s.last()).toEqual({ state: 'saved' })
  })

  it('stops on a conflict until the person chooses: the newer draft, or this one saved over it', async () => {
    const s = setup(view(2, content('Mine')))
    s.saver.track(content('Mine, edited'))
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS)
    s.saves.shift()!.reject(new ApiRequestError(409, 'CONFLICT', 'changed elsewhere'))
    await vi.advanceTimersByTimeAsync(0)
    expect(s.last()).toEqual({ state: 'conflict' })
    s.saver.track(content('Mine, edited again'))
    s.saver.flush({ keepalive: true })
    await vi.advanceTimersByTimeAsync(5 * DRAFT_SAVE_DELAY_MS)
    expect(s.saves).toHaveLength(0)
    expect(s.last()).toEqual({ state: 'conflict' })

    s.load.mockResolvedValue(view(5, content('Theirs')))
    const keeping = s.saver.keepMine()
    await vi.advanceTimersByTimeAsync(0)
    expect(s.saves.map((p) => [p.body.revision, p.body.content?.title])).toEqual([[5, 'Mine, edited again']])
    await s.answer()
    await keeping
    expect(s.last()).toEqual({ state: 'saved' })

    s.load.mockResolvedValue(view(9, content('Newest')))
    s.saver.track(content('Stale'))
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS)
    s.saves.shift()!.reject(new ApiRequestError(409, 'CONFLICT', 'changed elsewhere'))
    await vi.advanceTimersByTimeAsync(0)
    await expect(s.saver.loadNewer()).resolves.toMatchObject({ revision: 9 })
    s.saver.track(content('Newest, edited'))
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS)
    expect(s.saves[0]?.body.revision).toBe(9)
  })

  it('replaces the draft after the revision it holds, waiting for a save on its way, and returns it', async () => {
    const s = setup(view(1, content('Old')))
    s.saver.track(content('Old, edited'))
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS)
    const replaced = s.saver.replace(content('Idea'))
    s.saver.track(content('typed while it goes'))
    await s.answer()
    expect(s.saves.map((p) => [p.body.revision, p.body.content?.title])).toEqual([[2, 'Idea']])
    await s.answer()
    await expect(replaced).resolves.toMatchObject({ revision: 3, content: { title: 'Idea' } })
    await vi.advanceTimersByTimeAsync(5 * DRAFT_SAVE_DELAY_MS)
    expect(s.saves).toHaveLength(0)
    expect(s.last()).toEqual({ state: 'saved' })
  })

  it('saves again a draft read with a video taken out, and passes on what a save took out', async () => {
    const s = setup({
      ...view(4, content('Kept')),
      dropped: [{ slot: 'video', mediaId: 'm1', name: 'gone.mp4' }],
    })
    s.saver.track(content('Kept'))
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS)
    expect(s.saves).toHaveLength(1)
    const save = s.saves.shift()!
    save.resolve({ ...view(5, save.body.content), dropped: [{ slot: 'demo', mediaId: 'm2', name: 'x.mp4' }] })
    await vi.advanceTimersByTimeAsync(0)
    expect(s.onDropped).toHaveBeenCalledWith([{ slot: 'demo', mediaId: 'm2', name: 'x.mp4' }])
  })
})
