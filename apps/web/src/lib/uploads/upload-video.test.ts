import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import { PLAN_MESSAGES } from '@hookpost/shared/plans'
import { onPlanRefusal, type PlanRefusal } from '../plan-refusal'
import { uploadErrorMessage, uploadFailure, uploadIdFromUrl } from './upload-video'

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

describe('uploadFailure', () => {
  it("announces the plan's storage refusal (402) for the upgrade prompt, and nothing else", () => {
    const heard: PlanRefusal[] = []
    const stop = onPlanRefusal((refusal) => void heard.push(refusal))
    const message = PLAN_MESSAGES.storageLimit('Pro', 25 * 1024 ** 3, 24.8 * 1024 ** 3)
    expect(uploadFailure(402, JSON.stringify({ code: 'PLAN_LIMIT', message })).message).toBe(message)
    expect(uploadFailure(429, JSON.stringify({ code: 'RATE_LIMITED', message: MESSAGES.tooManyUploads })).message).toBe(
      MESSAGES.tooManyUploads,
    )
    expect(uploadFailure(500, 'oops').message).toBe(MESSAGES.uploadFailed)
    stop()
    expect(heard).toEqual([{ code: 'PLAN_LIMIT', message }])
  })
})
