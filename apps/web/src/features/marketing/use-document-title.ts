import { createContext, useContext, useEffect } from 'react'

/**
 * Where a page rendered at build time leaves its title: effects do not run in a server render, so the prerender
 * (app/prerender, ADR 056) provides this and writes what the page asked for into the static page's `<title>`.
 */
export const DocumentTitleSink = createContext<{ title?: string } | null>(null)

/** Sets `document.title` while the calling page is mounted (and tells the prerender, when there is one). */
export function useDocumentTitle(title: string): void {
  const sink = useContext(DocumentTitleSink)
  if (sink) sink.title = title
  useEffect(() => {
    document.title = title
  }, [title])
}
