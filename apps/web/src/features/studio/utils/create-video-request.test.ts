import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import { ApiRequestError, NetworkError } from '../../../lib/api-client'
import { makeOverlay } from '../testing/test-utils'
import { createErrorMessage, createVideoRequest, fieldErrorsFrom, type CreateVideoMedia } from './create-video-request'
import { STUDIO_MESSAGES } from './messages'
import { initialVideoDraft, type VideoDraft } from './video-draft'

const ready: CreateVideoMedia = {
  sourceMediaId: 'media-1',
  demoMediaId: null,
  videoUploading: false,
  demoUploading: false,
}

function draft(overrides: Partial<VideoDraft> = {}): VideoDraft {
  return { ...initialVideoDraft(false), title: 'Pancakes', ...overrides }
}

describe('createVideoRequest', () => {
  it('sends the draft’s words, videos, layout, fit and overlays as the shared schema reads them', () => {
    const overlay = makeOverlay({ id: 'ov-1', text: 'Hi' })
    const request = createVideoRequest(draft({ title: '  Pancakes ', fit: 'crop', overlays: [overlay] }), {
      ...ready,
      demoMediaId: 'media-2',
    })
    expect(request).toEqual({
      ok: true,
      input: {
        title: 'Pancakes',
        description: '',
        sourceMediaId: 'media-1',
        demoMediaId: 'media-2',
        layout: 'sequence',
        fit: 'crop',
        cropFocus: 50,
        textOverlays: [overlay],
      },
    })
  })

  it('asks for a video and a title in the spec’s words', () => {
    expect(createVideoRequest(draft({ title: '  ' }), { ...ready, sourceMediaId: null })).toEqual({
      ok: false,
      errors: { video: STUDIO_MESSAGES.videoRequired, title: STUDIO_MESSAGES.titleRequired },
    })
  })

  it('waits for a video still on its way, even when the rest is fine', () => {
    expect(createVideoRequest(draft(), { ...ready, videoUploading: true, demoUploading: true })).toEqual({
      ok: false,
      errors: { video: STUDIO_MESSAGES.stillUploading, demo: STUDIO_MESSAGES.stillUploading },
    })
    // A video being uploaded has no media file yet: it is still uploading, not missing.
    const waiting = createVideoRequest(draft(), { ...ready, sourceMediaId: null, videoUploading: true })
    expect(waiting).toEqual({ ok: false, errors: { video: STUDIO_MESSAGES.stillUploading } })
  })
})

describe('fieldErrorsFrom', () => {
  it('puts each issue under the field that shows it, the first one per field', () => {
    expect(
      fieldErrorsFrom([
        { path: ['textOverlays', 2, 'text'], message: 'Too long' },
        { path: 'textOverlays.3.text', message: 'Second' },
        { path: 'layout', message: 'Bad layout' },
        { path: ['fit'], message: 'Bad fit' },
        { path: ['sourceMediaId'], message: 'Not yours' },
        { path: ['unknown'], message: 'Nowhere' },
      ]),
    ).toEqual({ overlays: 'Too long', demo: 'Bad layout', video: 'Bad fit' })
  })
})

describe('createErrorMessage', () => {
  it('says the server’s reason for a refusal, and its own words otherwise', () => {
    expect(createErrorMessage(new ApiRequestError(400, 'BAD_REQUEST', 'Too long for TikTok'))).toBe(
      'Too long for TikTok',
    )
    expect(createErrorMessage(new ApiRequestError(500, 'INTERNAL', 'boom'))).toBe(STUDIO_MESSAGES.createFailed)
    expect(createErrorMessage(new NetworkError())).toBe(MESSAGES.connectionError)
    expect(createErrorMessage(new Error('?'))).toBe(STUDIO_MESSAGES.createFailed)
  })
})
