import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatDateTimeInZone } from './date-format'

describe('the one date format (ADR 049)', () => {
  const at = '2026-12-03T18:30:00.000Z'

  it('writes a moment in the zone it is read in, and says the zone', () => {
    expect(formatDateTimeInZone(at, 'UTC')).toBe('Thu, Dec 3, 2026, 6:30 PM (UTC)')
    expect(formatDateTimeInZone(at, 'America/Los_Angeles')).toBe('Thu, Dec 3, 2026, 10:30 AM (America/Los_Angeles)')
    // The day itself moves with the zone.
    expect(formatDateTimeInZone(at, 'Asia/Tokyo')).toBe('Fri, Dec 4, 2026, 3:30 AM (Asia/Tokyo)')
  })

  it('takes a Date as well as an ISO string, and follows summer time', () => {
    expect(formatDateTime(new Date('2026-07-01T12:00:00Z'), 'Europe/Berlin')).toBe('Wed, Jul 1, 2026, 2:00 PM')
    expect(formatDateTime('2026-01-01T12:00:00Z', 'Europe/Berlin')).toBe('Thu, Jan 1, 2026, 1:00 PM')
  })

  it('writes a zone it does not know in UTC, and says UTC, rather than failing', () => {
    expect(formatDateTimeInZone(at, 'Mars/Olympus_Mons')).toBe('Thu, Dec 3, 2026, 6:30 PM (UTC)')
    expect(formatDate(at, 'Mars/Olympus_Mons')).toBe('Thu, Dec 3, 2026')
  })

  it('writes a day with the same words', () => {
    expect(formatDate(at, 'UTC')).toBe('Thu, Dec 3, 2026')
    expect(formatDate(at, 'Asia/Tokyo')).toBe('Fri, Dec 4, 2026')
  })
})
