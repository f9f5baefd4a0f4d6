import { describe, expect, it } from 'vitest'
import { decodePostsCursor, encodePostsCursor, type PostsCursor } from './posts-cursor'

const pivot = new Date('2026-05-01T10:00:00.000Z')
const id = '0b6f3c3e-8a6a-4c2e-9a53-1d2b3c4d5e6f'

describe('the List view cursor', () => {
  it('reads back what it wrote, in both parts of the list', () => {
    const upcoming: PostsCursor = { pivot, segment: 'upcoming', scheduledAt: new Date('2026-05-02T09:00:00Z'), id }
    const past: PostsCursor = { pivot, segment: 'past', scheduledAt: new Date('2026-04-02T09:00:00Z'), id }
    expect(decodePostsCursor(encodePostsCursor(upcoming))).toEqual(upcoming)
    expect(decodePostsCursor(encodePostsCursor(past))).toEqual(past)
    expect(encodePostsCursor(upcoming)).toMatch(/^[A-Za-z0-9_-]+$/)
  })

  it('refuses what it did not write', () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const good = { v: 1, p: pivot.toISOString(), s: 'u', t: '2026-05-02T09:00:00.000Z', i: id }
    expect(decodePostsCursor(b64(good))).not.toBeNull()
    for (const bad of [
      '',
      'not base64!',
      Buffer.from('{').toString('base64url'),
      b64({ ...good, v: 2 }),
      b64({ ...good, i: 'not-a-uuid' }),
      b64({ ...good, t: 'yesterday' }),
      b64({ ...good, s: 'x' }),
      // A past position after the pivot (or an upcoming one before it) is not a place in the list.
      b64({ ...good, s: 'p' }),
      b64({ ...good, t: '2026-04-30T09:00:00.000Z' }),
      b64([1, 2, 3]),
    ]) {
      expect(decodePostsCursor(bad), bad).toBeNull()
    }
  })
})
