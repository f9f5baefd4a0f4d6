import { describe, expect, it } from 'vitest'
import { imageInfo } from '../../integrations/ffmpeg/inspect'
import { cardPrompt, createOfflineImageMaker, OFFLINE_CARD_PROMPT_MAX } from './offline-image'

describe('the offline text card', () => {
  it('is a 1080×1920 JPEG, marked as the fallback, the same card for the same prompt', async () => {
    const maker = createOfflineImageMaker()
    expect(maker).toMatchObject({ provider: 'offline', fallback: true })
    const a = await maker.image({ prompt: 'Sunrise over the bakery ☀️', style: 'selfie' })
    expect(a).toMatchObject({ contentType: 'image/jpeg', width: 1080, height: 1920 })
    expect(imageInfo(a.data)).toEqual({ contentType: 'image/jpeg', width: 1080, height: 1920 })
    const b = await maker.image({ prompt: 'Sunrise over the bakery ☀️', style: 'selfie' })
    expect(b.data.equals(a.data)).toBe(true)
    const other = await maker.image({ prompt: 'Something else entirely', style: 'selfie' })
    expect(other.data.equals(a.data)).toBe(false)
  })

  it('writes the prompt on one run of words, cut with an ellipsis when long, emoji kept whole', () => {
    expect(cardPrompt('  a\n\nb   c ')).toBe('a b c')
    const long = '👀'.repeat(OFFLINE_CARD_PROMPT_MAX + 5)
    const cut = cardPrompt(long)
    expect(Array.from(cut)).toHaveLength(OFFLINE_CARD_PROMPT_MAX)
    expect(cut.endsWith('👀…')).toBe(true)
    expect(cardPrompt('x'.repeat(OFFLINE_CARD_PROMPT_MAX))).toBe('x'.repeat(OFFLINE_CARD_PROMPT_MAX))
  })
})
