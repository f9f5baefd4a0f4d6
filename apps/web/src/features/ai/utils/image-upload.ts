import { AI_IMAGE_MESSAGES, IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES } from '@hookpost/shared/ai-images'

/**
 * Why a chosen file is not uploaded, or null when it may be: checked before sending, since a browser's "All files"
 * choice gets past the input's `accept`.
 */
export function uploadRefusal(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return AI_IMAGE_MESSAGES.imageFileRequired
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return AI_IMAGE_MESSAGES.imageTooLarge
  return null
}
