import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import { constants } from 'node:zlib'
import { BROTLI_QUALITY, COMPRESSION_THRESHOLD_BYTES } from '../lib/answer-encoding'

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
