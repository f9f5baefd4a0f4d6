import { describe, expect, it } from 'vitest'
import { planChunks } from './chunks'
import { TiktokError } from './errors'

function expectWellFormed(plan: ReturnType<typeof planChunks>) {
  expect(plan.ranges).toHaveLength(plan.totalChunkCount)
  expect(plan.totalChunkCount).toBe(Math.floor(plan.videoSize / plan.chunkSize))
  expect(plan.totalChunkCount).toBeLessThanOrEqual(1000)
  let next = 0
  plan.ranges.forEach((range, index) => {
    expect(range.start).toBe(next)
    const length = range.end - range.start + 1
    if (index < plan.ranges.length - 1) expect(length).toBe(plan.chunkSize)
    else {
      expect(length).toBeGreaterThanOrEqual(plan.chunkSize)
      expect(length).toBeLessThan(2 * plan.chunkSize)
    }
    next = range.end + 1
  })
  expect(next).toBe(plan.videoSize)
}

describe('planChunks (tiktok-api.md §3.5)', () => {
  it('sends the doc whole-upload example (4,194,304 B) as one chunk of video_size', () => {
    const plan = planChunks(4_194_304)
    expect(plan).toEqual({
      videoSize: 4_194_304,
      chunkSize: 4_194_304,
      totalChunkCount: 1,
      ranges: [{ start: 0, end: 4_194_303 }],
    })
  })

  it('sends the doc 50,000,123 B example as a single chunk under the client-safe rule', () => {
    const plan = planChunks(50_000_123)
    expect(plan.totalChunkCount).toBe(1)
    expect(plan.chunkSize).toBe(50_000_123)
    expect(plan.ranges).toEqual([{ start: 0, end: 50_000_122 }])
  })

  it('keeps exactly 64,000,000 B in one chunk and splits 64,000,001 B', () => {
    expect(planChunks(64_000_000).totalChunkCount).toBe(1)
    const plan = planChunks(64_000_001)
    expect(plan.chunkSize).toBe(10_000_000)
    expect(plan.totalChunkCount).toBe(6)
    expect(plan.ranges.at(-1)).toEqual({ start: 50_000_000, end: 64_000_000 })
    expectWellFormed(plan)
  })

  it('splits 200 MB into 20 chunks of 10,000,000 B, the last absorbing the rest', () => {
    const decimal = planChunks(200_000_000)
    expect(decimal.chunkSize).toBe(10_000_000)
    expect(decimal.totalChunkCount).toBe(20)
    expectWellFormed(decimal)

    const binary = planChunks(200 * 1024 * 1024)
    expect(binary.chunkSize).toBe(10_000_000)
    expect(binary.totalChunkCount).toBe(20)
    expect(binary.ranges.at(-1)).toEqual({ start: 190_000_000, end: 209_715_199 })
    expectWellFormed(binary)
  })

  it('stays within 1000 chunks and 128 MB for the last chunk up to 4 GB', () => {
    for (const size of [500 * 1024 * 1024, 1_999_999_999, 4_000_000_000]) {
      const plan = planChunks(size)
      expectWellFormed(plan)
      const last = plan.ranges.at(-1)
      expect(last && last.end - last.start + 1).toBeLessThanOrEqual(128_000_000)
    }
  })

  it('rejects an empty file and anything over 4 GB', () => {
    expect(() => planChunks(0)).toThrow(TiktokError)
    expect(() => planChunks(0)).toThrow(expect.objectContaining({ kind: 'rejected', code: 'video_empty' }))
    expect(() => planChunks(4_000_000_001)).toThrow(
      expect.objectContaining({ kind: 'rejected', code: 'video_too_large' }),
    )
    expect(() => planChunks(4 * 1024 ** 3 + 1)).toThrow(expect.objectContaining({ code: 'video_too_large' }))
    expect(() => planChunks(1.5)).toThrow(RangeError)
  })
})
