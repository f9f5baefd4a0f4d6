import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi, notFound } from '../../testing/api-mock'
import { AppProvider } from '../provider'
import { AppRoutes } from '../routes'
import { PUBLIC_PAGES, renderPublicPage } from './public-pages'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** What a reader gets from a page: its words, where its links go, its headings. */
function contentOf(root: ParentNode) {
  return {
    text: (root.textContent ?? '').replace(/\s+/g, ' ').trim(),
    links: [...root.querySelectorAll('a')].map((a) => `${a.textContent} → ${a.getAttribute('href')}`),
    headings: [...root.querySelectorAll('h1, h2, h3')].map((h) => `${h.tagName} ${h.textContent}`),
  }
}

describe('the prerendered marketing pages (ADR 056)', () => {
  for (const path of PUBLIC_PAGES) {
    it(`${path} has the same content as the page the SPA renders there`, async () => {
      const prerendered = await renderPublicPage(path)
      const staticPage = document.createElement('div')
      staticPage.innerHTML = prerendered.body

      // The SPA without the server's app-info: the footer has no contact line, as the static page before its script
      // adds one (the e2e test compares the two with the script and the real server).
      mockApi(() => notFound)
      document.title = ''
      const { container } = render(
        <AppProvider>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
          </MemoryRouter>
        </AppProvider>,
      )
      await screen.findByRole('heading', { level: 1 })

      expect(contentOf(staticPage).text.length).toBeGreaterThan(200)
      expect(contentOf(staticPage)).toEqual(contentOf(container))
      await waitFor(() => expect(document.title).toBe(prerendered.title))
    })
  }
})
