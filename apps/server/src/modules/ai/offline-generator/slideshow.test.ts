import { describe, expect, it } from 'vitest'
import { generateSlideshow, topicKeywords } from './slideshow'

const context = { targetAudience: 'Busy moms', niche: 'meal prep', appGoals: 'Get downloads for our meal planning app' }
const topic = 'Meal prep on a budget'

describe('the offline slideshow writer', () => {
  it('writes a hook, exactly N points in order and a call to action', () => {
    for (const points of [1, 3, 8]) {
      const draft = generateSlideshow({ context, topic, points, seed: 7 })
      expect(draft.slides.map((s) => s.role)).toEqual(['hook', ...Array<string>(points).fill('point'), 'cta'])
      draft.slides
        .filter((s) => s.role === 'point')
        .forEach((s, i) => expect(s.text.startsWith(`${i + 1}. `)).toBe(true))
      for (const slide of draft.slides) {
        expect(slide.text.trim()).toBe(slide.text)
        expect(slide.text).not.toMatch(/\{|\}|undefined|\s{2}/)
        expect(slide.text.length).toBeGreaterThan(5)
      }
      expect(draft.title.length).toBeGreaterThan(0)
      expect(Array.from(draft.title).length).toBeLessThanOrEqual(90)
    }
  })

  it('is deterministic per seed and varies across seeds', () => {
    const a = generateSlideshow({ context, topic, points: 4, seed: 1 })
    expect(generateSlideshow({ context, topic, points: 4, seed: 1 })).toEqual(a)
    const drafts = Array.from({ length: 20 }, (_, seed) => generateSlideshow({ context, topic, points: 4, seed }))
    expect(new Set(drafts.map((d) => d.slides[0]!.text)).size).toBeGreaterThanOrEqual(5)
    expect(new Set(drafts.map((d) => d.slides.map((s) => s.text).join('|'))).size).toBe(20)
  })

  it('names the topic on the hook, not pasted into every point', () => {
    for (let seed = 0; seed < 30; seed++) {
      const draft = generateSlideshow({ context, topic, points: 6, seed })
      const points = draft.slides.filter((s) => s.role === 'point')
      expect(draft.slides[0]!.text.toLowerCase()).toMatch(/meal prep/)
      const withTopic = points.filter((p) => p.text.toLowerCase().includes('meal prep on a budget'))
      expect(withTopic).toHaveLength(0)
      const withKey = points.filter((p) => p.text.toLowerCase().includes('meal prep'))
      expect(withKey.length).toBeGreaterThanOrEqual(1)
      expect(withKey.length).toBeLessThanOrEqual(2)
      // Each point says something different.
      expect(new Set(points.map((p) => p.text.slice(3))).size).toBe(points.length)
    }
  })

  it('shapes the call to action by the goals and the hook by the audience', () => {
    const ctas = new Set(
      Array.from(
        { length: 10 },
        (_, seed) => generateSlideshow({ context, topic, points: 2, seed }).slides.at(-1)!.text,
      ),
    )
    for (const cta of ctas) expect(cta).toMatch(/app/i)
    const hooks = Array.from(
      { length: 20 },
      (_, seed) => generateSlideshow({ context, topic, points: 2, seed }).slides[0]!.text,
    )
    expect(hooks.some((h) => h.toLowerCase().includes('busy moms'))).toBe(true)
    const follow = generateSlideshow({
      context: { ...context, appGoals: 'Grow my community' },
      topic,
      points: 2,
      seed: 3,
    })
    expect(follow.slides.at(-1)!.text).toMatch(/follow/i)
    const none = generateSlideshow({
      context: { targetAudience: '', niche: '', appGoals: '' },
      topic,
      points: 2,
      seed: 3,
    })
    expect(none.slides[0]!.text).not.toMatch(/\{|undefined/)
  })

  it('reads a hook given as the topic (the automation passes its hook) for what it is about', () => {
    for (const [hook, about] of [
      ['What I thought meal prep was vs what it actually is', /meal prep/i],
      ['Busy parents, nobody tells you this about the kitchen gadget', /kitchen gadget/i],
      ['POV: you finally find out what everyone else knew', /meal prep/i],
    ] as const) {
      for (let seed = 0; seed < 5; seed++) {
        const draft = generateSlideshow({ context, topic: hook, points: 3, seed })
        // The hook is never pasted as the topic of another sentence ("What I thought … was: 3 tips").
        expect(draft.title.toLowerCase()).not.toContain(hook.toLowerCase())
        expect(draft.slides[0]!.text.toLowerCase()).not.toContain(hook.toLowerCase())
        expect(`${draft.title} ${draft.slides[0]!.text}`).toMatch(about)
      }
    }
  })

  it('finds the key words of a topic', () => {
    expect(topicKeywords('meal prep on a budget')).toBe('meal prep')
    expect(topicKeywords('how to grow on TikTok')).toBe('grow')
    expect(topicKeywords('the best running shoes')).toBe('running shoes')
  })
})
