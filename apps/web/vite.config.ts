import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { precompressDir } from './precompress.ts'
import { dashboardFirstLoadChunk } from './first-load-chunk.ts'

/** The prerendered marketing pages' own script (ADR 056); prerender.ts finds its built file in the manifest by this entry's name. */
const PUBLIC_PAGE_SCRIPT = path.resolve(import.meta.dirname, 'src/app/prerender/public-page-script.ts')

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

/**
 * Precompresses the client build (ADR 025). The prerendered marketing pages are written after it by prerender.ts,
 * which compresses its own files with the same function (ADR 056).
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
      await precompressDir(outDir)
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
    rolldownOptions: {
      // The SPA, and the one small script of the prerendered marketing pages (ADR 056), which shares nothing with it.
      input: { index: path.resolve(import.meta.dirname, 'index.html'), 'public-page': PUBLIC_PAGE_SCRIPT },
      output: {
        codeSplitting: {
          groups: [{ name: dashboardFirstLoadChunk(), debugName: 'dashboard', includeDependenciesRecursively: false }],
        },
      },
    },
  },
})
