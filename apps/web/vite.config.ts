import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

/** The server the dev proxy forwards to (`npm start` or the watch-mode server of `npm run dev`). */
const API_TARGET = 'http://localhost:3000'
/**
 * The address people use. `npm run dev` sets PUBLIC_URL to Vite's own origin (scripts/dev.mjs); against a plain
 * `npm start` it is the server's.
 */
const PUBLIC_ORIGIN = new URL(process.env.PUBLIC_URL ?? API_TARGET).origin

/**
 * ADR 021 in development. Pages only on PUBLIC_URL's host, as the server does in production: a page opened on
 * 127.0.0.1:5173 while PUBLIC_URL says localhost:5173 would lose its session on the way back from TikTok.
 */
function pagesOnPublicHost(): Plugin {
  const publicHost = new URL(PUBLIC_ORIGIN).host
  return {
    name: 'hookpost-pages-on-public-host',
    configureServer(server) {
      // Only when Vite itself is the public address (`npm run dev`); otherwise the pages people use are elsewhere.
      if (!process.env.PUBLIC_URL || new URL(PUBLIC_ORIGIN).port !== String(server.config.server.port)) return
      server.middlewares.use((req, res, next) => {
        const host = req.headers.host?.toLowerCase()
        const isPage = (req.method === 'GET' || req.method === 'HEAD') && req.headers.accept?.includes('text/html')
        if (!isPage || !host || host === publicHost || !req.url?.startsWith('/') || req.url.startsWith('/api/')) {
          return next()
        }
        res.statusCode = 307
        res.setHeader('location', `${PUBLIC_ORIGIN}${req.url}`)
        res.end()
      })
    },
  }
}

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)
/** What the server sends as text; fonts, images and source maps (read by devtools only) are left as they are. */
const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/

/**
 * Writes `<file>.br` and `<file>.gz` beside each text file of the build (ADR 025): the server sends them as they are
 * (@fastify/static `preCompressed`), so the bundle goes out at brotli's best (quality 11: seconds for the whole build,
 * far too slow per request) and no request spends CPU compressing a file that never changes. Files under 1 KiB and
 * ones that would not shrink are left alone, as the server does with its own answers.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'hookpost-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true })
      const files = entries
        .filter((e) => e.isFile() && PRECOMPRESSED.test(e.name))
        .map((e) => path.join(e.parentPath, e.name))
        .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`))
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file)
          if (raw.length < 1024) return
          const [br, gzipped] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gz(raw, { level: 9 }),
          ])
          if (br.length < raw.length) await writeFile(`${file}.br`, br)
          if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped)
        }),
      )
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), pagesOnPublicHost(), precompress()],
  server: {
    proxy: {
      '/api': {
        target: API_TARGET,
        // The server refuses writes whose Origin is not PUBLIC_URL's (ADR 021). The dev page's own requests carry
        // Vite's origin; when the server's PUBLIC_URL is another (Vite against a plain `npm start`), they are presented
        // as coming from it. A foreign Origin is forwarded untouched, so cross-site writes are still refused.
        configure: (proxy) =>
          proxy.on('proxyReq', (proxyReq, req) => {
            if (req.headers.origin === `http://${req.headers.host}` && req.headers['sec-fetch-site'] === 'same-origin')
              proxyReq.setHeader('origin', PUBLIC_ORIGIN)
          }),
      },
      '/dev': API_TARGET,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
  },
})
