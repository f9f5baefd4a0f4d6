import { describe, expect, it } from 'vitest'
import { HOOK_OVERLAY_DEFAULTS, videoDraftContentSchema } from '@hookpost/shared/studio'
import { makeLibraryItem, makeMedia, makeOverlay, makeSavedHook, makeVideo } from '../testing/test-utils'
import { emptyDraft } from './overlays'
import { initialVideoDraft, type VideoDraft } from './video-draft'
import {
  contentFromIdea,
  contentFromSavedHook,
  contentFromVideo,
  draftContent,
  draftFromSaved,
  draftHasWork,
  draftKey,
} from './video-draft-content'

function filled(): VideoDraft {
  const item = makeLibraryItem({ title: 'Feature tour' })
  return {
    title: 'Launch',
    description: 'Day one',
    chosen: {
      video: { media: makeMedia({ id: 'm-up', originalName: 'mine.mp4' }), item: null },
      demo: { media: makeMedia({ id: 'm-lib' }), item },
    },
    fit: 'crop',
    cropFocus: 25,
    layout: 'split',
    overlays: [makeOverlay({ text: 'One', anchor: { x: 0.3, y: 0.4 } }), makeOverlay({ text: 'Two', style: 'box' })],
    newOverlay: { ...emptyDraft(), text: 'half', start: '1.5', color: '#ff3b30' },
    hookAccountId: 'acc-1',
  }
}

describe('the draft as the server keeps it', () => {
  it('keeps nothing of an untouched form (a chosen account or style alone is not work)', () => {
    const untouched = { ...initialVideoDraft(true), hookAccountId: 'acc-1', fit: 'crop' as const }
    expect(draftHasWork(untouched)).toBe(false)
    expect(draftContent(untouched)).toBeNull()
    expect(draftHasWork({ ...untouched, title: '  ' })).toBe(false)
    expect(draftHasWork({ ...untouched, newOverlay: { ...untouched.newOverlay, text: 'x' } })).toBe(true)
  })

  it('comes back as the same form, every property included, and passes the shared contract', () => {
    const draft = filled()
    const content = draftContent(draft)!
    expect(videoDraftContentSchema.parse(content)).toEqual(content)
    expect(content.videos).toEqual({
      video: { mediaId: 'm-up', name: 'mine.mp4', libraryItem: null },
      demo: { mediaId: 'm-lib', name: 'Feature tour', libraryItem: draft.chosen.demo!.item },
    })
    const media = { video: draft.chosen.video!.media, demo: draft.chosen.demo!.media }
    expect(draftFromSaved({ content, media }, false)).toEqual(draft)
  })

  it('leaves out a video the server no longer has; opens an empty form on nothing', () => {
    const content = draftContent(filled())!
    const back = draftFromSaved({ content, media: { video: null, demo: filled().chosen.demo!.media } }, false)
    expect(back.chosen.video).toBeNull()
    expect(draftFromSaved({ content: null, media: { video: null, demo: null } }, true)).toEqual(initialVideoDraft(true))
  })

  it('compares drafts whatever the order of their keys', () => {
    const content = draftContent(filled())!
    const reordered = Object.fromEntries(Object.entries(content).reverse()) as typeof content
    expect(draftKey(reordered)).toBe(draftKey(content))
    expect(draftKey({ ...content, title: 'Other' })).not.toBe(draftKey(content))
    expect(draftKey(null)).toBe('null')
  })

  it('starts a video from an idea or a saved hook: its words and its hook as the first overlay', () => {
    const idea = contentFromIdea({ title: 'Three pans', description: 'Film the pans', hookText: 'You need this' })
    expect(idea).toMatchObject({
      title: 'Three pans',
      description: 'Film the pans',
      videos: { video: null, demo: null },
    })
    expect(idea.overlays).toEqual([{ ...HOOK_OVERLAY_DEFAULTS, id: idea.overlays[0]!.id, text: 'You need this' }])
    const hook = contentFromSavedHook(makeSavedHook({ text: 'Wait', position: 'top', color: '#ffcc00', fontSize: 32 }))
    expect(hook.title).toBe('')
    expect(hook.overlays[0]).toMatchObject({ text: 'Wait', position: 'top', color: '#ffcc00', fontSize: 96 })
  })

  it('makes a rendered video’s inputs a new draft ("Edit as new")', () => {
    const overlays = [makeOverlay({ text: 'Old hook' })]
    const video = makeVideo({
      title: 'Launch',
      description: 'Day one',
      layout: 'split',
      fit: 'crop',
      cropFocus: 70,
      textOverlays: overlays,
      source: { mediaId: 'm-src', originalName: 'src.mp4' },
      demo: { mediaId: 'm-demo', originalName: 'demo.mp4' },
    })
    expect(contentFromVideo(video)).toEqual({
      title: 'Launch',
      description: 'Day one',
      videos: {
        video: { mediaId: 'm-src', name: 'src.mp4', libraryItem: null },
        demo: { mediaId: 'm-demo', name: 'demo.mp4', libraryItem: null },
      },
      layout: 'split',
      fit: 'crop',
      cropFocus: 70,
      overlays,
      newOverlay: emptyDraft(),
      hookAccountId: null,
    })
    expect(contentFromVideo(makeVideo({ layout: 'single' })).layout).toBe('sequence')
  })
})
