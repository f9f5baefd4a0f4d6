import { describe, expect, it } from 'vitest'
import { formatFileSize } from './file-size'

describe('formatFileSize (product.md §9: Bytes/KB/MB/GB, 2 decimals)', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [5 * 1024 * 1024 + 123_456, '5.12 MB'],
    [500 * 1024 * 1024, '500.00 MB'],
    [3 * 1024 ** 3, '3.00 GB'],
    [24.8 * 1024 ** 3, '24.80 GB'],
    [2048 * 1024 ** 3, '2048.00 GB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text)
  })
})
