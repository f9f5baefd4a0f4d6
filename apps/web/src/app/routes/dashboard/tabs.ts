import { DEFAULT_DASHBOARD_TAB, isDashboardTabKey, type DashboardTabKey } from '@hookpost/shared/dashboard'

const STORAGE_KEY = 'hookpost.dashboardTab'

/** The active tab is remembered in local storage (product.md §2) and reflected in the URL (?tab=) for back/forward/reload. */
export function storedTab(): DashboardTabKey {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY)
    return isDashboardTabKey(value) ? value : DEFAULT_DASHBOARD_TAB
  } catch {
    return DEFAULT_DASHBOARD_TAB
  }
}

export function rememberTab(tab: DashboardTabKey) {
  try {
    window.localStorage.setItem(STORAGE_KEY, tab)
  } catch {
    // storage may be disabled (private mode); the URL still carries the tab
  }
}

export function tabFromSearch(search: URLSearchParams): DashboardTabKey | null {
  const value = search.get('tab')
  return isDashboardTabKey(value) ? value : null
}

export function tabHref(tab: DashboardTabKey): string {
  return `/dashboard?tab=${tab}`
}

/** The Create tab's form preset for a hook + demo video (what '/dashboard/hook-demo' opens). */
export const HOOK_DEMO_PRESET = 'hook-demo'
export const HOOK_DEMO_HREF = `${tabHref('create')}&preset=${HOOK_DEMO_PRESET}`

export function presetFromSearch(search: URLSearchParams): typeof HOOK_DEMO_PRESET | undefined {
  return search.get('preset') === HOOK_DEMO_PRESET ? HOOK_DEMO_PRESET : undefined
}
