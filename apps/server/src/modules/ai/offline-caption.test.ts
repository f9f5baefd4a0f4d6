import { describe, expect, it } from 'vitest'
import { CONTENT_TONES, EMPTY_HOOK_CONTEXT, HOOK_CONCEPTS, POST_LIMITS, tiktokCaption } from '@hookpost/shared'
import { quotedPrivateField } from './caption-guard'
import { CAPTION_TEXT_MAX, composeCaption, HASHTAGS_MAX, usableCaption } from './caption-rules'
import { generateCaption } from './offline-caption'
import { charCount } from './hook-rules'
import { accountPrivateFields } from './post-caption'

const FULL = {
  ...EMPTY_HOOK_CONTEXT,
  targetAudience: 'Night-shift nurses in Tallinn who collect vintage typewriters',
  niche: 'Typewriter repair',
  appGoals: 'Sell 40 restoration kits before the Zephyr launch',
  videoTitle: 'Ribbon swap',
  videoDescription: 'Changing the ribbon of a 1962 Olivetti',
  mustInclude: ['olivetti'],
  mayInclude: ['vintage'],
}
const HOOK = 'Nobody tells you this about the olivetti ribbon swap'

describe('the offline generator’s captions', () => {
  it('writes a usable caption for every concept × tone, sparse or full context, that never quotes the description', () => {
    for (const context of [FULL, { ...EMPTY_HOOK_CONTEXT }]) {
      for (const concept of HOOK_CONCEPTS) {
        for (const tone of CONTENT_TONES) {
          const caption = generateCaption({ context, hookText: HOOK, concept, tone, seed: 7 })
          const label = `${concept}/${tone}`
          expect(usableCaption(caption), label).toEqual(caption)
          expect(caption.title, label).toBe(HOOK)
          expect(charCount(caption.text), label).toBeLessThanOrEqual(CAPTION_TEXT_MAX)
          expect(caption.text, label).not.toMatch(/\{\w+\}|\s\s|#/)
          expect(caption.hashtags.length, label).toBeLessThanOrEqual(HASHTAGS_MAX)
          const { title, description } = composeCaption(caption, HOOK)
          const whole = tiktokCaption(title, description)
          expect(whole.length, label).toBeLessThanOrEqual(POST_LIMITS.caption)
          expect(quotedPrivateField(whole, accountPrivateFields(FULL)), label).toBeNull()
          // Never a filming brief: it speaks to viewers, not to the creator.
          expect(whole, label).not.toMatch(/\b(Film|Record|Open on|Show the)\b/)
        }
      }
    }
  })

  it('is the same for the same seed and varies with the seed', () => {
    const one = generateCaption({ context: FULL, hookText: HOOK, concept: 'story', tone: 'casual', seed: 1 })
    expect(generateCaption({ context: FULL, hookText: HOOK, concept: 'story', tone: 'casual', seed: 1 })).toEqual(one)
    const texts = new Set(
      Array.from(
        { length: 12 },
        (_, seed) => generateCaption({ context: FULL, hookText: HOOK, concept: 'story', tone: 'casual', seed }).text,
      ),
    )
    expect(texts.size).toBeGreaterThan(2)
  })

  it('tags the video’s topic and the keywords; a short niche may name the topic, a long one never', () => {
    const caption = generateCaption({
      context: FULL,
      hookText: HOOK,
      concept: 'question',
      tone: 'informative',
      seed: 3,
    })
    expect(caption.hashtags.slice(0, 3)).toEqual(['#olivetti', '#ribbonswap', '#vintage'])
    const noTitle = { ...FULL, videoTitle: 'How I fixed it?' }
    expect(
      generateCaption({ context: noTitle, hookText: HOOK, concept: 'question', tone: 'informative', seed: 3 }).hashtags,
    ).toContain('#typewriterrepair')
    const longNiche = { ...noTitle, niche: 'Restoring typewriters for collectors in the Baltics' }
    const caption2 = generateCaption({ context: longNiche, hookText: HOOK, concept: 'other', tone: 'casual', seed: 3 })
    expect(
      quotedPrivateField(`${caption2.text} ${caption2.hashtags.join(' ')}`, accountPrivateFields(longNiche)),
    ).toBeNull()
  })

  it('uses the video’s title when the hook is too long for a title', () => {
    const long = `${'A very long hook '.repeat(7)}end`
    expect(generateCaption({ context: FULL, hookText: long, concept: 'story', tone: 'casual', seed: 1 }).title).toBe(
      'Ribbon swap',
    )
  })
})
