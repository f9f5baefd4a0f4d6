/**
 * The Library's stock clips for the e2e servers, made once into a cache folder that every e2e server copies into its
 * fresh DATA_DIR (scripts/e2e-server.mjs), as a restarted server finds the clips it made on its first start (ADR 012).
 *
 *   node --import tsx scripts/e2e-stock.ts <cache-dir>
 *
 * Why: each e2e server otherwise makes all of them with ffmpeg while the first tests run — about 50 s of ffmpeg on an
 * idle 2-core machine, twice (two servers), beside three browsers — and tests that need a clip or a quick answer then
 * wait past their limits. Made here, two clips at a time, before any browser starts. Clips already whole in the cache
 * are kept (a clip's folder is named by its recipe version, so a new recipe is made anew).
 */
import { ensureStockClips, STOCK_CLIPS } from '../apps/server/src/modules/library'

const dir = process.argv[2]
if (!dir) {
  console.error('usage: node --import tsx scripts/e2e-stock.ts <cache-dir>')
  process.exit(2)
}
const log = { info: console.log, warn: console.warn, error: console.error }
const started = Date.now()
const lanes = [0, 1].map((lane) =>
  ensureStockClips({
    dir,
    ffmpegPath: process.env.FFMPEG_PATH ?? 'ffmpeg',
    log,
    clips: STOCK_CLIPS.filter((_, i) => i % 2 === lane),
  }),
)
const results = await Promise.all(lanes)
const failed = results.flatMap((r) => r.failed)
const made = results.flatMap((r) => r.made)
if (failed.length > 0) {
  console.error(`[e2e-stock] could not make: ${failed.join(', ')}`)
  process.exit(1)
}
console.log(
  `[e2e-stock] ${made.length} clip(s) made, ${STOCK_CLIPS.length} ready, in ${(Date.now() - started) / 1000} s`,
)
