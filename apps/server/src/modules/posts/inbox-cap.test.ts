import { describe, expect, it } from 'vitest'
import { busiestWindowAround, earliestFitAfter, inboxCapIssue, inboxDraftFits } from './inbox-cap'

const H = 3_600_000
const at = (hours: number) => new Date(Date.UTC(2026, 11, 1, 0, 0) + hours * H)

describe('the pending-drafts cap (5 per rolling 24 hours)', () => {
  it('lets a 5th draft in and refuses a 6th within one 24-hour window', () => {
    const four = [at(0), at(1), at(2), at(3)]
    expect(inboxDraftFits(four, at(4))).toBe(true)
    const five = [...four, at(4)]
    expect(busiestWindowAround(five, at(5))).toBe(5)
    expect(inboxDraftFits(five, at(5))).toBe(false)
    // Before them, inside the window that starts at the new draft, too.
    expect(inboxDraftFits(five, at(-10))).toBe(false)
  })

  it('counts only windows that contain the new draft', () => {
    const five = [at(0), at(1), at(2), at(3), at(4)]
    expect(inboxDraftFits(five, at(24))).toBe(true)
    expect(inboxDraftFits(five, at(-24))).toBe(true)
    // Drafts spread over 40 hours never put 5 in one 24-hour window with the new one.
    const spread = [at(0), at(10), at(20), at(30), at(40)]
    expect(inboxDraftFits(spread, at(25))).toBe(true)
  })

  it('says how much later the next draft fits, or to post directly', () => {
    const five = [at(0), at(1), at(2), at(3), at(4)]
    expect(earliestFitAfter(five, at(5))?.toISOString()).toBe(at(24).toISOString())
    const issue = inboxCapIssue(five, at(5))
    expect(issue?.path).toBe('postMode')
    expect(issue?.message).toBe(
      "TikTok keeps at most 5 drafts waiting in a creator's inbox per 24 hours; this account already has 5 around " +
        'that time. Choose a time at least 19 hours later, or post directly.',
    )
    expect(inboxCapIssue(five, at(30))).toBeUndefined()
  })
})
