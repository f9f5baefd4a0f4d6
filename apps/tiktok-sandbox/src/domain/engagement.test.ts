import { describe, expect, it } from 'vitest'
import { creatorCounts, videoCounts } from './engagement'

describe('engagement counts', () => {
  it('are a pure function of the id and the elapsed time', () => {
    expect(videoCounts('7000000000000000001', 3_600_000)).toEqual(videoCounts('7000000000000000001', 3_600_000))
    expect(videoCounts('7000000000000000001', 3_600_000)).not.toEqual(videoCounts('7000000000000000002', 3_600_000))
    expect(videoCounts('7000000000000000001', 0)).toEqual({
      view_count: 0,
      like_count: 0,
      comment_count: 0,
      share_count: 0,
    })
  })

  it('never decrease and keep growing', () => {
    let previous = videoCounts('7123456789012345678', 0)
    for (let minutes = 1; minutes <= 60 * 24 * 30; minutes *= 2) {
      const next = videoCounts('7123456789012345678', minutes * 60_000)
      for (const key of Object.keys(next) as Array<keyof typeof next>)
        expect(next[key]).toBeGreaterThanOrEqual(previous[key])
      previous = next
    }
    expect(previous.view_count).toBeGreaterThan(videoCounts('7123456789012345678', 60 * 60_000).view_count)
    expect(previous.like_count).toBeLessThan(previous.view_count)
  })

  it('creator counts grow with account age', () => {
    expect(creatorCounts('a', 86_400_000 * 10).follower_count).toBeGreaterThan(creatorCounts('a', 0).follower_count)
  })
})
