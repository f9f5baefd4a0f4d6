import type { ReactNode } from 'react'
import { useDocumentTitle } from './use-document-title'

export interface LegalSection {
  /** Used for the heading's id, so sections can be linked to (e.g. /privacy#cookies). */
  id: string
  heading: string
  body: ReactNode
}

export interface LegalPageProps {
  title: string
  /** ISO date (YYYY-MM-DD) for the `<time>` element. */
  lastUpdatedIso: string
  /** Human-readable date, e.g. "November 22, 2026". */
  lastUpdatedLabel: string
  intro?: ReactNode
  sections: readonly LegalSection[]
}

/** Shared layout for the privacy policy and terms of service: one h1, a "Last updated" line and h2 sections. */
export function LegalPage({ title, lastUpdatedIso, lastUpdatedLabel, intro, sections }: LegalPageProps) {
  useDocumentTitle(`${title} · Hookpost`)

  return (
    <div className="bg-white text-slate-900">
      <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <header className="border-b border-slate-200 pb-8">
          <h1 className="text-3xl font-extrabold tracking-tight break-words sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-slate-600">
            Last updated: <time dateTime={lastUpdatedIso}>{lastUpdatedLabel}</time>
          </p>
          {intro && <div className="mt-6 space-y-4 text-base leading-7 break-words text-slate-700">{intro}</div>}
        </header>

        {sections.map((section, index) => (
          <section key={section.id} aria-labelledby={section.id} className="mt-10">
            <h2 id={section.id} className="scroll-mt-24 text-xl font-semibold break-words text-slate-900 sm:text-2xl">
              <span aria-hidden="true">{index + 1}. </span>
              {section.heading}
            </h2>
            <div className="mt-4 space-y-4 text-base leading-7 break-words text-slate-700 [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
              {section.body}
            </div>
          </section>
        ))}
      </article>
    </div>
  )
}
