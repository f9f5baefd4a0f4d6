import { use, type ComponentType } from 'react'

/** A page component whose code is its own chunk, fetched the first time it renders (or when `preload` is called). */
export type LazyPage = ComponentType & { preload: () => Promise<ComponentType> }

/**
 * A route's page as its own chunk. In the browser it suspends until the chunk arrives: the nearest Suspense shows its
 * fallback on a first load, and a navigation keeps the old page meanwhile (React Router runs it as a transition). The
 * build's prerender calls `preload` first, because a server render cannot wait for a chunk (ADR 056, ADR 060).
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined
  let loading: Promise<ComponentType> | undefined
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component
      return component
    }))
  function Page() {
    // The same element type on every render, so the page keeps its state once its chunk is there.
    const Loaded = loaded ?? use(preload())
    return <Loaded />
  }
  return Object.assign(Page, { preload })
}
