import { describe, expect, it } from 'vitest'
import { formatDuration, formatFileSize } from './format'

describe('formatFileSize (product.md §9: Bytes/KB/MB/GB, 2 decimals)', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [5 * 1024 * 1024 + 123_456, '5.12 MB'],
    [500 * 1024 * 1024, '500.00 MB'],
    [3 * 1024 ** 3, '3.00 GB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text)
  })
})

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
