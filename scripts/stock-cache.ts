/**
 * The Library's stock clips for test servers, made once into a cache folder (`.tmp/stock-clips`) that every e2e server
 * (scripts/e2e-server.mjs) and every integration test server that wants them (`prepareStock`, with
 * TEST_STOCK_CACHE set by `npm test`) copies into its fresh DATA_DIR, as a restarted server finds the clips it made on
 * its first start (ADR 012).
 *
 *   node --import tsx scripts/stock-cache.ts <cache-dir>
 *
 * Why: each server otherwise makes all thirteen with ffmpeg — about 50 s of ffmpeg on an idle 2-core machine. The e2e
 * run has two servers beside three browsers, and `npm test` had five integration files making them on each of three
 * tiers: minutes of CI spent making the same clips. Made here, two at a time, before anything else starts. The
 * Library's own tests of making them (stock-clips.int.test.ts) do not use the cache. Clips already whole in the cache
 * are kept (a clip's folder is named by its recipe version, so a new recipe is made anew).
 */
import { ensureStockClips, STOCK_CLIPS } from '../apps/server/src/modules/library'

const dir = process.argv[2]
if (!dir) {
  console.error('usage: node --import tsx scripts/stock-cache.ts <cache-dir>')
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
  console.error(`[stock-cache] could not make: ${failed.join(', ')}`)
  process.exit(1)
}
console.log(
  `[stock-cache] ${made.length} clip(s) made, ${STOCK_CLIPS.length} ready, in ${(Date.now() - started) / 1000} s`,
)
