import { describe, expect, it } from 'vitest'
import { automationSettingsInputSchema, HOOK_OVERLAY_DEFAULTS, OVERLAY_DEFAULTS, slotFormat } from '@hookpost/shared'
import { pickImages, slideshowInput, slideTexts } from './slideshow-planning'

const now = new Date('2026-11-28T08:00:00Z')

describe('format per planned post', () => {
  it('keeps a fixed format, and alternates video and slideshow by the slot sequence (a video first)', () => {
    expect([0, 1, 2, 3].map((n) => slotFormat('video', n))).toEqual(['video', 'video', 'video', 'video'])
    expect([0, 1, 2].map((n) => slotFormat('slideshow', n))).toEqual(['slideshow', 'slideshow', 'slideshow'])
    expect([0, 1, 2, 3, 4].map((n) => slotFormat('alternate', n))).toEqual([
      'video',
      'slideshow',
      'video',
      'slideshow',
      'video',
    ])
    // The same sequence gives the same format (a replan continues the turns from the posts that stand).
    expect(slotFormat('alternate', 7)).toBe(slotFormat('alternate', 7))
  })
})

describe('drawing slideshow backgrounds', () => {
  it('takes never-used images first in the chosen order, then the least recently used, without repeats', () => {
    const used = new Map([
      ['a', new Date('2026-11-27T10:00:00Z')],
      ['b', new Date('2026-11-26T10:00:00Z')],
    ])
    expect(pickImages(['a', 'b', 'c', 'd', 'e'], used, 4, now)).toEqual(['c', 'd', 'e', 'b'])
  })

  it('rotates across posts: the next post starts with the images the last one did not use', () => {
    const used = new Map<string, Date>()
    const set = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
    const first = pickImages(set, used, 5, now)
    const second = pickImages(set, used, 5, now)
    expect(first).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(second.slice(0, 2)).toEqual(['f', 'g'])
    expect(new Set(second).size).toBe(5)
    // Of the first post's images, the earliest slides' are the least recent now.
    expect(second.slice(2)).toEqual(['a', 'b', 'c'])
  })

  it('repeats a small set in the same order, never the same background twice in a row', () => {
    const picked = pickImages(['a', 'b'], new Map(), 5, now)
    expect(picked).toEqual(['a', 'b', 'a', 'b', 'a'])
    expect(pickImages(['only'], new Map(), 3, now)).toEqual(['only', 'only', 'only'])
    expect(pickImages([], new Map(), 3, now)).toEqual([])
  })
})

describe('the slideshow of a planned post', () => {
  const written = {
    title: 'Meal prep in 3 steps',
    provider: 'offline' as const,
    slides: [
      { role: 'hook' as const, text: 'The writer’s own hook' },
      { role: 'point' as const, text: 'Cook once' },
      { role: 'point' as const, text: 'Portion it' },
      { role: 'point' as const, text: 'Freeze it' },
      { role: 'cta' as const, text: 'Follow for more' },
    ],
  }

  it('puts the chosen hook on the first slide, then the points and the call to action', () => {
    expect(slideTexts(written, 'Stop wasting Sundays', 3).map((s) => s.text)).toEqual([
      'Stop wasting Sundays',
      'Cook once',
      'Portion it',
      'Freeze it',
      'Follow for more',
    ])
    expect(slideTexts(written, 'Hook', 2)).toHaveLength(4)
  })

  it('gives each slide its background and the studio’s overlay style (hook large, the rest medium)', () => {
    const slides = slideTexts(written, 'Stop wasting Sundays', 3)
    const input = slideshowInput({ title: 'x'.repeat(120), slides, imageIds: ['i1', 'i2', 'i3', 'i4', 'i5'] })
    expect(input.title).toHaveLength(90)
    expect(input.slides.map((s) => s.source)).toEqual(
      ['i1', 'i2', 'i3', 'i4', 'i5'].map((imageId) => ({ kind: 'image', imageId })),
    )
    expect(input.slides[0]!.overlays[0]).toMatchObject({ text: 'Stop wasting Sundays', ...HOOK_OVERLAY_DEFAULTS })
    expect(input.slides[4]!.overlays[0]).toMatchObject({ text: 'Follow for more', ...OVERLAY_DEFAULTS })
  })
})

describe('automation settings for slideshows and drafts', () => {
  const base = {
    enabled: true,
    hookConcept: 'random',
    tone: 'random',
    days: ['monday'],
    postsPerDay: 3,
    windowStart: '10:00',
    windowEnd: '18:00',
    videoIds: ['stock:a'],
    accountId: 'acc',
    postSettings: { privacyLevel: 'SELF_ONLY', allowComment: true, allowDuet: false, allowStitch: false },
  } as const

  it('defaults to today’s behaviour: videos, posted directly', () => {
    expect(automationSettingsInputSchema.parse(base)).toMatchObject({
      format: 'video',
      sendAsDrafts: false,
      slideshowImageIds: [],
      slidesPerPost: 3,
    })
  })

  it('needs images when the format uses slideshows, and videos only when it uses videos', () => {
    const messages = (v: object) =>
      automationSettingsInputSchema.safeParse({ ...base, ...v }).error?.issues.map((i) => [i.path.join('.'), i.message])
    expect(messages({ format: 'slideshow', videoIds: [] })).toEqual([
      ['slideshowImageIds', 'Please select at least one image for slideshow posts'],
    ])
    expect(messages({ format: 'alternate', videoIds: [] })).toEqual([
      ['videoIds', 'Please select at least one video for automation'],
      ['slideshowImageIds', 'Please select at least one image for slideshow posts'],
    ])
    expect(messages({ format: 'slideshow', videoIds: [], slideshowImageIds: ['img'] })).toBeUndefined()
    expect(messages({ slidesPerPost: 9 })?.[0]?.[0]).toBe('slidesPerPost')
  })

  it('asks who can see the posts only when they are posted directly', () => {
    const noPrivacy = { postSettings: { ...base.postSettings, privacyLevel: null } }
    expect(automationSettingsInputSchema.safeParse({ ...base, ...noPrivacy }).success).toBe(false)
    expect(automationSettingsInputSchema.safeParse({ ...base, ...noPrivacy, sendAsDrafts: true }).success).toBe(true)
  })
})
