import { useRef, type KeyboardEvent, type ReactNode } from 'react'

export interface TabItem<K extends string> {
  key: K
  label: ReactNode
  /** Said after the label, e.g. a "(has errors)" marker. */
  extra?: ReactNode
}

/** The ids that tie a tab to its panel: `tabId` on the tab, `panelId` on the panel (role="tabpanel"). */
export function tabIds(baseId: string, key: string) {
  return { tabId: `${baseId}-tab-${key}`, panelId: `${baseId}-panel-${key}` }
}

/**
 * A WAI-ARIA tab list (automatic activation): one tab in the Tab order, arrow keys, Home and End move between tabs
 * and select them. Pair each tab with a `role="tabpanel"` element using `tabIds(baseId, key)`.
 */
export function TabList<K extends string>({
  label,
  baseId,
  tabs,
  selected,
  onSelect,
  wrap = false,
}: {
  label: string
  baseId: string
  tabs: readonly TabItem<K>[]
  selected: K
  onSelect: (key: K) => void
  /** Let the tabs run onto more lines when they do not fit (a phone), instead of running past the edge. */
  wrap?: boolean
}) {
  const refs = useRef<Partial<Record<K, HTMLButtonElement | null>>>({})

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.findIndex((t) => t.key === selected)
    let next: number
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = tabs.length - 1
    else return
    event.preventDefault()
    const key = tabs[next]?.key
    if (key === undefined) return
    onSelect(key)
    refs.current[key]?.focus()
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      className={`flex gap-1 border-b border-slate-200 ${wrap ? 'flex-wrap' : ''}`}
    >
      {tabs.map((t) => {
        const isSelected = t.key === selected
        const ids = tabIds(baseId, t.key)
        return (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[t.key] = el
            }}
            type="button"
            role="tab"
            id={ids.tabId}
            aria-selected={isSelected}
            aria-controls={ids.panelId}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(t.key)}
            onKeyDown={onKeyDown}
            className={`-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700 ${
              isSelected
                ? 'border-fuchsia-700 text-fuchsia-800'
                : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {t.label}
            {t.extra}
          </button>
        )
      })}
    </div>
  )
}
