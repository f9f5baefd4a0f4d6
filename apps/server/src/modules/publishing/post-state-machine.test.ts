import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared'
import { describeTiktokCode, TiktokError, type TiktokPublishStatus } from '../../integrations/tiktok'
import { AppError } from '../../lib/errors'
import {
  classifyFailure,
  decideFailedAttempt,
  decideOrphan,
  decideStatus,
  decideStatusFailure,
  decideUnfinishedUpload,
  DEFAULT_PUBLISHING_SETTINGS as settings,
  pollDelayMs,
  retryDelayMs,
  surelyNotAccepted,
} from './post-state-machine'

const networkError = (code: string) =>
  new TiktokError({ code: 'network_error', cause: Object.assign(new TypeError('fetch failed'), { cause: { code } }) })

describe('back-off', () => {
  it('retries before init after 2 s × 2^(attempt − 1), capped', () => {
    expect([1, 2, 3, 4, 5].map((a) => retryDelayMs(a, settings))).toEqual([2_000, 4_000, 8_000, 16_000, 32_000])
    expect(retryDelayMs(20, settings)).toBe(settings.retryMaxMs)
  })

  it('polls after 2 s, 4 s, 8 s, 16 s, then every 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((r) => pollDelayMs(r, settings))).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ])
  })
})

describe('was video/init possibly accepted?', () => {
  it('is certainly not when TikTok answered with an error status or the client refused before sending', () => {
    expect(surelyNotAccepted(new TiktokError({ code: 'internal_error', httpStatus: 500 }))).toBe(true)
    expect(surelyNotAccepted(new TiktokError({ code: 'rate_limit_exceeded', httpStatus: 429 }))).toBe(true)
    expect(surelyNotAccepted(new TiktokError({ code: 'spam_risk_too_many_posts', httpStatus: 403 }))).toBe(true)
    expect(surelyNotAccepted(new TiktokError({ code: 'title_too_long' }))).toBe(true)
    expect(surelyNotAccepted(networkError('ECONNREFUSED'))).toBe(true)
  })

  it('may have been when the answer never came or could not be read', () => {
    expect(surelyNotAccepted(new TiktokError({ code: 'timeout' }))).toBe(false)
    expect(surelyNotAccepted(networkError('ECONNRESET'))).toBe(false)
    expect(surelyNotAccepted(new TiktokError({ code: 'invalid_response', httpStatus: 200 }))).toBe(false)
    expect(surelyNotAccepted(new Error('boom'))).toBe(false)
  })
})

describe('classifying what a step threw', () => {
  it('maps the accounts service and the TikTok client onto the state machine', () => {
    expect(classifyFailure(new AppError('CONFLICT', 'Reconnect required: @a'), false)).toEqual({
      kind: 'reconnect',
      message: 'Reconnect required: @a',
    })
    expect(classifyFailure(new AppError('SERVICE_UNAVAILABLE', 'down'), false)).toMatchObject({
      kind: 'transient',
      maybeAccepted: false,
    })
    expect(
      classifyFailure(new TiktokError({ code: 'rate_limit_exceeded', httpStatus: 429, retryAfterMs: 12_000 }), true),
    ).toMatchObject({ kind: 'rate_limited', retryAfterMs: 12_000 })
    expect(classifyFailure(new TiktokError({ code: 'access_token_invalid', httpStatus: 401 }), true)).toMatchObject({
      kind: 'reauth',
    })
    expect(classifyFailure(new TiktokError({ code: 'spam_risk_text', httpStatus: 403 }), true)).toMatchObject({
      kind: 'rejected',
    })
  })

  it('marks init failures without an answer as possibly accepted, and other steps never', () => {
    expect(classifyFailure(new TiktokError({ code: 'timeout' }), true)).toMatchObject({ maybeAccepted: true })
    expect(classifyFailure(new TiktokError({ code: 'timeout' }), false)).toMatchObject({ maybeAccepted: false })
    expect(classifyFailure(new TiktokError({ code: 'internal_error', httpStatus: 503 }), true)).toMatchObject({
      kind: 'transient',
      maybeAccepted: false,
    })
    expect(classifyFailure(new Error('a bug'), true)).toMatchObject({ kind: 'transient', maybeAccepted: true })
  })
})

describe('an attempt that failed before TikTok accepted the init', () => {
  const transient = { kind: 'transient' as const, message: 'TikTok is down', maybeAccepted: false }

  it('retries transient failures with back-off, then gives up with the reason', () => {
    expect(decideFailedAttempt(transient, 1, settings)).toEqual({
      type: 'retry',
      delayMs: 2_000,
      refundAttempt: false,
      message: 'TikTok is down',
    })
    expect(decideFailedAttempt(transient, 4, settings)).toMatchObject({ type: 'retry', delayMs: 16_000 })
    expect(decideFailedAttempt(transient, 5, settings)).toEqual({
      type: 'fail',
      message: 'TikTok is down (gave up after 5 attempts)',
    })
  })

  it('waits out a rate limit without using up an attempt', () => {
    expect(decideFailedAttempt({ kind: 'rate_limited', message: 'slow', retryAfterMs: 42_000 }, 5, settings)).toEqual({
      type: 'retry',
      delayMs: 42_000,
      refundAttempt: true,
      message: 'slow',
    })
  })

  it('fails for good on a rejection or a lost authorisation', () => {
    expect(decideFailedAttempt({ kind: 'rejected', message: 'banned' }, 1, settings)).toEqual({
      type: 'fail',
      message: 'banned',
    })
    expect(decideFailedAttempt({ kind: 'reconnect', message: 'Reconnect required: @a' }, 1, settings)).toEqual({
      type: 'fail',
      message: 'Reconnect required: @a',
    })
  })

  it('never retries when TikTok may have accepted the init', () => {
    expect(decideFailedAttempt({ ...transient, maybeAccepted: true }, 1, settings)).toEqual({
      type: 'unconfirmed',
      message: MESSAGES.initUnconfirmed,
    })
  })
})

describe("TikTok's status of an accepted publish", () => {
  const now = new Date('2026-12-01T12:00:00Z')
  const context = { now, deadlineAt: new Date(now.getTime() + 60_000), round: 2 }

  it('completes with the exact post id, or without one before moderation', () => {
    expect(
      decideStatus({ status: 'PUBLISH_COMPLETE', publicPostIds: ['7678907398077074696'] }, context, settings),
    ).toEqual({ type: 'uploaded', tiktokPostId: '7678907398077074696' })
    expect(decideStatus({ status: 'PUBLISH_COMPLETE', publicPostIds: [] }, context, settings)).toEqual({
      type: 'uploaded',
      tiktokPostId: null,
    })
  })

  it("fails with TikTok's reason in plain words", () => {
    expect(
      decideStatus({ status: 'FAILED', failReason: 'frame_rate_check_failed', publicPostIds: [] }, context, settings),
    ).toEqual({
      type: 'failed',
      message: "TikTok does not accept the video's frame rate (23 to 60 frames per second).",
    })
  })

  it('keeps polling with back-off while processing, lands the last check on the deadline, then is unconfirmed', () => {
    expect(decideStatus({ status: 'PROCESSING_UPLOAD', publicPostIds: [] }, context, settings)).toEqual({
      type: 'poll',
      delayMs: 8_000,
    })
    const nearDeadline = { ...context, deadlineAt: new Date(now.getTime() + 3_000) }
    expect(decideStatus({ status: 'PROCESSING_UPLOAD', publicPostIds: [] }, nearDeadline, settings)).toEqual({
      type: 'poll',
      delayMs: 3_000,
    })
    const past = { ...context, deadlineAt: now }
    expect(decideStatus({ status: 'PROCESSING_UPLOAD', publicPostIds: [] }, past, settings)).toEqual({
      type: 'unconfirmed',
      message: MESSAGES.unconfirmed,
    })
  })

  it('treats a check that could not be made as "not yet", and a lost authorisation as unconfirmed', () => {
    expect(
      decideStatusFailure({ kind: 'transient', message: 'x', maybeAccepted: false }, context, settings),
    ).toMatchObject({ type: 'poll' })
    expect(
      decideStatusFailure({ kind: 'rate_limited', message: 'x', retryAfterMs: 20_000 }, context, settings),
    ).toEqual({ type: 'poll', delayMs: 20_000 })
    expect(decideStatusFailure({ kind: 'reconnect', message: 'Reconnect required: @a' }, context, settings)).toEqual({
      type: 'unconfirmed',
      message: `${MESSAGES.unconfirmed} Reconnect required: @a`,
    })
  })
})

describe('a post whose worker died', () => {
  it('mid-upload (publishing with a publish_id): its upload is resumed, never polled for half an hour', () => {
    expect(decideOrphan({ state: 'publishing', publishId: 'v_pub_file~1', uploadedBytes: 0 })).toEqual({
      type: 'resume_upload',
    })
    expect(decideOrphan({ state: 'publishing', publishId: 'v_pub_file~1', uploadedBytes: 20_000_000 })).toEqual({
      type: 'resume_upload',
    })
  })

  it('is polled once the upload was over', () => {
    expect(decideOrphan({ state: 'processing_on_tiktok', publishId: 'v_pub_file~1', uploadedBytes: 9 })).toEqual({
      type: 'poll',
    })
  })

  it('goes out again only when video/init was certainly never sent', () => {
    expect(decideOrphan({ state: 'publishing', publishId: null, uploadedBytes: null })).toEqual({ type: 'release' })
    expect(decideOrphan({ state: 'publishing', publishId: null, uploadedBytes: 0 })).toEqual({
      type: 'unconfirm',
      message: MESSAGES.initUnconfirmed,
    })
  })
})

describe('an upload that cannot go on (its link expired, TikTok dropped it)', () => {
  const size = 70_000_000
  const status = (value: TiktokPublishStatus['status'], extra: Partial<TiktokPublishStatus> = {}) => ({
    ok: true as const,
    status: { status: value, publicPostIds: [], ...extra },
  })
  const why = MESSAGES.uploadInterrupted

  it('fails (Retry is safe) when TikTok counts fewer bytes than the video has, under either reading of the count', () => {
    expect(decideUnfinishedUpload(status('PROCESSING_UPLOAD', { uploadedBytes: 0 }), size, why)).toEqual({
      type: 'failed',
      message: why,
    })
    expect(decideUnfinishedUpload(status('PROCESSING_UPLOAD', { uploadedBytes: size - 2 }), size, why)).toEqual({
      type: 'failed',
      message: why,
    })
  })

  it('is polled when TikTok may have every byte (the answer to the last chunk was lost): it will publish it', () => {
    for (const bytes of [size - 1, size]) {
      expect(decideUnfinishedUpload(status('PROCESSING_UPLOAD', { uploadedBytes: bytes }), size, why)).toEqual({
        type: 'poll',
      })
    }
    expect(decideUnfinishedUpload(status('PUBLISH_COMPLETE'), size, why)).toEqual({ type: 'poll' })
  })

  it("fails with TikTok's reason when TikTok says FAILED", () => {
    expect(decideUnfinishedUpload(status('FAILED', { failReason: 'picture_size_check_failed' }), size, why)).toEqual({
      type: 'failed',
      message: describeTiktokCode('picture_size_check_failed').message,
    })
  })

  it('is unconfirmed (deletable, never retried by itself) when nobody can tell', () => {
    const unknown = { type: 'unconfirmed', message: MESSAGES.uploadUnconfirmed }
    expect(decideUnfinishedUpload(status('PROCESSING_UPLOAD'), size, why)).toEqual(unknown)
    expect(decideUnfinishedUpload(status('PROCESSING_UPLOAD', { uploadedBytes: 5 }), undefined, why)).toEqual(unknown)
    const down = { ok: false as const, failure: { kind: 'transient' as const, message: 'x', maybeAccepted: false } }
    expect(decideUnfinishedUpload(down, size, why)).toEqual(unknown)
  })
})
