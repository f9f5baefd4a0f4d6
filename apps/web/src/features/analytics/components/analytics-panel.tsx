import { useState, type ReactNode } from 'react'
import { ANALYTICS_MESSAGES, type StatsSyncStatus } from '@hookpost/shared/analytics'
import { MESSAGES } from '@hookpost/shared/messages'
import { AccountSelect } from '../../../components/ui/account-select'
import { LoadError } from '../../../components/ui/load-error'
import { Spinner } from '../../../components/ui/spinner'
import { useRememberedChoice } from '../../../lib/use-remembered-choice'
import { ALL_ACCOUNTS, ALL_ACCOUNTS_LABEL, resolveAccountChoice } from '../utils/account-choice'
import { presetRange, rangeLabel, rangeProblem, type DateRange, type PeriodChoice } from '../utils/period'
import { AccountAnalytics } from './account-analytics'
import { AllAccountsAnalytics } from './all-accounts-analytics'
import { PeriodPicker } from './period-picker'

/** One of the person's TikTok accounts, as the app composes them from the accounts list. */
export interface AnalyticsAccount {
  id: string
  /** 'Ana Cooks (@anacooks) · Sandbox' */
  label: string
  /** Lives in the TikTok sandbox: its figures are simulated, and the tab says so. */
  sandbox?: boolean
}

export interface AnalyticsAccounts {
  status: 'pending' | 'error' | 'success'
  items: readonly AnalyticsAccount[]
  retrying: boolean
  onRetry: () => void
}

export interface AnalyticsPanelProps {
  /** The person's TikTok accounts (the tiktok feature's list, composed in app/). */
  accounts: AnalyticsAccounts
  /** What to offer when there is no account yet (a way to connect one). */
  noAccounts: ReactNode
  /** The way out of a state only TikTok can fix: a (Re)connect button for the account (tiktok feature). */
  reconnect: (accountId: string, status: StatsSyncStatus) => ReactNode
  /**
   * The tab's one zone: the person's (Profile & Accounts). The period's days, every date and time shown and the best
   * times' hours are in it, and the tab says so once (issue 30 item 10: it showed three zones on one page).
   */
  timeZone: string
  /** The current time (tests fix it). */
  now: Date
}

/** Where the account choice is kept across reloads (lib/use-remembered-choice.ts). */
export const ANALYTICS_ACCOUNT_CHOICE = 'analytics.account'

/** "All dates and times on this tab are in Europe/Berlin (your time zone, from Profile & Accounts)." */
export function zoneNote(timeZone: string): string {
  return `All dates and times on this tab are in ${timeZone.replace(/_/g, ' ')} (your time zone, from Profile & Accounts).`
}

/**
 * The Analytics tab (issues 19 and 30): one account's figures for a period, or — with several accounts — all of them
 * side by side ("All accounts"), the choice kept across reloads; every date and time in the person's zone, said once.
 */
export function AnalyticsPanel({ accounts, noAccounts, reconnect, timeZone, now }: AnalyticsPanelProps) {
  const [remembered, remember] = useRememberedChoice(ANALYTICS_ACCOUNT_CHOICE, '')
  const [choice, setChoice] = useState<PeriodChoice>('28')
  const [custom, setCustom] = useState<DateRange>(() => presetRange('28', now, timeZone))

  if (accounts.status === 'pending') {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading TikTok accounts..." />
      </div>
    )
  }
  if (accounts.status === 'error') {
    return (
      <LoadError
        message={MESSAGES.fetchAccountsFailed}
        retrying={accounts.retrying}
        onRetry={accounts.onRetry}
        className="space-y-3"
      />
    )
  }
  if (accounts.items.length === 0) {
    return (
      <div className="rounded-md border border-dashed border-slate-300 p-6 text-center">
        <h2 className="font-semibold text-slate-900">{MESSAGES.noAccountsConnected}</h2>
        <div className="mt-2 text-sm text-slate-700">{noAccounts}</div>
      </div>
    )
  }

  const several = accounts.items.length > 1
  const accountId = resolveAccountChoice(
    remembered,
    accounts.items.map((a) => a.id),
  )
  const range = choice === 'custom' ? custom : presetRange(choice, now, timeZone)
  const problem = choice === 'custom' ? rangeProblem(custom) : null
  const period = problem ? null : { from: range.from, to: range.to, tz: timeZone }
  const sandbox = accountId === ALL_ACCOUNTS ? false : accounts.items.find((a) => a.id === accountId)?.sandbox

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6 lg:flex-row lg:flex-wrap lg:items-start lg:gap-x-8">
        <div className="w-full max-w-md">
          <AccountSelect
            accounts={several ? [{ id: ALL_ACCOUNTS, label: ALL_ACCOUNTS_LABEL }, ...accounts.items] : accounts.items}
            placeholder={several ? null : undefined}
            value={accountId}
            error={undefined}
            onChange={remember}
          />
        </div>
        <PeriodPicker
          choice={choice}
          custom={custom}
          problem={problem}
          range={problem ? null : rangeLabel(range)}
          onChoose={(next) => {
            // Custom starts from the period on screen, so adjusting one end is one change.
            if (next === 'custom' && choice !== 'custom') setCustom(range)
            setChoice(next)
          }}
          onCustomChange={setCustom}
        />
        <p className="text-sm text-slate-600 lg:basis-full">{zoneNote(timeZone)}</p>
      </div>
      {!accountId ? (
        <p className="text-sm text-slate-700">{ANALYTICS_MESSAGES.accountRequired}</p>
      ) : !period ? null : accountId === ALL_ACCOUNTS ? (
        <AllAccountsAnalytics query={period} onOpenAccount={remember} />
      ) : (
        <>
          {sandbox ? (
            <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              {ANALYTICS_MESSAGES.sandboxFigures}
            </p>
          ) : null}
          <AccountAnalytics query={{ accountId, ...period }} now={now} reconnect={reconnect} />
        </>
      )}
    </div>
  )
}
