import { describe, expect, it } from 'vitest'
import { chooseEncoding } from './answer-encoding'

describe('chooseEncoding (kept answers, ADR 053)', () => {
  it('prefers brotli, then gzip, as the compression plugin does', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br')
    expect(chooseEncoding('gzip')).toBe('gzip')
    expect(chooseEncoding('deflate')).toBe('identity')
    expect(chooseEncoding(undefined)).toBe('identity')
  })

  it('honours q-values, a refusal with q=0 and a wildcard', () => {
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBe('identity')
    expect(chooseEncoding('*')).toBe('br')
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip')
  })
})
