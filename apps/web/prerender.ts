/**
 * The second half of the web build (ADR 056): renders each marketing page with react-dom/server from the SPA's own
 * routes (src/app/prerender/public-pages.tsx) into dist/pages/*.html, with the client build's stylesheet and the
 * small public-page script instead of the SPA's, then precompresses them (ADR 025). Run by `npm run build -w
 * @hookpost/web` after `vite build`, under tsx.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { precompressDir } from './precompress'
import { PUBLIC_PAGES, publicPageFile, renderPublicPage } from './src/app/prerender/public-pages'

const dist = path.resolve(import.meta.dirname, 'dist')

type ManifestEntry = { file: string; name?: string; isEntry?: boolean }
const manifest = JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestEntry
>
const script = Object.values(manifest).find((entry) => entry.isEntry && entry.name === 'public-page')
if (!script) throw new Error('the public-page script is not in the build manifest')

const shell = await readFile(path.join(dist, 'index.html'), 'utf8')
/** The SPA's page with its scripts taken out: the head's meta, icon and stylesheet stay, so both look the same. */
const staticShell = shell
  .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
if (!staticShell.includes('<div id="root"></div>') || !/<title>[^<]*<\/title>/.test(staticShell))
  throw new Error('dist/index.html no longer has the <title> and <div id="root"> the prerender fills')

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

await mkdir(path.join(dist, 'pages'), { recursive: true })
for (const page of PUBLIC_PAGES) {
  const { title, body } = await renderPublicPage(page)
  if (/<script/i.test(body)) throw new Error(`${page} rendered a script; a prerendered page must not need one`)
  const html = staticShell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${body}</div>\n    <script type="module" src="/${script.file}"></script>`,
    )
  await writeFile(path.join(dist, publicPageFile(page)), html)
}
await precompressDir(path.join(dist, 'pages'))
