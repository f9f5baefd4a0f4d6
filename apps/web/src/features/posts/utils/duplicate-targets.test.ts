import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import type { CreatorInfo } from '@hookpost/shared/posts'
import { copiedSettings, duplicateBody, targetErrorsFrom, targetProblems } from './duplicate-targets'

const post = {
  accountId: 'a1',
  format: 'video' as const,
  postMode: 'direct' as const,
  privacyLevel: 'PUBLIC_TO_EVERYONE' as const,
  allowComment: true,
  allowDuet: false,
  allowStitch: true,
  commercial: { enabled: true, yourBrand: false, brandedContent: true },
  media: { durationMs: 90_000 },
}
const creator: CreatorInfo = {
  nickname: 'Ben',
  username: 'ben',
  avatarUrl: null,
  privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
  commentDisabled: true,
  duetDisabled: false,
  stitchDisabled: false,
  maxVideoPostDurationSec: 60,
  cannotPostReason: null,
}
const time = { date: '2030-01-02', time: '10:00', timeZone: 'UTC' }

describe('duplicate targets', () => {
  it('names everything a creator cannot take at once: the length, a privacy level it does not offer', () => {
    expect(targetProblems(post, copiedSettings(post), creator)).toEqual({
      account: `${MESSAGES.videoTooLongForAccount} (60 seconds at most)`,
      privacyLevel: 'Ben does not offer “Everyone”. Choose who can view this copy.',
    })
    // Branded content cannot be private, on any account (TikTok rule 3).
    expect(targetProblems(post, { ...copiedSettings(post), privacyLevel: 'SELF_ONLY' }, creator).privacyLevel).toBe(
      MESSAGES.brandedNotPrivate,
    )
    // A draft takes no settings: only the length counts; a creator who cannot post says why, alone.
    expect(targetProblems({ ...post, postMode: 'inbox' }, copiedSettings(post), creator)).toEqual({
      account: `${MESSAGES.videoTooLongForAccount} (60 seconds at most)`,
    })
    expect(targetProblems(post, copiedSettings(post), { ...creator, cannotPostReason: 'Banned.' })).toEqual({
      account: 'Banned.',
    })
  })

  it('sends a plain duplicate as before, and for other accounts only what differs from the original', () => {
    expect(duplicateBody(time, post, [{ accountId: 'a1', settings: copiedSettings(post) }])).toEqual(time)
    expect(
      duplicateBody(time, post, [
        { accountId: 'a1', settings: copiedSettings(post) },
        { accountId: 'a2', settings: { ...copiedSettings(post), privacyLevel: 'SELF_ONLY', allowComment: false } },
      ]),
    ).toEqual({
      ...time,
      accounts: [{ accountId: 'a1' }, { accountId: 'a2', privacyLevel: 'SELF_ONLY', allowComment: false }],
    })
  })

  it('reads the server’s refusals back to the accounts they were sent for', () => {
    const details = [
      { path: 'accounts.1.privacyLevel', message: MESSAGES.privacyNotAllowed },
      { path: 'accounts.1.allowComment', message: MESSAGES.commentsDisabled },
      { path: 'accounts.0.mediaId', message: 'Too long' },
      { path: 'date', message: MESSAGES.dateInPast },
    ]
    expect(targetErrorsFrom(details, ['a1', 'a2'])).toEqual({
      a1: { account: 'Too long' },
      a2: { privacyLevel: MESSAGES.privacyNotAllowed, allowComment: MESSAGES.commentsDisabled },
    })
  })
})
