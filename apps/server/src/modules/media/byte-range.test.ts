import { describe, expect, it } from 'vitest'
import { parseByteRange } from './byte-range'

describe('parseByteRange (RFC 9110 §14.2, one range)', () => {
  const size = 1000

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=0-0', 0, 0],
    ['bytes=500-', 500, 999],
    ['bytes=900-5000', 900, 999],
    ['bytes=-100', 900, 999],
    ['bytes=-5000', 0, 999],
    [' bytes=10-20 ', 10, 20],
  ])('%s → %d-%d', (header, start, end) => {
    expect(parseByteRange(header, size)).toEqual({ kind: 'partial', start, end })
  })

  it.each([undefined, '', 'bytes=', 'bytes=-', 'items=0-1', 'bytes=0-1,5-6', 'bytes=20-10', 'bytes=a-b'])(
    '%s → the whole file',
    (header) => expect(parseByteRange(header, size)).toEqual({ kind: 'full' }),
  )

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('%s → 416', (header) => {
    expect(parseByteRange(header, size)).toEqual({ kind: 'unsatisfiable' })
  })

  it('an empty file satisfies no range', () => {
    expect(parseByteRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' })
    expect(parseByteRange('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' })
  })
})
