import type { ReactNode } from 'react'
import { Link, NavLink } from 'react-router'
import { DASHBOARD_TABS, type DashboardTabKey } from '@hookpost/shared/dashboard'
import { paths } from '../../../config/paths'
import { rememberTab, tabHref } from './tabs'

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

export function MenuIcon({ children }: { children: ReactNode }) {
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

/**
 * The dashboard's destinations — the six tabs, then Profile & Accounts — as the side rail and the phone's menu drawer
 * both list them. `itemClass` styles a link (active or not); `labelClass` the text beside its icon (the narrow rail
 * keeps it only as the accessible name); `onNavigate` runs after a link is chosen (the drawer closes).
 */
export function DashboardLinks({
  activeTab,
  itemClass,
  labelClass = '',
  titles = false,
  onNavigate,
}: {
  activeTab: DashboardTabKey | null
  itemClass: (active: boolean) => string
  labelClass?: string
  /** Show each label as a tooltip (the narrow rail, where the label is not visible). */
  titles?: boolean
  onNavigate?: () => void
}) {
  return (
    <ul className="space-y-1">
      {DASHBOARD_TABS.map((tab) => (
        <li key={tab.key}>
          <Link
            to={tabHref(tab.key)}
            onClick={() => {
              rememberTab(tab.key)
              onNavigate?.()
            }}
            aria-current={activeTab === tab.key ? 'page' : undefined}
            title={titles ? tab.label : undefined}
            className={itemClass(activeTab === tab.key)}
          >
            <Icon name={tab.key} />
            <span className={labelClass}>{tab.label}</span>
          </Link>
        </li>
      ))}
      <li className="border-t border-slate-200 pt-2">
        <NavLink
          to={paths.profile}
          onClick={onNavigate}
          title={titles ? 'Profile & Accounts' : undefined}
          className={({ isActive }) => itemClass(isActive)}
        >
          <Icon name="profile" />
          <span className={labelClass}>Profile &amp; Accounts</span>
        </NavLink>
      </li>
    </ul>
  )
}
