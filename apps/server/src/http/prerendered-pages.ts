import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'

/**
 * The marketing pages the web build wrote as static HTML (`pages/<name>.html`, `pages/index.html` for /; ADR 056).
 * Returns, for a page path, the file to send instead of the SPA's index.html, or null. The set is read once at start:
 * the build does not change under a running server. `/features/` and `/features?x=1` are the same page, as in the
 * SPA's router; anything else (another folder, a dot) is not one of these pages.
 */
export function prerenderedPages(webDist: string): (url: string) => string | null {
  const dir = path.join(webDist, 'pages')
  const names = existsSync(dir)
    ? new Set(
        readdirSync(dir)
          .filter((f) => f.endsWith('.html'))
          .map((f) => f.slice(0, -'.html'.length)),
      )
    : new Set<string>()
  return (url) => {
    const pathname = url.split(/[?#]/, 1)[0] ?? ''
    const trimmed = pathname.replace(/\/+$/, '')
    // pages/index.html is the landing page's file, not a page called /index.
    const name = trimmed === '' ? 'index' : trimmed.slice(1)
    if ((trimmed !== '' && name === 'index') || name.includes('/') || name.includes('.') || !names.has(name))
      return null
    return `pages/${name}.html`
  }
}
