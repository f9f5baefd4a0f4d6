import { useState } from 'react'
import type { DashboardTabKey } from '@hookpost/shared/dashboard'
import { DashboardLinks, MenuIcon } from './dashboard-links'

const MENU_KEY = 'hookpost.sideMenu'

function readWide(): boolean {
  try {
    return window.localStorage.getItem(MENU_KEY) !== 'narrow'
  } catch {
    return true
  }
}

/**
 * Collapsible side menu (wide/narrow, remembered), from 641 px up. Between 641 px and md it is a rail with each
 * icon's label in small type under it (issue 21: icons alone left a new user guessing); from md up, narrow mode keeps
 * the labels as accessible names. At 640 px and below it is not shown at all: the top bar's Menu button opens the
 * same links in a drawer (nav-drawer.tsx; issue 30 item 10: the rail took 62 px of a 375 px phone).
 */
export function SideMenu({ activeTab }: { activeTab: DashboardTabKey | null }) {
  const [wide, setWide] = useState(readWide)
  const item = (active: boolean) =>
    `flex flex-col items-center gap-0.5 rounded-md px-1 py-1.5 text-center text-[10px] leading-tight font-medium md:flex-row md:gap-3 md:px-3 md:py-2 md:text-left md:text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700 ${
      active ? 'bg-fuchsia-50 text-fuchsia-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
    }`

  return (
    <nav
      aria-label="Dashboard"
      className={`hidden shrink-0 border-r border-slate-200 bg-white px-1 min-[641px]:block md:px-2 ${wide ? 'w-16 md:w-56' : 'w-16 md:w-14'}`}
    >
      {/* Sticks under the top bar (its height in --dashboard-header): the tabs stay in reach on a long page. */}
      <div className="sticky top-[var(--dashboard-header,3.5rem)] max-h-[calc(100dvh-var(--dashboard-header,3.5rem))] overflow-y-auto py-4">
        <button
          type="button"
          aria-expanded={wide}
          onClick={() => {
            const next = !wide
            setWide(next)
            try {
              window.localStorage.setItem(MENU_KEY, next ? 'wide' : 'narrow')
            } catch {
              // not remembered, still works
            }
          }}
          className="mb-3 hidden w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-fuchsia-700 md:flex"
        >
          <MenuIcon>
            <path d={wide ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} />
          </MenuIcon>
          <span className={wide ? '' : 'sr-only'}>{wide ? 'Collapse menu' : 'Expand menu'}</span>
        </button>
        <DashboardLinks activeTab={activeTab} itemClass={item} labelClass={wide ? '' : 'md:sr-only'} titles={!wide} />
      </div>
    </nav>
  )
}
