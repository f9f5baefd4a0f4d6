import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared'
import type { SlotView } from './automation.repository'
import { weekdayOf } from '@hookpost/shared'
import { toSlotDto } from './run-history'

const base: SlotView = {
  id: 's1',
  userId: 'u1',
  runId: 'r1',
  accountId: 'a1',
  day: '2026-11-23',
  scheduledAt: new Date('2026-11-23T10:30:00Z'),
  timeZone: 'UTC',
  sourceItemId: 'stock:feature-tour',
  sourceTitle: 'Feature tour',
  concept: 'question',
  tone: 'casual',
  hookText: 'Ever wondered?',
  hookReason: 'Random concept question',
  timeReason: 'Random time in your window',
  title: 'A question',
  description: 'Film it.',
  privacyLevel: 'SELF_ONLY',
  allowComment: true,
  allowDuet: false,
  allowStitch: false,
  state: 'scheduled',
  errorMessage: null,
  videoId: 'v1',
  claimedAt: null,
  regeneratedFrom: null,
  createdAt: new Date('2026-11-22T08:00:00Z'),
  updatedAt: new Date('2026-11-22T08:00:00Z'),
  video: { state: 'processed', outputMediaId: 'm1', errorMessage: null },
  format: 'video',
  postMode: 'direct',
  slides: [],
  imageIds: [],
  slideshowId: null,
  slideshow: null,
  needsApproval: false,
  runNow: false,
  post: {
    id: 'p1',
    state: 'scheduled',
    errorMessage: null,
    rejectedAt: null,
    editedAt: null,
    mediaId: 'm1',
    photoSetId: null,
    title: 'A question',
    description: 'Ever wondered? #question #tips',
    scheduledAt: new Date('2026-11-23T10:30:00Z'),
    timeZone: 'UTC',
  },
}
const withPost = (post: Partial<NonNullable<SlotView['post']>>): SlotView => ({
  ...base,
  post: { ...base.post!, ...post },
})

describe('automation helpers', () => {
  it('knows the weekday of a date', () => {
    expect(weekdayOf('2026-11-23')).toBe('monday')
    expect(weekdayOf('2026-11-29')).toBe('sunday')
    expect(weekdayOf('2028-02-29')).toBe('tuesday')
  })

  it('shows a scheduled slot by what its post says: waiting, posted, failed with why, or deleted', () => {
    expect(toSlotDto(base)).toMatchObject({ state: 'scheduled', postId: 'p1', errorMessage: null })
    expect(toSlotDto(withPost({ state: 'publishing' })).state).toBe('scheduled')
    expect(toSlotDto(withPost({ state: 'uploaded' })).state).toBe('posted')
    expect(toSlotDto(withPost({ state: 'failed', errorMessage: 'Token revoked' }))).toMatchObject({
      state: 'failed',
      errorMessage: 'Token revoked',
    })
    expect(toSlotDto({ ...base, post: null })).toMatchObject({
      state: 'cancelled',
      errorMessage: 'The post was deleted',
      postId: null,
    })
    // Before it is scheduled, the slot's own state and reason stand.
    expect(toSlotDto({ ...base, state: 'failed', errorMessage: 'No hook', post: null })).toMatchObject({
      state: 'failed',
      errorMessage: 'No hook',
    })
    expect(toSlotDto(base).scheduledAt).toBe('2026-11-23T10:30:00.000Z')
  })

  it('shows a slideshow sent to the TikTok inbox as such, with its format and mode', () => {
    const inbox = { ...withPost({ state: 'sent_to_inbox' }), format: 'slideshow' as const, postMode: 'inbox' as const }
    expect(toSlotDto({ ...inbox, slideshowId: 'ss1' })).toMatchObject({
      state: 'inbox',
      format: 'slideshow',
      sendAsDraft: true,
      slideshowId: 'ss1',
    })
    expect(toSlotDto(base)).toMatchObject({ format: 'video', sendAsDraft: false, slideshowId: null })
  })

  it('shows a draft awaiting approval, a skipped one with why, and what the person edited on the post', () => {
    expect(toSlotDto(withPost({ state: 'draft' }))).toMatchObject({ state: 'draft', errorMessage: null })
    expect(toSlotDto(withPost({ state: 'skipped', errorMessage: MESSAGES.draftNotApproved }))).toMatchObject({
      state: 'skipped',
      errorMessage: MESSAGES.draftNotApproved,
    })
    // A draft the person rejected is skipped too, but the History says so (ADR 048).
    const rejected = withPost({ state: 'skipped', errorMessage: MESSAGES.rejectedReason, rejectedAt: new Date() })
    expect(toSlotDto(rejected)).toMatchObject({ state: 'rejected', errorMessage: MESSAGES.rejectedReason })
    const edited = toSlotDto(
      withPost({
        title: 'My own title',
        description: 'My own words',
        scheduledAt: new Date('2026-11-23T11:00:00Z'),
        timeZone: 'Europe/Berlin',
      }),
    )
    expect(edited).toMatchObject({
      title: 'My own title',
      description: 'My own words',
      scheduledAt: '2026-11-23T11:00:00.000Z',
      timeZone: 'Europe/Berlin',
    })
  })

  it('marks a waiting post the person approved or edited, and a slot being regenerated (ADR 050)', () => {
    const reviewed = { ...base, needsApproval: true }
    expect(toSlotDto({ ...reviewed, post: { ...base.post!, state: 'draft' } })).toMatchObject({
      approved: false,
      edited: false,
    })
    expect(toSlotDto(reviewed)).toMatchObject({ approved: true, edited: false })
    // Scheduled without review: nobody approved it.
    expect(toSlotDto(base)).toMatchObject({ approved: false, edited: false })
    expect(toSlotDto(withPost({ state: 'draft', editedAt: new Date() }))).toMatchObject({ edited: true })
    // Gone out: nothing for a replan to keep.
    expect(toSlotDto({ ...reviewed, post: { ...base.post!, state: 'uploaded', editedAt: new Date() } })).toMatchObject({
      approved: false,
      edited: false,
    })
    const previous = { hookText: 'Old', title: 'Old', description: '', slides: [], videoId: 'v0', slideshowId: null }
    expect(toSlotDto({ ...reviewed, state: 'rendering', regeneratedFrom: previous })).toMatchObject({
      state: 'rendering',
      regenerating: true,
      postId: 'p1',
    })
    expect(toSlotDto(base).regenerating).toBe(false)
  })
})
