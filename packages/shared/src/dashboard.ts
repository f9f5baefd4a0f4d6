/** Dashboard tab keys (product.md §2; `analytics` from issue 19). Order is the side menu's order. */
export const DASHBOARD_TABS = [
  { key: 'schedule', label: 'Schedule Videos' },
  { key: 'create', label: 'Create Videos' },
  { key: 'hooks', label: 'Create Hooks' },
  { key: 'automation', label: 'Automation' },
  { key: 'aigeneration', label: 'AI Generation' },
  { key: 'analytics', label: 'Analytics' },
] as const
export type DashboardTabKey = (typeof DASHBOARD_TABS)[number]['key']
export const DEFAULT_DASHBOARD_TAB: DashboardTabKey = 'schedule'

export function isDashboardTabKey(value: unknown): value is DashboardTabKey {
  return DASHBOARD_TABS.some((t) => t.key === value)
}
