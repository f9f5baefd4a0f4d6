import { describe, expect, it } from 'vitest'
import { HOOK_DEMO_OVERLAY_DEFAULTS, type TextOverlay } from '@hookpost/shared/studio'
import { makeLibraryItem, makeMedia, makeOverlay } from '../testing/test-utils'
import { emptyDraft } from './overlays'
import {
  initialVideoDraft,
  initialVideoDraftState,
  videoDraftReducer,
  type LibraryPick,
  type VideoDraftAction,
  type VideoDraftState,
} from './video-draft'

function run(state: VideoDraftState, ...actions: VideoDraftAction[]): VideoDraftState {
  return actions.reduce(videoDraftReducer, state)
}

/** A state with complaints on every field and the server's refusal showing. */
function refused(): VideoDraftState {
  return {
    ...initialVideoDraftState(false),
    errors: { video: 'v', demo: 'd', title: 't', description: 'x', overlays: 'o' },
    submitError: 'Refused',
  }
}

function withOverlays(...overlays: TextOverlay[]): VideoDraftState {
  const start = initialVideoDraftState(false)
  return { ...start, draft: { ...start.draft, overlays } }
}

const pick = (): LibraryPick => ({ item: makeLibraryItem(), media: makeMedia({ id: 'media-lib' }) })

describe('the Create form’s draft', () => {
  it('starts empty: no videos, blur fit, sequence, no overlays; the hook-demo page’s overlays at the bottom', () => {
    expect(initialVideoDraftState(false)).toEqual({
      draft: {
        title: '',
        description: '',
        chosen: { video: null, demo: null },
        fit: 'blur',
        cropFocus: 50,
        layout: 'sequence',
        overlays: [],
        newOverlay: emptyDraft(),
        hookAccountId: '',
      },
      errors: {},
      submitError: null,
    })
    expect(initialVideoDraft(true).newOverlay).toEqual({ ...emptyDraft(), ...HOOK_DEMO_OVERLAY_DEFAULTS })
    expect(initialVideoDraft(true).newOverlay.position).toBe('bottom')
  })

  it('is one plain value: it comes back the same through JSON', () => {
    const state = run(
      initialVideoDraftState(true),
      { type: 'detailsChanged', field: 'title', value: 'Pancakes' },
      { type: 'libraryPicked', slot: 'demo', pick: pick() },
      { type: 'newOverlayChanged', newOverlay: { ...emptyDraft(), text: 'Hi' } },
      { type: 'overlayAdded', id: 'ov-1' },
      { type: 'overlayPlaced', id: 'ov-1', anchor: { x: 0.2, y: 0.3 } },
    )
    expect(JSON.parse(JSON.stringify(state.draft))).toEqual(state.draft)
  })

  it('takes the title and description; a change clears that field’s complaint and the server’s refusal only', () => {
    const state = run(refused(), { type: 'detailsChanged', field: 'title', value: 'Hello' })
    expect(state.draft.title).toBe('Hello')
    expect(state.errors).toEqual({ video: 'v', demo: 'd', title: undefined, description: 'x', overlays: 'o' })
    expect(state.submitError).toBeNull()
    const described = run(state, { type: 'detailsChanged', field: 'description', value: '#quick' })
    expect(described.draft.description).toBe('#quick')
    expect(described.errors.description).toBeUndefined()
  })

  it('keeps one video per slot: a Library pick or a checked upload, replaced by a chosen file or removed', () => {
    const chosen = pick()
    let state = run(refused(), { type: 'libraryPicked', slot: 'video', pick: chosen })
    expect(state.draft.chosen).toEqual({ video: chosen, demo: null })
    expect(state.errors.video).toBeUndefined()
    expect(state.errors.demo).toBe('d')
    expect(state.submitError).toBeNull()

    state = run(state, { type: 'libraryPicked', slot: 'demo', pick: chosen })
    expect(state.draft.chosen).toEqual({ video: chosen, demo: chosen })
    state = run({ ...state, errors: { video: 'v' } }, { type: 'fileChosen', slot: 'video' })
    expect(state.draft.chosen).toEqual({ video: null, demo: chosen })
    expect(state.errors.video).toBeUndefined()
    state = run({ ...state, errors: { demo: 'd' } }, { type: 'videoRemoved', slot: 'demo' })
    expect(state.draft.chosen).toEqual({ video: null, demo: null })
    expect(state.errors.demo).toBeUndefined()

    const media = makeMedia({ id: 'media-up' })
    state = run({ ...state, errors: { video: 'v' } }, { type: 'uploadFinished', slot: 'video', media })
    expect(state.draft.chosen).toEqual({ video: { media, item: null }, demo: null })
    expect(state.errors.video).toBeUndefined()
  })

  it('drops a video the server no longer has, unless another one was chosen since', () => {
    const chosen = pick()
    let state = run(refused(), { type: 'libraryPicked', slot: 'demo', pick: chosen })
    state = run(state, { type: 'videoDropped', slot: 'demo', mediaId: 'media-other' })
    expect(state.draft.chosen.demo).toEqual(chosen)
    state = run(state, { type: 'videoDropped', slot: 'demo', mediaId: 'media-lib' })
    expect(state.draft.chosen.demo).toBeNull()
  })

  it('keeps the AI hook generator’s account, also when the form starts over after Create', () => {
    const state = run(
      initialVideoDraftState(false),
      { type: 'hookAccountChosen', accountId: 'acc-1' },
      { type: 'detailsChanged', field: 'title', value: 'x' },
      { type: 'created', hookDemo: false },
    )
    expect(state.draft).toEqual({ ...initialVideoDraft(false), hookAccountId: 'acc-1' })
  })

  it('takes the fit and the layout without touching what the form says', () => {
    const state = run(refused(), { type: 'fitChosen', fit: 'crop' }, { type: 'layoutChosen', layout: 'split' })
    expect(state.draft).toMatchObject({ fit: 'crop', layout: 'split' })
    expect(state.errors).toEqual(refused().errors)
    expect(state.submitError).toBe('Refused')
  })

  it('adds the overlay being written; its style stays for the next one, its text, times and place start over', () => {
    const written = {
      ...emptyDraft(),
      text: ' Wait ',
      start: '1',
      end: '2.5',
      color: '#ffcc00',
      anchor: { x: 0.1, y: 0.2 },
    }
    const state = run(
      refused(),
      { type: 'newOverlayChanged', newOverlay: written },
      { type: 'overlayAdded', id: 'ov-1' },
    )
    expect(state.draft.overlays).toEqual([
      expect.objectContaining({ id: 'ov-1', text: 'Wait', startMs: 1000, endMs: 2500, color: '#ffcc00' }),
    ])
    expect(state.draft.overlays[0]?.anchor).toEqual({ x: 0.1, y: 0.2 })
    expect(state.draft.newOverlay).toEqual({ ...written, text: '', start: '', end: '', anchor: null })
    expect(state.errors.overlays).toBeUndefined()
    expect(state.submitError).toBeNull()
  })

  it('applies, edits, moves, places and removes overlays', () => {
    const [a, b, c] = [makeOverlay({ id: 'a' }), makeOverlay({ id: 'b' }), makeOverlay({ id: 'c' })]
    let state = run(withOverlays(a, b), { type: 'overlayApplied', overlay: c })
    expect(state.draft.overlays.map((o) => o.id)).toEqual(['a', 'b', 'c'])

    state = run(state, { type: 'overlayUpdated', overlay: { ...b, text: 'Edited' } })
    expect(state.draft.overlays.map((o) => o.text)).toEqual([a.text, 'Edited', c.text])

    state = run(state, { type: 'overlayMoved', from: 0, to: 2 })
    expect(state.draft.overlays.map((o) => o.id)).toEqual(['b', 'c', 'a'])

    state = run(state, { type: 'overlayPlaced', id: 'c', anchor: { x: 0.5, y: 0.9 } })
    expect(state.draft.overlays.find((o) => o.id === 'c')?.anchor).toEqual({ x: 0.5, y: 0.9 })
    expect(state.draft.overlays.find((o) => o.id === 'b')?.anchor).toBe(b.anchor)

    state = run(state, { type: 'overlayRemoved', id: 'b' })
    expect(state.draft.overlays.map((o) => o.id)).toEqual(['c', 'a'])
  })

  it('clears the overlays’ complaint when the list changes, not when an overlay is only moved or placed', () => {
    const overlay = makeOverlay({ id: 'a' })
    const complaining = { ...withOverlays(overlay, makeOverlay({ id: 'b' })), errors: { overlays: 'o' } }
    expect(run(complaining, { type: 'overlayMoved', from: 0, to: 1 }).errors.overlays).toBe('o')
    expect(run(complaining, { type: 'overlayPlaced', id: 'a', anchor: { x: 0, y: 0 } }).errors.overlays).toBe('o')
    expect(run(complaining, { type: 'overlayUpdated', overlay }).errors.overlays).toBeUndefined()
    expect(run(complaining, { type: 'overlayRemoved', id: 'a' }).errors.overlays).toBeUndefined()
    expect(run(complaining, { type: 'overlayApplied', overlay }).errors.overlays).toBeUndefined()
  })

  it('leaves the state as it was for an overlay it does not have', () => {
    const state = withOverlays(makeOverlay({ id: 'a' }))
    expect(run(state, { type: 'overlayPlaced', id: 'gone', anchor: { x: 0, y: 0 } }).draft.overlays).toEqual(
      state.draft.overlays,
    )
    expect(run(state, { type: 'overlayMoved', from: 0, to: 5 }).draft.overlays).toEqual(state.draft.overlays)
  })

  it('shows what a submit found (nothing: all clear) and forgets the server’s last refusal', () => {
    const found = run(refused(), { type: 'submitted', errors: { title: 'Please enter a title' } })
    expect(found.errors).toEqual({ title: 'Please enter a title' })
    expect(found.submitError).toBeNull()
    expect(run(refused(), { type: 'submitted', errors: {} }).errors).toEqual({})
  })

  it('says why the server refused; the fields it names replace the complaints, none leaves them', () => {
    const named = run(refused(), { type: 'createFailed', message: 'Too long', errors: { video: 'Too long' } })
    expect(named.submitError).toBe('Too long')
    expect(named.errors).toEqual({ video: 'Too long' })
    const unnamed = run(refused(), { type: 'createFailed', message: 'Failed to create video', errors: {} })
    expect(unnamed.submitError).toBe('Failed to create video')
    expect(unnamed.errors).toEqual(refused().errors)
  })

  it('starts over once the video is created, in the preset it was opened with', () => {
    const busy = run(
      refused(),
      { type: 'detailsChanged', field: 'title', value: 'Done' },
      { type: 'libraryPicked', slot: 'video', pick: pick() },
      { type: 'overlayApplied', overlay: makeOverlay() },
      { type: 'fitChosen', fit: 'crop' },
    )
    expect(run(busy, { type: 'created', hookDemo: false }).draft).toEqual(initialVideoDraft(false))
    const hookDemo = run(busy, { type: 'created', hookDemo: true })
    expect(hookDemo.draft).toEqual(initialVideoDraft(true))
    expect(hookDemo.errors).toEqual({})
  })
})
