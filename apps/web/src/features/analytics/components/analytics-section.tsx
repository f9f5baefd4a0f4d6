import { useId, type ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { ANALYTICS_MESSAGES } from '@hookpost/shared/analytics'
import { LoadError } from '../../../components/ui/load-error'
import { Spinner } from '../../../components/ui/spinner'

/** A section of the tab: a heading, and its content once its query answered (a spinner before, a retry on failure). */
export function AnalyticsSection<T>({
  title,
  query,
  children,
  action,
}: {
  title: string
  query: UseQueryResult<T>
  children: (data: T) => ReactNode
  action?: ReactNode
}) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3" aria-busy={query.isFetching || undefined}>
        {query.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={`Loading ${title.toLowerCase()}…`} />
          </div>
        ) : query.isError ? (
          <LoadError
            className="space-y-3"
            message={ANALYTICS_MESSAGES.fetchFailed}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        ) : (
          children(query.data)
        )}
      </div>
    </section>
  )
}
