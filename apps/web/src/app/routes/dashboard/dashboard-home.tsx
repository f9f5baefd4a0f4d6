import { useEffect, type ReactNode } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { DASHBOARD_TABS, type DashboardTabKey } from '@hookpost/shared/dashboard'
import { AiGenerationTab } from './ai-generation-tab'
import { CreateTab } from './create-tab'
import { HooksTab } from './hooks-tab'
import { ScheduleTab } from './schedule-tab'
import { rememberTab, storedTab, tabFromSearch, tabHref } from './tabs'

/** The tabs that are built: their introduction and panel. */
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
  aigeneration: {
    intro: 'Generate images and transform an image or a demo video into a video.',
    panel: <AiGenerationTab />,
  },
} satisfies Partial<Record<DashboardTabKey, { intro: string; panel: ReactNode }>>

/** What each remaining tab will hold; the panel arrives with its issue (#7). */
const COMING: Record<Exclude<DashboardTabKey, keyof typeof BUILT>, { intro: string; next: string[] }> = {
  automation: {
    intro: 'Let Hookpost plan, render and post for you every day, inside your posting window.',
    next: ['Pick your posting days and window', 'Choose the videos to rotate', 'Turn automation on'],
  },
}

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
  if (tab !== 'automation') {
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
  const content = COMING[tab]
  return (
    <section aria-labelledby="tab-heading">
      <h1 id="tab-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {meta?.label}
      </h1>
      <p className="mt-2 max-w-2xl text-slate-700">{content.intro}</p>
      <div className="mt-6 max-w-2xl rounded-lg border border-dashed border-slate-300 bg-white p-6">
        <h2 className="text-base font-semibold text-slate-900">Coming to this tab</h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm text-slate-700">
          {content.next.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
    </section>
  )
}
