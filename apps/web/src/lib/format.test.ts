import { describe, expect, it } from 'vitest'
import { formatDuration, relativeTime } from './format'

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [3_000, '0:03'],
    [59_600, '1:00'],
    [185_000, '3:05'],
    [3_725_000, '1:02:05'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })
})

describe('relativeTime', () => {
  const now = new Date('2026-12-02T12:00:00.000Z')
  it('reads how long ago, in the largest whole unit', () => {
    expect(relativeTime('2026-12-02T11:59:40.000Z', now)).toBe('just now')
    expect(relativeTime('2026-12-02T11:59:00.000Z', now)).toBe('1 minute ago')
    expect(relativeTime('2026-12-02T11:55:00.000Z', now)).toBe('5 minutes ago')
    expect(relativeTime('2026-12-02T09:00:00.000Z', now)).toBe('3 hours ago')
    expect(relativeTime('2026-12-01T10:00:00.000Z', now)).toBe('yesterday')
    expect(relativeTime('2026-11-28T12:00:00.000Z', now)).toBe('4 days ago')
  })
  it('an instant a little ahead of this clock reads as just now', () => {
    expect(relativeTime('2026-12-02T12:00:05.000Z', now)).toBe('just now')
  })
})
