import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import { constants } from 'node:zlib'

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

/**
 * JSON, text (CSV, HTML, CSS, JavaScript) and SVG. Not `text/event-stream`: an event stream must reach the browser
 * message by message, and a compressor buffers. Video, images and fonts are compressed formats already: they fall
 * through to mime-db's verdict, which says no for them (the plugin asks mime-db for any type this does not accept).
 */
const COMPRESSIBLE =
  /^(?:application\/(?:[\w.+-]+\+)?(?:json|xml)|application\/javascript|text\/(?!event-stream)[\w.+-]+|image\/svg\+xml)\s*(?:;|$)/i

/**
 * HTTP compression of responses, negotiated by Accept-Encoding (brotli, then gzip; Vary: Accept-Encoding). Partial
 * content (206, or any answer with Content-Range) is never compressed: its byte offsets describe the file as stored.
 * Answers that already carry a Content-Encoding (the web app's precompressed files) are left alone. Request bodies are
 * not decompressed: the JSON body limit must count what we parse, and nothing the browser sends is compressed.
 * Register before any route: the plugin attaches itself to routes as they are added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: 6 },
  })
}
