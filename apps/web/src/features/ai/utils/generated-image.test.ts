import { describe, expect, it } from 'vitest'
import { AI_FAILURE_REASONS } from '@hookpost/shared/ai'
import { AI_IMAGE_MESSAGES, type AiImage, type GenerateImageResponse } from '@hookpost/shared/ai-images'
import { generatedImageOutcome } from './generated-image'

const IMAGE: AiImage = {
  id: 'img-1',
  url: '/api/images/img-1/file',
  prompt: 'A cat in a hat',
  style: 'selfie',
  fallback: true,
  width: 1080,
  height: 1920,
  saved: false,
  createdAt: '2026-11-23T10:00:00.000Z',
}

const CARD: GenerateImageResponse = {
  success: true,
  imageUrl: IMAGE.url,
  image: IMAGE,
  fallback: true,
  message: AI_IMAGE_MESSAGES.offlineFallback,
  provider: 'offline',
}

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
