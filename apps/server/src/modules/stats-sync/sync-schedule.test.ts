import { describe, expect, it } from 'vitest'
import { DAY_MS, HOUR_MS, nextAccountSyncAt, nextPostSyncAt, postSyncInterval } from './sync-schedule'

const published = new Date('2026-11-01T12:00:00Z')
const at = (ageMs: number) => new Date(published.getTime() + ageMs)

describe('postSyncInterval', () => {
  it('is hourly for the first 2 days, daily to 30 days and weekly after', () => {
    expect(postSyncInterval(0)).toBe(HOUR_MS)
    expect(postSyncInterval(2 * DAY_MS - 1)).toBe(HOUR_MS)
    expect(postSyncInterval(2 * DAY_MS)).toBe(DAY_MS)
    expect(postSyncInterval(30 * DAY_MS - 1)).toBe(DAY_MS)
    expect(postSyncInterval(30 * DAY_MS)).toBe(7 * DAY_MS)
    expect(postSyncInterval(400 * DAY_MS)).toBe(7 * DAY_MS)
  })

  it('treats a reading before the publish time (clock skew) as age 0', () => {
    expect(postSyncInterval(-5 * HOUR_MS)).toBe(HOUR_MS)
  })
})

describe('nextPostSyncAt', () => {
  it('counts from the reading, by the age at the reading', () => {
    expect(nextPostSyncAt(published, at(10 * 60_000))).toEqual(at(10 * 60_000 + HOUR_MS))
    expect(nextPostSyncAt(published, at(3 * DAY_MS))).toEqual(at(4 * DAY_MS))
    expect(nextPostSyncAt(published, at(45 * DAY_MS))).toEqual(at(52 * DAY_MS))
  })

  it('a post read hourly reaches the daily band after 48 readings', () => {
    let t = published
    let readings = 0
    while (postSyncInterval(t.getTime() - published.getTime()) === HOUR_MS) {
      t = nextPostSyncAt(published, t)
      readings++
    }
    expect(readings).toBe(48)
  })
})

describe('nextAccountSyncAt', () => {
  it('is an hour after the reading', () => {
    expect(nextAccountSyncAt(published)).toEqual(new Date(published.getTime() + HOUR_MS))
  })
})
