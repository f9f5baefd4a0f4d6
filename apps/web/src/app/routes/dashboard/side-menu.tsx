import { useState, type ReactNode } from 'react'
import { Link, NavLink } from 'react-router'
import { DASHBOARD_TABS, type DashboardTabKey } from '@hookpost/shared/dashboard'
import { paths } from '../../../config/paths'
import { rememberTab, tabHref } from './tabs'

const MENU_KEY = 'hookpost.sideMenu'

const icons: Record<DashboardTabKey | 'profile', ReactNode> = {
  schedule: <path d="M7 3v2M17 3v2M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z" />,
  create: <path d="M4 6h11a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1Zm12 4 5-3v10l-5-3" />,
  hooks: <path d="M12 3v6a3 3 0 0 1-6 0M12 9a5 5 0 1 0 10 0M12 9v12" />,
  automation: (
    <path d="M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm0-5v3m0 12v3M3 12h3m12 0h3M5.6 5.6l2.1 2.1m8.6 8.6 2.1 2.1M5.6 18.4l2.1-2.1m8.6-8.6 2.1-2.1" />
  ),
  aigeneration: (
    <path d="M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8L12 3Zm6 11 .9 2.1 2.1.9-2.1.9L18 20l-.9-2.1L15 17l2.1-.9L18 14Z" />
  ),
  analytics: <path d="M4 20V10m6 10V4m6 16v-7m5 7H3" />,
  profile: <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0" />,
}

function MenuIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  )
}

function Icon({ name }: { name: keyof typeof icons }) {
  return <MenuIcon>{icons[name]}</MenuIcon>
}

function readWide(): boolean {
  try {
    return window.localStorage.getItem(MENU_KEY) !== 'narrow'
  } catch {
    return true
  }
}

/**
 * Collapsible side menu (wide/narrow, remembered). On a phone it is a rail with each icon's label in small type under
 * it (issue 21: icons alone left a new user guessing); from md up, narrow mode keeps the labels as accessible names.
 */
export function SideMenu({ activeTab }: { activeTab: DashboardTabKey | null }) {
  const [wide, setWide] = useState(readWide)
  const item = (active: boolean) =>
    `flex flex-col items-center gap-0.5 rounded-md px-1 py-1.5 text-center text-[10px] leading-tight font-medium md:flex-row md:gap-3 md:px-3 md:py-2 md:text-left md:text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700 ${
      active ? 'bg-fuchsia-50 text-fuchsia-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
    }`
  const label = wide ? '' : 'md:sr-only'

  return (
    <nav
      aria-label="Dashboard"
      className={`shrink-0 border-r border-slate-200 bg-white px-1 md:px-2 ${wide ? 'w-16 md:w-56' : 'w-16 md:w-14'}`}
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
        <ul className="space-y-1">
          {DASHBOARD_TABS.map((tab) => (
            <li key={tab.key}>
              <Link
                to={tabHref(tab.key)}
                onClick={() => rememberTab(tab.key)}
                aria-current={activeTab === tab.key ? 'page' : undefined}
                title={wide ? undefined : tab.label}
                className={item(activeTab === tab.key)}
              >
                <Icon name={tab.key} />
                <span className={label}>{tab.label}</span>
              </Link>
            </li>
          ))}
          <li className="border-t border-slate-200 pt-2">
            <NavLink
              to={paths.profile}
              title={wide ? undefined : 'Profile & Accounts'}
              className={({ isActive }) => item(isActive)}
            >
              <Icon name="profile" />
              <span className={label}>Profile &amp; Accounts</span>
            </NavLink>
          </li>
        </ul>
      </div>
    </nav>
  )
}
