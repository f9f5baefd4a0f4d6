import { describe, expect, it } from 'vitest'
import { createProgressParser, progressPercent, throttleProgress } from './progress'

/** One `-progress` block as ffmpeg 5.1 writes it. */
const block = (frame: string, outTimeUs: string, progress = 'continue') =>
  [
    `frame=${frame}`,
    'fps=61.20',
    'stream_0_0_q=28.0',
    'bitrate=N/A',
    'total_size=48',
    `out_time_us=${outTimeUs}`,
    `out_time_ms=${outTimeUs}`,
    'out_time=00:00:01.000000',
    'dup_frames=0',
    'drop_frames=0',
    'speed=2.03x',
    `progress=${progress}`,
    '',
  ].join('\n')

describe('createProgressParser', () => {
  it('reports frames done / total at the end of each block, across split chunks', () => {
    const seen: number[] = []
    const parser = createProgressParser(300, (p) => seen.push(p))
    const text = block('30', '1000000') + block('150', '5000000') + block('300', '10000000', 'end')
    for (let i = 0; i < text.length; i += 7) parser.push(text.slice(i, i + 7))
    expect(seen).toEqual([10, 50, 100])
  })

  it('falls back on out_time_us, ignores N/A, and caps at 100', () => {
    const seen: number[] = []
    const parser = createProgressParser(90, (p) => seen.push(p))
    parser.push('out_time_us=N/A\nprogress=continue\n')
    parser.push('out_time_us=1500000\nprogress=continue\n')
    parser.push('frame=120\nprogress=end\n')
    expect(seen).toEqual([50, 100])
  })

  it('ignores lines that are not key=value', () => {
    const seen: number[] = []
    createProgressParser(10, (p) => seen.push(p)).push('garbage\n\nframe=x\nprogress=continue\n')
    expect(seen).toEqual([])
  })
})

describe('progressPercent', () => {
  it('is 0–100', () => {
    expect(progressPercent(45, 90)).toBe(50)
    expect(progressPercent(91, 90)).toBe(100)
    expect(progressPercent(-1, 90)).toBe(0)
    expect(progressPercent(5, 0)).toBe(0)
  })
})

describe('throttleProgress', () => {
  it('reports at most every 250 ms, never backwards, and 100 only at the end', () => {
    let now = 0
    const seen: number[] = []
    const progress = throttleProgress(
      (p) => seen.push(p),
      () => now,
    )
    progress.report(5)
    now = 100
    progress.report(10)
    now = 260
    progress.report(20)
    now = 600
    progress.report(15)
    now = 900
    progress.report(100)
    progress.finish()
    expect(seen).toEqual([5, 20, 99, 100])
  })

  it('works without a listener', () => {
    const progress = throttleProgress(undefined)
    progress.report(50)
    progress.finish()
  })
})
