import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared'
import { RenderError } from '../../integrations/ffmpeg/render/types'
import {
  DEFAULT_RENDER_SETTINGS,
  decideOrphan,
  decideRenderFailure,
  downloadFileName,
  layoutFor,
  retryDelayMs,
} from './render-rules'

const settings = DEFAULT_RENDER_SETTINGS

describe('the spec’s retry rule (3 attempts, 2 s × 2^attempt, 180 s each)', () => {
  it('uses the spec’s numbers by default', () => {
    expect(settings.maxAttempts).toBe(3)
    expect(settings.timeoutMs).toBe(180_000)
    expect(settings.retryBaseMs).toBe(2_000)
  })

  it('waits 2 s after the first failure, then 4 s', () => {
    expect(retryDelayMs(1, settings)).toBe(2_000)
    expect(retryDelayMs(2, settings)).toBe(4_000)
    expect(retryDelayMs(3, settings)).toBe(8_000)
  })

  it('retries a retryable render error until the last attempt, keeping its message', () => {
    const error = new RenderError('The video could not be rendered: ffmpeg was killed', 'signal SIGKILL', true)
    expect(decideRenderFailure(error, 1, settings)).toEqual({ type: 'retry', delayMs: 2_000, message: error.message })
    expect(decideRenderFailure(error, 2, settings)).toEqual({ type: 'retry', delayMs: 4_000, message: error.message })
    expect(decideRenderFailure(error, 3, settings)).toEqual({ type: 'fail', message: error.message })
  })

  it('never retries what running again cannot fix (a corrupt source)', () => {
    const error = new RenderError('The video could not be rendered: the source video is damaged', 'moov atom', false)
    expect(decideRenderFailure(error, 1, settings)).toEqual({ type: 'fail', message: error.message })
  })

  it('retries unexpected errors with the spec’s message, never their text', () => {
    const error = new Error('ENOSPC: no space left on device, write')
    expect(decideRenderFailure(error, 1, settings)).toEqual({
      type: 'retry',
      delayMs: 2_000,
      message: MESSAGES.renderFailed,
    })
    expect(decideRenderFailure('boom', 3, settings)).toEqual({ type: 'fail', message: MESSAGES.renderFailed })
  })

  it('counts a dead worker’s render as an attempt, so a video that kills workers ends failed', () => {
    expect(decideOrphan(1, settings)).toEqual({ type: 'requeue' })
    expect(decideOrphan(2, settings)).toEqual({ type: 'requeue' })
    expect(decideOrphan(3, settings)).toEqual({ type: 'fail', message: MESSAGES.renderInterrupted })
  })
})

describe('layout and file names', () => {
  it('is single without a demo, whatever was asked', () => {
    expect(layoutFor({ demoMediaId: null, layout: 'split' })).toBe('single')
    expect(layoutFor({ demoMediaId: 'd', layout: 'sequence' })).toBe('sequence')
    expect(layoutFor({ demoMediaId: 'd', layout: 'split' })).toBe('split')
  })

  it('names a download after the title, safe for a file system and a header', () => {
    expect(downloadFileName('Launch day')).toBe('Launch day.mp4')
    expect(downloadFileName('A/B test: take 2?')).toBe('A-B test- take 2-.mp4')
    expect(downloadFileName('Morning 🌅 routine')).toBe('Morning 🌅 routine.mp4')
    expect(downloadFileName('line\nbreak\ttab')).toBe('linebreaktab.mp4')
    expect(downloadFileName('../../etc/passwd')).toBe('-..-etc-passwd.mp4')
    expect(downloadFileName('...')).toBe('video.mp4')
    expect(downloadFileName('   ')).toBe('video.mp4')
    expect(Array.from(downloadFileName('x'.repeat(500))).length).toBe(204)
  })
})
