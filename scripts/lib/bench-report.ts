import { appendFileSync } from 'node:fs'

/*
 * How a bench hands its figures to `npm run bench` (scripts/bench-all.ts): a bench prints what it likes, and each
 * figure the runner judges is also written, one JSON line each, to the file the runner names in BENCH_REPORT. Run on
 * its own, a bench writes nothing. The goals are the runner's (one table), never the bench's.
 */

export const BENCH_REPORT_ENV = 'BENCH_REPORT'

export interface Figure {
  /** The key the runner's table asks for, e.g. `publish.init_p99_ms`. */
  key: string
  value: number
}

/** Hands a figure to the runner (if one runs this bench); `value` NaN means "not measured" and is judged a gap. */
export function reportFigure(key: string, value: number): void {
  const file = process.env[BENCH_REPORT_ENV]
  if (!file) return
  appendFileSync(file, `${JSON.stringify({ key, value: Number.isFinite(value) ? value : null })}\n`)
}

/** `--smoke`: the bench's tiny size, for CI (seconds; a crash, an error or a duplicate fails it). */
export const SMOKE = process.argv.includes('--smoke')
