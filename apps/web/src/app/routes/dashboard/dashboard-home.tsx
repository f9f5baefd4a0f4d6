import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { DASHBOARD_TABS, type DashboardTabKey } from '@hookpost/shared/dashboard'
import { Spinner } from '../../../components/ui/spinner'
import { ScheduleTab } from './schedule-tab'
import { rememberTab, storedTab, tabFromSearch, tabHref } from './tabs'

// Schedule is the tab a first visit opens; every other tab is its own chunk, fetched when it is opened, so the
// dashboard's first load carries one tab's code (issue 31 item 3: first load ≤ 150 KB gzip, ADR 056).
const CreateTab = lazy(async () => ({ default: (await import('./create-tab')).CreateTab }))
const HooksTab = lazy(async () => ({ default: (await import('./hooks-tab')).HooksTab }))
const AutomationTab = lazy(async () => ({ default: (await import('./automation-tab')).AutomationTab }))
const AiGenerationTab = lazy(async () => ({ default: (await import('./ai-generation-tab')).AiGenerationTab }))
const AnalyticsTab = lazy(async () => ({ default: (await import('./analytics-tab')).AnalyticsTab }))

/** What shows while a tab's chunk arrives. */
function TabLoading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-16">
          <Spinner label="Loading..." />
        </div>
      }
    >
      {children}
    </Suspense>
  )
}

/** Every tab: its introduction and panel. */
const BUILT = {
  schedule: {
    intro: 'Schedule videos to your TikTok accounts and follow every post on a calendar.',
    panel: <ScheduleTab />,
  },
  create: {
    intro:
      'Turn raw clips into vertical videos with text-overlay hooks, alone or as a hook clip followed by your demo.',
    panel: (
      <TabLoading>
        <CreateTab />
      </TabLoading>
    ),
  },
  hooks: {
    intro: 'Get AI-written hooks and content ideas for your audience, niche and goals.',
    panel: (
      <TabLoading>
        <HooksTab />
      </TabLoading>
    ),
  },
  automation: {
    intro: 'Let Hookpost plan, render and post for you every posting day, inside your posting window.',
    panel: (
      <TabLoading>
        <AutomationTab />
      </TabLoading>
    ),
  },
  aigeneration: {
    intro: 'Generate images and transform an image or a demo video into a video.',
    panel: (
      <TabLoading>
        <AiGenerationTab />
      </TabLoading>
    ),
  },
  analytics: {
    intro: 'See how each account’s posts do on TikTok, which hooks win, and when its audience watches.',
    panel: (
      <TabLoading>
        <AnalyticsTab />
      </TabLoading>
    ),
  },
} satisfies Record<DashboardTabKey, { intro: string; panel: ReactNode }>

export function DashboardHome() {
  const [searchParams] = useSearchParams()
  const tab = tabFromSearch(searchParams)

  useEffect(() => {
    if (tab) rememberTab(tab)
  }, [tab])
  useEffect(() => {
    const label = DASHBOARD_TABS.find((t) => t.key === tab)?.label
    document.title = label ? `${label} · Hookpost` : 'Dashboard · Hookpost'
  }, [tab])

  // No (or an unknown) ?tab=: show the remembered one, replacing the history entry so Back still works.
  if (!tab) return <Navigate to={tabHref(storedTab())} replace />

  const meta = DASHBOARD_TABS.find((t) => t.key === tab)
  const built = BUILT[tab]
  return (
    <section aria-labelledby="tab-heading">
      <h1 id="tab-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {meta?.label}
      </h1>
      <p className="mt-2 max-w-2xl text-slate-700">{built.intro}</p>
      <div className="mt-6">{built.panel}</div>
    </section>
  )
}
