import { describe, expect, it } from 'vitest'
import {
  CHUNK_COUNT_INVALID,
  CHUNK_SIZE_INVALID,
  chunkPlanProblem,
  expectedChunkRange,
  VIDEO_SIZE_INVALID,
} from './chunk-rules'

const MiB = 1024 * 1024

describe('chunk rules (tiktok-api.md §3.5)', () => {
  it.each([
    ['the worked example: 50,000,123 B in 10,000,000 B chunks', 50_000_123, 10_000_000, 5],
    ['a whole 4 MiB upload', 4_194_304, 4_194_304, 1],
    ['a tiny whole upload', 1, 1, 1],
    ['a whole upload of exactly 64,000,000 B', 64_000_000, 64_000_000, 1],
    ['5 MiB chunks', 20 * MiB + 3, 5 * MiB, 4],
    ['64,000,000 B chunks with a large final chunk', 191_999_999, 64_000_000, 2],
    ['> 64 MB split into 10 MB chunks', 100_000_000, 10_000_000, 10],
    ['a 4 GB video in 64 MB chunks', 4_000_000_000, 64_000_000, 62],
  ])('accepts %s', (_name, videoSize, chunkSize, totalChunkCount) => {
    expect(chunkPlanProblem({ videoSize, chunkSize, totalChunkCount })).toBeUndefined()
  })

  it.each([
    ['total_chunk_count rounded up instead of down', 50_000_123, 10_000_000, 6, CHUNK_COUNT_INVALID],
    ['total_chunk_count of 1 for a multi-chunk plan', 50_000_123, 10_000_000, 1, CHUNK_COUNT_INVALID],
    ['a chunk below 5 MiB (5,000,000 B, the decimal reading)', 50_000_000, 5_000_000, 10, CHUNK_SIZE_INVALID],
    ['a chunk above 64,000,000 B', 200_000_000, 64_000_001, 3, CHUNK_SIZE_INVALID],
    ['a video < 5 MB sent in pieces', 4_000_000, 1_000_000, 4, CHUNK_SIZE_INVALID],
    ['a video < 5 MB whole but with two chunks announced', 4_000_000, 4_000_000, 2, CHUNK_COUNT_INVALID],
    ['a video > 64 MB in one chunk', 64_000_001, 64_000_001, 1, CHUNK_SIZE_INVALID],
    ['one chunk smaller than the video (15 MB / 10 MB)', 15_000_000, 10_000_000, 1, CHUNK_SIZE_INVALID],
    ['chunk_size larger than the video', 10_000_000, 20_000_000, 1, CHUNK_SIZE_INVALID],
    ['a video above 4 GB', 4_000_000_001, 64_000_000, 62, VIDEO_SIZE_INVALID],
    ['a zero-byte video', 0, 0, 1, VIDEO_SIZE_INVALID],
    ['fractional sizes', 10_000_000.5, 10_000_000.5, 1, VIDEO_SIZE_INVALID],
    ['a zero chunk count', 1000, 1000, 0, CHUNK_COUNT_INVALID],
  ])('refuses %s', (_name, videoSize, chunkSize, totalChunkCount, message) => {
    expect(chunkPlanProblem({ videoSize, chunkSize, totalChunkCount })).toBe(message)
  })

  it('expects the ranges of the worked example, the last chunk absorbing the remainder', () => {
    const plan = { videoSize: 50_000_123, chunkSize: 10_000_000, totalChunkCount: 5 }
    expect([0, 1, 2, 3, 4].map((i) => expectedChunkRange(plan, i))).toEqual([
      { first: 0, last: 9_999_999 },
      { first: 10_000_000, last: 19_999_999 },
      { first: 20_000_000, last: 29_999_999 },
      { first: 30_000_000, last: 39_999_999 },
      { first: 40_000_000, last: 50_000_122 },
    ])
  })
})
