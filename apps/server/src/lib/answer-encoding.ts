import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

/**
 * Below this a response fits in one TCP segment (~1,460 bytes) anyway: compressing it saves no round trip and costs
 * a zlib call per request.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024

/**
 * Brotli quality for responses made per request (ADR 025). Measured on a month calendar of 861 posts (795 KB of JSON)
 * on this 2-core machine, fastest of 8 runs: quality 3 2.2 ms → 57.8 KB, 4 3.3 ms → 57.0 KB, 5 24 ms → 54.2 KB; gzip
 * level 6 3.5 ms → 59.0 KB; quality 11 takes seconds. Past 4 the cost climbs steeply for a few per cent. Quality 4 is the
 * plugin's recommendation too. Answers above the plugin's sync threshold (8 KB on 2 cores) are compressed on libuv's
 * thread pool, not on the event loop; below it a quality-4 call takes well under a millisecond. Static assets are
 * compressed once at build time at quality 11 (apps/web/vite.config.ts).
 */
export const BROTLI_QUALITY = 4

export type AnswerEncoding = 'br' | 'gzip' | 'identity'

/**
 * The encoding to send for an Accept-Encoding header, as the compression plugin chooses (ADR 025): brotli, then gzip,
 * honouring q-values (`q=0` refuses); identity when neither is acceptable.
 */
export function chooseEncoding(header: string | string[] | undefined): AnswerEncoding {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '')
  const weights = new Map<string, number>()
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    weights.set(name, q === undefined ? 1 : Number(q))
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0
  const br = weight('br')
  const gz = weight('gzip')
  if (br > 0 && br >= gz) return 'br'
  if (gz > 0) return 'gzip'
  return 'identity'
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** The brotli and gzip forms of a body, made on libuv's thread pool (never on the event loop). */
export async function compressBoth(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
    gzipAsync(body, { level: 6 }),
  ])
  return { br, gzip: gz }
}
