import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { DASHBOARD_TABS, type DashboardTabKey } from '@hookpost/shared/dashboard'
import { Spinner } from '../../../components/ui/spinner'
import { AiGenerationTab } from './ai-generation-tab'
import { AutomationTab } from './automation-tab'
import { CreateTab } from './create-tab'
import { HooksTab } from './hooks-tab'
import { ScheduleTab } from './schedule-tab'
import { rememberTab, storedTab, tabFromSearch, tabHref } from './tabs'

// Its own chunk: nobody downloads the Analytics tab's code (its SVG charts included) before opening it.
const AnalyticsTab = lazy(async () => ({ default: (await import('./analytics-tab')).AnalyticsTab }))

/** Every tab: its introduction and panel. */
const BUILT = {
  schedule: {
    intro: 'Schedule videos to your TikTok accounts and follow every post on a calendar.',
    panel: <ScheduleTab />,
  },
  create: {
    intro:
      'Turn raw clips into vertical videos with text-overlay hooks, alone or as a hook clip followed by your demo.',
    panel: <CreateTab />,
  },
  hooks: {
    intro: 'Get AI-written hooks and content ideas for your audience, niche and goals.',
    panel: <HooksTab />,
  },
  automation: {
    intro: 'Let Hookpost plan, render and post for you every posting day, inside your posting window.',
    panel: <AutomationTab />,
  },
  aigeneration: {
    intro: 'Generate images and transform an image or a demo video into a video.',
    panel: <AiGenerationTab />,
  },
  analytics: {
    intro: 'See how each account’s posts do on TikTok, which hooks win, and when its audience watches.',
    panel: (
      <Suspense
        fallback={
          <div className="flex justify-center py-16">
            <Spinner label="Loading analytics..." />
          </div>
        }
      >
        <AnalyticsTab />
      </Suspense>
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
