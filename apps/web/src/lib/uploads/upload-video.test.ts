import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import { uploadErrorMessage, uploadIdFromUrl } from './upload-video'

describe('uploadIdFromUrl', () => {
  it('takes the last path segment of the tus upload URL', () => {
    expect(uploadIdFromUrl('http://127.0.0.1:3600/api/uploads/abc123')).toBe('abc123')
    expect(uploadIdFromUrl('/api/uploads/abc123/')).toBe('abc123')
    expect(uploadIdFromUrl('https://hookpost.example/api/uploads/a%2Bb?x=1')).toBe('a+b')
  })
})

describe('uploadErrorMessage', () => {
  it("uses the server's message for a 4xx, the spec's sentences otherwise", () => {
    expect(uploadErrorMessage(413, 'Maximum size exceeded')).toBe(MESSAGES.fileTooLarge)
    expect(uploadErrorMessage(400, JSON.stringify({ code: 'BAD_REQUEST', message: MESSAGES.notAVideo }))).toBe(
      MESSAGES.notAVideo,
    )
    expect(uploadErrorMessage(400, 'plain text')).toBe(MESSAGES.uploadFailed)
    expect(uploadErrorMessage(500, JSON.stringify({ message: 'stack trace' }))).toBe(MESSAGES.uploadFailed)
    expect(uploadErrorMessage(undefined, undefined)).toBe(MESSAGES.uploadFailed)
  })
})
