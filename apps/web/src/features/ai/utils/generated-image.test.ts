import { describe, expect, it } from 'vitest'
import { AI_FAILURE_REASONS } from '@hookpost/shared/ai'
import { AI_IMAGE_MESSAGES } from '@hookpost/shared/ai-images'
import { makeImage, offlineCardResponse } from '../testing/images'
import { generatedImageOutcome } from './generated-image'

const IMAGE = makeImage()

const CARD = offlineCardResponse(IMAGE)

describe('generatedImageOutcome', () => {
  it('shows the image with who made it and, for the text card, the message that says so', () => {
    expect(generatedImageOutcome(CARD)).toEqual({
      result: { image: IMAGE, fallback: true, message: AI_IMAGE_MESSAGES.offlineFallback, provider: 'offline' },
    })
  })

  it('says the server’s message when generating failed, with the model’s reason when there is one', () => {
    const failed = { ...CARD, success: false, imageUrl: null, image: null, fallback: false }
    expect(generatedImageOutcome({ ...failed, message: 'No credits' })).toEqual({ error: 'No credits' })
    expect(generatedImageOutcome({ ...failed, message: '' })).toEqual({ error: AI_IMAGE_MESSAGES.generateFailed })
    expect(
      generatedImageOutcome({
        ...failed,
        message: AI_IMAGE_MESSAGES.generateFailed,
        provider: 'openai-compatible',
        reason: AI_FAILURE_REASONS.timeout,
      }),
    ).toEqual({ error: `${AI_IMAGE_MESSAGES.generateFailed}. ${AI_FAILURE_REASONS.timeout}` })
  })

  it('says there is no image when a success comes without one', () => {
    expect(generatedImageOutcome({ ...CARD, imageUrl: null, image: null })).toEqual({
      error: AI_IMAGE_MESSAGES.noImageUrl,
    })
  })
})
