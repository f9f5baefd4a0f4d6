import { AI_IMAGE_MESSAGES, type AiImage, type GenerateImageResponse } from '@hookpost/shared/ai-images'
import { withReason } from './errors'
import type { AiProvider } from './providers'

/** The image Generate Images shows, with who made it and, for the offline text card, the message that says so. */
export interface GeneratedImage {
  image: AiImage
  fallback: boolean
  message: string
  provider: AiProvider
}

/** POST /api/generate?type=image's answer as the generator shows it: the image, or why there is none. */
export function generatedImageOutcome(response: GenerateImageResponse): { result: GeneratedImage } | { error: string } {
  if (!response.success)
    return { error: withReason(response.message || AI_IMAGE_MESSAGES.generateFailed, response.reason) }
  if (!response.image) return { error: AI_IMAGE_MESSAGES.noImageUrl }
  return {
    result: {
      image: response.image,
      fallback: response.fallback,
      message: response.message,
      provider: response.provider,
    },
  }
}
