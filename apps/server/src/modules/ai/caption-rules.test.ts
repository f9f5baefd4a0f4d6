import { describe, expect, it } from 'vitest'
import { POST_LIMITS, tiktokCaption } from '@hookpost/shared'
import { composeCaption, fitCaptionText, normaliseHashtag, usableCaption, usableHashtags } from './caption-rules'

describe('caption rules', () => {
  it('makes hashtags well formed: one word, lower case, no punctuation, not only digits, at most 30 characters', () => {
    expect(normaliseHashtag('#MealPrep')).toBe('#mealprep')
    expect(normaliseHashtag('meal prep!')).toBe('#mealprep')
    expect(normaliseHashtag('##café_life')).toBe('#café_life')
    expect(normaliseHashtag('#2024')).toBeNull()
    expect(normaliseHashtag('#')).toBeNull()
    expect(normaliseHashtag(`#${'a'.repeat(30)}`)).toBeNull()
    expect(usableHashtags(['#A', 'a', '#b', '#c', '#d', '#e', '#f'])).toEqual(['#a', '#b', '#c', '#d', '#e'])
  })

  it('cuts a long caption text at its last whole sentence', () => {
    expect(fitCaptionText('Short one.')).toBe('Short one.')
    expect(fitCaptionText(`First. ${'Word '.repeat(100)}end.`, 40)).toBe('First.')
    expect(fitCaptionText('x'.repeat(400))).toBeNull()
  })

  it('accepts a caption with a one-line title, a short text and at least two hashtags; hashtags in the text move out', () => {
    expect(
      usableCaption({ title: '  "Stop scrolling"\n', text: 'Save this #tips for later.', hashtags: ['#fyp'] }),
    ).toEqual({ title: 'Stop scrolling', text: 'Save this for later.', hashtags: ['#fyp', '#tips'] })
    expect(usableCaption({ title: '', text: 'Save this.', hashtags: ['#a', '#b'] })).toBeNull()
    expect(usableCaption({ title: 'x'.repeat(101), text: 'Save this.', hashtags: ['#a', '#b'] })).toBeNull()
    expect(usableCaption({ title: 'T', text: '   ', hashtags: ['#a', '#b'] })).toBeNull()
    expect(usableCaption({ title: 'T', text: 'Save this.', hashtags: ['#a'] })).toBeNull()
  })

  it('composes title, hook, text and hashtags; the hook is not repeated when it is the title', () => {
    const caption = { title: 'Stop scrolling', text: 'Save this.', hashtags: ['#a', '#b'] }
    expect(composeCaption(caption, 'Stop scrolling')).toEqual({
      title: 'Stop scrolling',
      description: 'Save this.\n\n#a #b',
    })
    expect(composeCaption({ ...caption, title: 'Feature tour' }, 'Stop scrolling!')).toEqual({
      title: 'Feature tour',
      description: 'Stop scrolling!\n\nSave this.\n\n#a #b',
    })
  })

  it('keeps the whole caption within TikTok’s 2,200 UTF-16 units, dropping hashtags first, never the hook', () => {
    // Emoji are two UTF-16 units each: 1,060 of them are 2,120 units.
    const text = '🔥'.repeat(1060)
    const { title, description } = composeCaption(
      { title: 'Title', text, hashtags: ['#one', '#two', '#three', '#four', '#five'].map((t) => t.repeat(5)) },
      'The hook line',
    )
    expect(tiktokCaption(title, description).length).toBeLessThanOrEqual(POST_LIMITS.caption)
    expect(description.startsWith('The hook line')).toBe(true)
    expect(description).toContain(text)
  })
})
