import { describe, expect, it } from 'vitest'
import { AI_IMAGE_MESSAGES } from '@hookpost/shared/ai-images'
import { MESSAGES } from '@hookpost/shared/messages'
import { ApiRequestError, NetworkError } from '../../../lib/api-client'
import { makeImage } from '../testing/images'
import { transformErrorMessage, transformRequest } from './transform-request'

const IMAGE = makeImage()
const FORM = { source: 'image', image: IMAGE, demoMediaId: null, title: 'Tour', description: 'd' } as const

describe('transformRequest', () => {
  it('sends the chosen image, or the chosen demo video, with the title and description', () => {
    expect(transformRequest(FORM)).toEqual({
      errors: {},
      body: { videoSource: 'image', imageId: 'img-1', title: 'Tour', description: 'd', hookText: '' },
    })
    expect(transformRequest({ ...FORM, source: 'demo', demoMediaId: 'media-9' })).toEqual({
      errors: {},
      body: { videoSource: 'demo', demoMediaId: 'media-9', title: 'Tour', description: 'd', hookText: '' },
    })
  })

  it('sends the hook trimmed, and refuses one longer than an overlay may be', () => {
    expect(transformRequest({ ...FORM, hook: '  POV: the tour  ' }).body).toMatchObject({ hookText: 'POV: the tour' })
    expect(transformRequest({ ...FORM, hook: 'x'.repeat(151) })).toEqual({
      errors: { hook: 'The hook can be at most 150 characters' },
      body: null,
    })
  })

  it('asks for the chosen source and a title, together, and sends nothing', () => {
    expect(transformRequest({ ...FORM, image: null, title: '  ' })).toEqual({
      errors: { source: AI_IMAGE_MESSAGES.imageRequired, title: AI_IMAGE_MESSAGES.titleRequired },
      body: null,
    })
    // The demo is what is missing once the source is the demo, even with an image chosen.
    expect(transformRequest({ ...FORM, source: 'demo' })).toEqual({
      errors: { source: AI_IMAGE_MESSAGES.demoRequired },
      body: null,
    })
  })
})

describe('transformErrorMessage', () => {
  it('says the server’s reason, or what went wrong on the way', () => {
    expect(transformErrorMessage(new ApiRequestError(404, 'NOT_FOUND', 'Media not found'))).toBe(
      `${AI_IMAGE_MESSAGES.transformFailed}: Media not found`,
    )
    expect(transformErrorMessage(new NetworkError())).toBe(
      `${AI_IMAGE_MESSAGES.transformFailed}: ${MESSAGES.connectionError}`,
    )
    expect(transformErrorMessage(new Error('x'))).toBe(`${AI_IMAGE_MESSAGES.transformFailed}: ${MESSAGES.unexpected}`)
  })
})
