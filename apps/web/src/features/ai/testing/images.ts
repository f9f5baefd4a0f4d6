import { AI_IMAGE_MESSAGES, type AiImage, type GenerateImageResponse } from '@hookpost/shared/ai-images'

/** An image as the server describes it: the offline text card for 'A cat in a hat', not saved yet. */
export function makeImage(overrides: Partial<AiImage> = {}): AiImage {
  return {
    id: 'img-1',
    url: '/api/images/img-1/file',
    prompt: 'A cat in a hat',
    style: 'selfie',
    fallback: true,
    width: 1080,
    height: 1920,
    saved: false,
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  }
}

/** POST /api/generate?type=image's answer with no image model: `image`, the offline text card, saying so. */
export function offlineCardResponse(image: AiImage): GenerateImageResponse {
  return {
    success: true,
    imageUrl: image.url,
    image,
    fallback: true,
    message: AI_IMAGE_MESSAGES.offlineFallback,
    provider: 'offline',
  }
}
