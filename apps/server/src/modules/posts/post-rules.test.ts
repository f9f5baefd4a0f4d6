import { describe, expect, it } from 'vitest'
import { MESSAGES, type CreatorInfo } from '@hookpost/shared'
import {
  checkAgainstCreator,
  checkPostChoices,
  checkScheduledInstant,
  postSettings,
  resolveScheduleTime,
  type PostChoices,
} from './post-rules'

const choices: PostChoices = {
  title: 'Morning routine',
  description: '#fyp',
  privacyLevel: 'PUBLIC_TO_EVERYONE',
  allowComment: true,
  allowDuet: true,
  allowStitch: true,
  commercial: { enabled: false, yourBrand: false, brandedContent: false },
}
const creator: CreatorInfo = {
  nickname: 'Maya',
  username: 'maya',
  avatarUrl: null,
  privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
  commentDisabled: false,
  duetDisabled: false,
  stitchDisabled: false,
  maxVideoPostDurationSec: 60,
  cannotPostReason: null,
}

describe('the schedule time', () => {
  const now = new Date('2026-03-07T12:00:00Z')

  it('is the wall time in the chosen zone as an instant', () => {
    expect(resolveScheduleTime({ date: '2026-03-09', time: '09:30', timeZone: 'America/New_York' }, now)).toEqual({
      ok: true,
      scheduledAt: new Date('2026-03-09T13:30:00Z'),
    })
  })

  it('refuses 02:30 on the spring-forward day (it never happens)', () => {
    expect(resolveScheduleTime({ date: '2026-03-08', time: '02:30', timeZone: 'America/New_York' }, now)).toEqual({
      ok: false,
      issue: { path: 'time', message: MESSAGES.timeDoesNotExist },
    })
  })

  it('takes the first 01:30 on the autumn day, unambiguously', () => {
    const autumn = new Date('2026-10-30T12:00:00Z')
    expect(resolveScheduleTime({ date: '2026-11-01', time: '01:30', timeZone: 'America/New_York' }, autumn)).toEqual({
      ok: true,
      scheduledAt: new Date('2026-11-01T05:30:00Z'),
    })
  })

  it('refuses a date before today in that zone, and a time already past', () => {
    // 12:00 UTC is already 7 March in Auckland's evening and still 7 March in Honolulu's night.
    expect(resolveScheduleTime({ date: '2026-03-07', time: '23:59', timeZone: 'Pacific/Auckland' }, now)).toEqual({
      ok: false,
      issue: { path: 'date', message: MESSAGES.dateInPast },
    })
    expect(resolveScheduleTime({ date: '2026-03-07', time: '01:59', timeZone: 'Pacific/Honolulu' }, now)).toEqual({
      ok: false,
      issue: { path: 'time', message: MESSAGES.dateInPast },
    })
    expect(resolveScheduleTime({ date: '2026-03-07', time: '02:01', timeZone: 'Pacific/Honolulu' }, now)).toMatchObject(
      { ok: true },
    )
  })
})

describe('the scheduling horizon (one year)', () => {
  const now = new Date('2026-03-07T12:00:00Z')

  it('takes the last day of the year ahead, in the chosen zone, up to its last minute; not the day after', () => {
    // 7 March 2026 + 365 days = 7 March 2027 (no 29 February in between).
    expect(resolveScheduleTime({ date: '2027-03-07', time: '23:59', timeZone: 'UTC' }, now)).toMatchObject({ ok: true })
    expect(resolveScheduleTime({ date: '2027-03-08', time: '00:00', timeZone: 'UTC' }, now)).toEqual({
      ok: false,
      issue: { path: 'date', message: MESSAGES.scheduleTooFar },
    })
    // Already 8 March in Auckland: its last day is 8 March 2027.
    expect(resolveScheduleTime({ date: '2027-03-08', time: '09:00', timeZone: 'Pacific/Auckland' }, now)).toMatchObject(
      { ok: true },
    )
    expect(resolveScheduleTime({ date: '2027-03-09', time: '09:00', timeZone: 'Pacific/Auckland' }, now)).toMatchObject(
      { ok: false, issue: { message: MESSAGES.scheduleTooFar } },
    )
  })

  it('holds for exact instants too (automation), by the calendar of their zone', () => {
    expect(checkScheduledInstant(new Date('2027-03-07T23:59:00Z'), 'UTC', now)).toBeUndefined()
    expect(checkScheduledInstant(new Date('2027-03-08T00:00:00Z'), 'UTC', now)).toEqual({
      path: 'date',
      message: MESSAGES.scheduleTooFar,
    })
    // The same instant is still 7 March in New York.
    expect(checkScheduledInstant(new Date('2027-03-08T00:00:00Z'), 'America/New_York', now)).toBeUndefined()
    expect(checkScheduledInstant(now, 'UTC', now)).toEqual({ path: 'time', message: MESSAGES.dateInPast })
  })
})

describe("TikTok's posting rules", () => {
  it('needs a choice when commercial content is disclosed, and branded content cannot be private', () => {
    expect(
      checkPostChoices({ ...choices, commercial: { enabled: true, yourBrand: false, brandedContent: false } }),
    ).toEqual({ path: 'commercial', message: MESSAGES.commercialNeedsChoice })
    expect(
      checkPostChoices({
        ...choices,
        privacyLevel: 'SELF_ONLY',
        commercial: { enabled: true, yourBrand: false, brandedContent: true },
      }),
    ).toEqual({ path: 'privacyLevel', message: MESSAGES.brandedNotPrivate })
    expect(
      checkPostChoices({
        ...choices,
        privacyLevel: 'SELF_ONLY',
        commercial: { enabled: true, yourBrand: true, brandedContent: false },
      }),
    ).toBeUndefined()
  })

  it('keeps the caption (title + blank line + description) within 2,200 characters', () => {
    expect(checkPostChoices({ ...choices, title: 'T'.repeat(100), description: 'd'.repeat(2098) })).toBeUndefined()
    expect(checkPostChoices({ ...choices, title: 'T'.repeat(100), description: 'd'.repeat(2099) })).toEqual({
      path: 'description',
      message: MESSAGES.captionTooLong,
    })
  })

  it("follows the creator's privacy options, disabled interactions and longest video", () => {
    expect(checkAgainstCreator(choices, 60_000, creator)).toBeUndefined()
    expect(checkAgainstCreator({ ...choices, privacyLevel: 'FOLLOWER_OF_CREATOR' }, 1_000, creator)).toEqual({
      path: 'privacyLevel',
      message: MESSAGES.privacyNotAllowed,
    })
    expect(checkAgainstCreator(choices, 1_000, { ...creator, commentDisabled: true })).toMatchObject({
      path: 'allowComment',
    })
    expect(
      checkAgainstCreator({ ...choices, allowComment: false }, 1_000, { ...creator, commentDisabled: true }),
    ).toBeUndefined()
    expect(checkAgainstCreator(choices, 1_000, { ...creator, stitchDisabled: true })).toMatchObject({
      path: 'allowStitch',
    })
    expect(checkAgainstCreator(choices, 60_001, creator)).toEqual({
      path: 'mediaId',
      message: `${MESSAGES.videoTooLongForAccount} (60 seconds at most)`,
    })
    expect(checkAgainstCreator(choices, 1_000, { ...creator, cannotPostReason: 'Daily limit' })).toEqual({
      path: 'accountId',
      message: 'Daily limit',
    })
  })

  it("stores TikTok's toggles: disable_* is the opposite of allow*, brand toggles only when disclosed", () => {
    expect(
      postSettings({
        ...choices,
        allowDuet: false,
        commercial: { enabled: false, yourBrand: true, brandedContent: true },
      }),
    ).toEqual({
      disableComment: false,
      disableDuet: true,
      disableStitch: false,
      brandContentToggle: false,
      brandOrganicToggle: false,
    })
    expect(
      postSettings({ ...choices, commercial: { enabled: true, yourBrand: true, brandedContent: true } }),
    ).toMatchObject({ brandContentToggle: true, brandOrganicToggle: true })
  })
})
