import { OUTPUT_FRAME } from '@hookpost/shared'

/**
 * ffmpeg's `-progress pipe:1` output: blocks of `key=value` lines, each ending with `progress=continue` (or `end`).
 * The parser is fed raw stdout chunks (lines may be split across them) and reports frames done.
 */
export function createProgressParser(totalFrames: number, onPercent: (percent: number) => void) {
  let pending = ''
  let frames: number | null = null
  let fromTime: number | null = null

  const line = (text: string) => {
    const eq = text.indexOf('=')
    if (eq < 0) return
    const key = text.slice(0, eq).trim()
    const value = Number(text.slice(eq + 1).trim())
    if (key === 'frame' && Number.isFinite(value)) frames = value
    // out_time_us is "N/A" before the first packet; it stands in when a build reports no frame count.
    else if (key === 'out_time_us' && Number.isFinite(value) && value >= 0)
      fromTime = (value / 1_000_000) * OUTPUT_FRAME.fps
    else if (key === 'progress') {
      const done = frames ?? fromTime
      if (done !== null) onPercent(progressPercent(done, totalFrames))
    }
  }

  return {
    push(chunk: string): void {
      pending += chunk
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const text of lines) line(text)
    },
  }
}

/** Frames done / total frames as 0–100, capped at 100. */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 0
  return Math.min(100, Math.max(0, (done / total) * 100))
}

/** At most 4 reports a second, never backwards, never 100 until `finish` (100 means the file is ready). */
export const PROGRESS_INTERVAL_MS = 250

export function throttleProgress(onProgress: ((percent: number) => void) | undefined, now: () => number = Date.now) {
  let lastAt = -Infinity
  let lastValue = -1
  return {
    report(percent: number): void {
      const value = Math.min(99, percent)
      const at = now()
      if (!onProgress || value <= lastValue || at - lastAt < PROGRESS_INTERVAL_MS) return
      lastAt = at
      lastValue = value
      onProgress(value)
    },
    finish(): void {
      onProgress?.(100)
    },
  }
}
