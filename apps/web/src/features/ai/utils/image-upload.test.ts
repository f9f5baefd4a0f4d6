import { describe, expect, it } from 'vitest'
import { AI_IMAGE_MESSAGES, IMAGE_UPLOAD_MAX_BYTES } from '@hookpost/shared/ai-images'
import { uploadRefusal } from './image-upload'

describe('uploadRefusal', () => {
  it('takes PNG, JPEG and WebP up to the size limit', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(uploadRefusal({ type, size: IMAGE_UPLOAD_MAX_BYTES })).toBeNull()
    }
  })

  it('refuses a file that is not one of those images, whatever its size', () => {
    expect(uploadRefusal({ type: 'application/pdf', size: 10 })).toBe(AI_IMAGE_MESSAGES.imageFileRequired)
    expect(uploadRefusal({ type: 'image/gif', size: IMAGE_UPLOAD_MAX_BYTES + 1 })).toBe(
      AI_IMAGE_MESSAGES.imageFileRequired,
    )
  })

  it('refuses an image over the size limit', () => {
    expect(uploadRefusal({ type: 'image/png', size: IMAGE_UPLOAD_MAX_BYTES + 1 })).toBe(AI_IMAGE_MESSAGES.imageTooLarge)
  })
})
