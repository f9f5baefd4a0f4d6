import { createContext, useContext, useEffect } from 'react'

/**
 * Who hears a page's title while it renders at build time: effects do not run in a server render, so the prerender
 * (app/prerender, ADR 056) provides this and writes what the page asked for into the static page's `<title>`.
 * Nothing provides it in the browser.
 */
export const DocumentTitleSink = createContext<((title: string) => void) | null>(null)

/** Sets `document.title` while the calling page is mounted (and tells the prerender, when there is one). */
export function useDocumentTitle(title: string): void {
  const sink = useContext(DocumentTitleSink)
  sink?.(title)
  useEffect(() => {
    document.title = title
  }, [title])
}
