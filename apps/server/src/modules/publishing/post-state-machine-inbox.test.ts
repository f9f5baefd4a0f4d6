import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared'
import { TiktokError } from '../../integrations/tiktok'
import {
  classifyFailure,
  decideOrphan,
  decideStatus,
  decideStatusFailure,
  DEFAULT_PUBLISHING_SETTINGS as settings,
} from './post-state-machine'

/** Drafts to the TikTok inbox (issue 29): SEND_TO_USER_INBOX → sent_to_inbox, then slow polls until the creator acts. */
describe('a draft in the creator’s TikTok inbox', () => {
  const now = new Date('2026-12-01T12:00:00Z')
  const following = { now, deadlineAt: new Date(now.getTime() + 60_000), round: 3 }
  const inInbox = { now, deadlineAt: new Date(now.getTime() + 47 * 3_600_000), round: 3, inInbox: true }

  it('moves to sent_to_inbox at the first SEND_TO_USER_INBOX, then polls at the inbox pace', () => {
    expect(decideStatus({ status: 'SEND_TO_USER_INBOX', publicPostIds: [] }, following, settings)).toEqual({
      type: 'inbox',
    })
    expect(decideStatus({ status: 'SEND_TO_USER_INBOX', publicPostIds: [] }, inInbox, settings)).toEqual({
      type: 'poll',
      delayMs: settings.inboxPollMs,
    })
  })

  it('is uploaded when the creator posts it, with the public id when TikTok gives one', () => {
    expect(
      decideStatus({ status: 'PUBLISH_COMPLETE', publicPostIds: ['7600000000000000001'] }, inInbox, settings),
    ).toEqual({ type: 'uploaded', tiktokPostId: '7600000000000000001' })
  })

  it('fails with a message about the draft when TikTok says FAILED (discarded or expired)', () => {
    expect(
      decideStatus({ status: 'FAILED', failReason: 'publish_cancelled', publicPostIds: [] }, inInbox, settings),
    ).toEqual({ type: 'failed', message: expect.stringContaining(MESSAGES.inboxDraftFailed) as string })
    expect(decideStatus({ status: 'FAILED', publicPostIds: [] }, inInbox, settings)).toEqual({
      type: 'failed',
      message: MESSAGES.inboxDraftFailed,
    })
  })

  it('ends unconfirmed with the inbox message at its deadline', () => {
    const late = { ...inInbox, deadlineAt: new Date(now.getTime() - 1) }
    expect(decideStatus({ status: 'SEND_TO_USER_INBOX', publicPostIds: [] }, late, settings)).toEqual({
      type: 'unconfirmed',
      message: MESSAGES.inboxUnconfirmed,
    })
    const down = classifyFailure(new TiktokError({ code: 'internal_error', httpStatus: 500 }), false)
    expect(decideStatusFailure(down, late, settings)).toEqual({
      type: 'unconfirmed',
      message: MESSAGES.inboxUnconfirmed,
    })
    expect(decideStatusFailure(down, inInbox, settings)).toEqual({ type: 'poll', delayMs: settings.inboxPollMs })
  })

  it('is polled again by the sweep when its worker is gone, never sent again', () => {
    expect(decideOrphan({ state: 'sent_to_inbox', publishId: 'v_inbox~1', uploadedBytes: 10 })).toEqual({
      type: 'poll',
    })
  })

  it('treats the photo client’s own checks as never sent', () => {
    expect(classifyFailure(new TiktokError({ code: 'photo_count_invalid' }), true)).toEqual({
      kind: 'rejected',
      message: expect.any(String) as string,
    })
  })
})
