import { renderToStaticMarkup } from 'react-dom/server'
import { isValidElement } from 'react'
import { matchRoutes, StaticRouter } from 'react-router'
import { paths } from '../../config/paths'
import { DocumentTitleSink } from '../../features/marketing/use-document-title'
import { AppProvider } from '../provider'
import type { LazyPage } from '../lazy-page'
import { AppRoutes, routes } from '../routes'

/**
 * The marketing pages written to static HTML at build time (ADR 056). The forms (/login, /register, …) stay in the
 * SPA: they need React to work at all.
 */
export const PUBLIC_PAGES = [paths.home, paths.features, paths.pricing, paths.privacy, paths.terms] as const

export type PublicPagePath = (typeof PUBLIC_PAGES)[number]

/** Where the build writes a page's HTML, inside the web build; the server maps a path to it the same way. */
export function publicPageFile(path: PublicPagePath): string {
  return path === paths.home ? 'pages/index.html' : `pages${path}.html`
}

/**
 * One page rendered from the SPA's own routes and components, so the static page and the client-rendered one have
 * one source: the body's markup (no React attributes, nothing to hydrate) and the title the page set.
 */
export async function renderPublicPage(path: PublicPagePath): Promise<{ title: string; body: string }> {
  // A server render cannot wait for a chunk: the matched pages' modules are loaded first (lazy-page.tsx).
  await Promise.all((matchRoutes(routes, path) ?? []).map(({ route }) => pageOf(route.element)?.preload()))
  let title: string | undefined
  const body = renderToStaticMarkup(
    <DocumentTitleSink
      value={(pageTitle) => {
        title = pageTitle
      }}
    >
      <AppProvider>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </DocumentTitleSink>,
  )
  if (!title) throw new Error(`${path} set no document title`)
  return { title, body }
}

/** The lazy page a route renders, when its element is one (the layout routes' are not). */
function pageOf(element: unknown): LazyPage | undefined {
  if (!isValidElement(element) || typeof element.type !== 'function') return undefined
  return 'preload' in element.type ? (element.type as LazyPage) : undefined
}
