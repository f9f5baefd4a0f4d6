import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import {
  AUTOMATION_LIMITS,
  AUTOMATION_MESSAGES,
  type AutomationOverview,
  type AutomationSettingsInput,
} from '@hookpost/shared/automation'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { buttonClass } from '../../../components/ui/form'
import { LoadError } from '../../../components/ui/load-error'
import { MessageBanner } from '../../../components/ui/message-banner'
import { Spinner } from '../../../components/ui/spinner'
import { TabList, tabIds } from '../../../components/ui/tab-list'
import { ApiRequestError } from '../../../lib/api-client'
import { useNotice } from '../../../lib/use-notice'
import { useOnlyChoice } from '../../../lib/use-only-choice'
import { useAutomation } from '../api/get-automation'
import { useRunAutomation } from '../api/run-automation'
import { useSaveAutomation } from '../api/save-automation'
import {
  AUTOMATION_TABS,
  errorsByField,
  FIELD_TABS,
  formFromSettings,
  hasUnsavedChanges,
  problemCount,
  problemsFromDetails,
  validate,
  type AutomationForm,
  type AutomationTab,
  type FieldKey,
  type Problem,
} from '../utils/form'
import { runNowBlockers, waitingPosts, type RunNowBlocker } from '../utils/run-now'
import { AdvancedSettings, type AccountChoices } from './advanced-settings'
import { AutomationHistory } from './automation-history'
import { AutomationSwitch } from './automation-switch'
import { ContentSettings } from './content-settings'
import { ProblemSummary } from './problem-summary'
import { ScheduleSettings } from './schedule-settings'
import { VideoSelection, type LibraryChoices } from './video-selection'

export const SAVED_MESSAGE = 'Automation settings saved'

export interface AutomationPanelProps {
  /** The person's TikTok accounts (the tiktok feature's list, composed in app/). */
  accounts: AccountChoices
  /** The Library to choose videos from (the studio's list, composed in app/). */
  library: LibraryChoices
  /** The person's own zone (Profile & Accounts): the window's zone for an account without one. */
  profileTimeZone: string | null
  /** Offered in Advanced Settings when there is no TikTok account yet. */
  noAccounts: ReactNode
  /** Opens a planned post's editor (the posts feature's dialog, composed in app/): review, edit, approve. */
  onEditPost: (postId: string) => void
}

/**
 * The Automation tab (spec §2, §3, §5, §8, §9): the toggle, four sub-tabs saved together by Save Settings, Run Now,
 * and the History of runs, live.
 */
export function AutomationPanel(props: AutomationPanelProps) {
  const overview = useAutomation()
  if (!overview.data) {
    if (overview.isError) {
      return (
        <LoadError
          message={AUTOMATION_MESSAGES.fetchFailed}
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      )
    }
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading automation settings..." />
      </div>
    )
  }
  return <AutomationEditor overview={overview.data} {...props} />
}

/** Which fields a change can fix: their messages go once it is made. */
function touchedFields(patch: Partial<AutomationForm>): FieldKey[] {
  const fields: FieldKey[] = []
  for (const key of Object.keys(patch) as (keyof AutomationForm)[]) {
    switch (key) {
      case 'enabled':
        // What enabling needs (spec §5) is asked again on the next save.
        fields.push('accountId', 'videoIds', 'days', 'postSettings.privacyLevel')
        break
      case 'postSettings':
        fields.push(
          'postSettings.privacyLevel',
          'postSettings.allowComment',
          'postSettings.allowDuet',
          'postSettings.allowStitch',
        )
        break
      case 'windowStart':
      case 'windowEnd':
      case 'postsPerDay':
        fields.push('windowStart', 'windowEnd', 'postsPerDay')
        break
      case 'hookConcept':
        fields.push('hookConcept', 'customConcept')
        break
      case 'tone':
        fields.push('tone', 'customTone')
        break
      case 'customConcept':
      case 'customTone':
      case 'mustInclude':
      case 'mayInclude':
      case 'customPrompt':
      case 'exampleHooks':
      case 'days':
      case 'postingTimes':
      case 'videoIds':
      case 'accountId':
        fields.push(key)
        break
      case 'reviewBeforePosting':
        // A switch with no rule of its own: nothing it could fix.
        break
    }
  }
  return fields
}

function AutomationEditor({
  overview,
  accounts,
  library,
  profileTimeZone,
  noAccounts,
  onEditPost,
}: AutomationPanelProps & { overview: AutomationOverview }) {
  const id = useId()
  const save = useSaveAutomation()
  const run = useRunAutomation()
  const saved = overview.settings
  // Filled once from what is saved: a live refetch of the history must not undo the person's edits.
  const [form, setForm] = useState<AutomationForm>(() => formFromSettings(saved))
  const [tab, setTab] = useState<AutomationTab>('content')
  const [problems, setProblems] = useState<Problem[]>([])
  const [notice, setNotice] = useNotice()
  // Saving can cancel planned posts: turning automation off, or changing settings while it is on (the server plans
  // again). Either is asked first.
  const [confirm, setConfirm] = useState<{ kind: 'off' | 'replan'; body: AutomationSettingsInput } | null>(null)
  // Run Now with saved settings that cannot plan: what is missing, on the page (not a refused request).
  const [runBlockers, setRunBlockers] = useState<RunNowBlocker[]>([])
  const summaryRef = useRef<HTMLDivElement>(null)
  const saveRef = useRef<HTMLButtonElement>(null)
  // Focus moves after the render that shows its target (the summary, or a field on another sub-tab).
  const focusNext = useRef<'summary' | FieldKey | null>(null)
  useEffect(() => {
    const target = focusNext.current
    if (!target) return
    focusNext.current = null
    if (target === 'summary') {
      summaryRef.current?.focus()
      return
    }
    const panel = document.getElementById(tabIds(id, FIELD_TABS[target]).panelId)
    const field = panel?.querySelector<HTMLElement>(`[data-field="${target}"]:not(:disabled)`)
    ;(field ?? panel)?.focus()
  })

  const busy = save.isPending || run.isPending
  const errors = errorsByField(problems)
  const dirty = hasUnsavedChanges(form, saved)
  // The window is in the account's zone, else the person's (spec: settings.timeZone, for the saved account).
  const chosenAccount = accounts.items.find((a) => a.id === form.accountId)
  const timeZone =
    form.accountId === saved.accountId ? saved.timeZone : (chosenAccount?.timeZone ?? profileTimeZone ?? saved.timeZone)
  const waiting = waitingPosts(overview.runs)
  // A person with one account has it chosen for them (saving still sets it).
  useOnlyChoice(accounts.items, form.accountId, (accountId) => update({ accountId }))

  function update(patch: Partial<AutomationForm>) {
    setForm((current) => ({ ...current, ...patch }))
    const fixed = new Set(touchedFields(patch))
    setProblems((current) => {
      const next = current.filter((p) => p.field === null || !fixed.has(p.field))
      return next.length === current.length ? current : next
    })
  }

  function refuse(found: Problem[]) {
    setProblems(found)
    focusNext.current = 'summary'
  }

  function goTo(field: FieldKey) {
    setTab(FIELD_TABS[field])
    focusNext.current = field
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    setNotice(null)
    const result = validate(form)
    if (!result.ok) {
      refuse(result.problems)
      return
    }
    // Turning it off cancels what it planned and has not posted: ask first.
    if (saved.enabled && !form.enabled) {
      setProblems([])
      setConfirm({ kind: 'off', body: result.body })
      return
    }
    // Changed settings while on: the server cancels what is waiting (Run Now's posts too) and plans again. Saving
    // without changes keeps them, so only a change asks.
    if (saved.enabled && form.enabled && dirty && waiting > 0) {
      setProblems([])
      setConfirm({ kind: 'replan', body: result.body })
      return
    }
    send(result.body)
  }

  function send(body: AutomationSettingsInput) {
    setProblems([])
    setRunBlockers([])
    const known = new Set(overview.runs.map((r) => r.id))
    save.mutate(body, {
      onSuccess: (next) => {
        setConfirm(null)
        setForm(formFromSettings(next.settings))
        // Saving it on plans the coming days; the answer's newest run says what was planned.
        const planned = next.settings.enabled ? next.runs[0] : undefined
        setNotice({
          tone: 'success',
          text: planned && !known.has(planned.id) ? `${SAVED_MESSAGE}. ${planned.summary}` : SAVED_MESSAGE,
        })
      },
      onError: (error) => {
        setConfirm(null)
        if (error instanceof ApiRequestError && error.status < 500) {
          if (error.status === 400) refuse(problemsFromDetails(error.details, error.message))
          else setNotice({ tone: 'error', text: error.message })
          return
        }
        setNotice({ tone: 'error', text: AUTOMATION_MESSAGES.saveFailed })
      },
    })
  }

  function runNow() {
    if (busy) return
    setNotice(null)
    const blockers = runNowBlockers(saved, accounts.status === 'success' ? accounts.items.map((a) => a.id) : null)
    setRunBlockers(blockers)
    if (blockers.length > 0) return
    run.mutate(undefined, {
      onSuccess: (next) => {
        const latest = next.runs[0]
        setNotice({ tone: 'success', text: latest ? latest.summary : 'Automation ran' })
      },
      onError: (error) => {
        // A 400 says why in the spec's words ('Automation is disabled', 'No TikTok account selected', …).
        const text =
          error instanceof ApiRequestError && error.status < 500 ? error.message : AUTOMATION_MESSAGES.runFailed
        setNotice({ tone: 'error', text })
      },
    })
  }

  const tabs = AUTOMATION_TABS.map((t) => {
    const count = problemCount(problems, t.key)
    return {
      key: t.key,
      label: t.label,
      // 'Schedule Settings 1 problem': a count to see, words to hear.
      extra:
        count > 0 ? (
          <>
            {' '}
            <span className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-100 px-1 text-xs font-semibold text-red-800">
              {count}
              <span className="sr-only"> {count === 1 ? 'problem' : 'problems'}</span>
            </span>
          </>
        ) : null,
    }
  })

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id={`${id}-heading`} className="sr-only">
          Automation settings
        </h2>
        <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-heading`} className="space-y-5">
          <AutomationSwitch
            checked={form.enabled}
            saved={saved.enabled}
            disabled={busy}
            onChange={(enabled) => update({ enabled })}
          />
          <ProblemSummary ref={summaryRef} problems={problems} onGo={goTo} />

          <div>
            {/* Four tabs do not fit a phone's width in one row: they wrap instead of overflowing. */}
            <div className="[&_[role=tablist]]:flex-wrap">
              <TabList label="Automation settings" baseId={id} tabs={tabs} selected={tab} onSelect={setTab} />
            </div>
            <fieldset disabled={save.isPending} className="mt-4 min-w-0">
              {AUTOMATION_TABS.map((t) => {
                const ids = tabIds(id, t.key)
                return (
                  <div
                    key={t.key}
                    role="tabpanel"
                    id={ids.panelId}
                    aria-labelledby={ids.tabId}
                    hidden={tab !== t.key}
                    tabIndex={-1}
                    className="focus:outline-none"
                  >
                    {t.key === 'content' ? (
                      <ContentSettings form={form} errors={errors} onChange={update} />
                    ) : t.key === 'schedule' ? (
                      <ScheduleSettings form={form} errors={errors} timeZone={timeZone} onChange={update} />
                    ) : t.key === 'videos' ? (
                      <VideoSelection
                        library={library}
                        selected={form.videoIds}
                        error={errors.videoIds}
                        onChange={(videoIds) => update({ videoIds })}
                      />
                    ) : (
                      <AdvancedSettings
                        form={form}
                        errors={errors}
                        accounts={accounts}
                        noAccounts={noAccounts}
                        onChange={update}
                      />
                    )}
                  </div>
                )
              })}
            </fieldset>
          </div>

          {notice ? <MessageBanner tone={notice.tone}>{notice.text}</MessageBanner> : null}
          {runBlockers.length > 0 ? (
            <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <p className="font-medium">Run Now uses your saved settings, and they are not ready yet:</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {runBlockers.map((b) => (
                  <li key={b.message}>
                    <span className="font-medium">{b.message}.</span> {b.fix}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          <div className="space-y-2 border-t border-slate-200 pt-4">
            <div className="flex flex-wrap gap-2">
              <button
                ref={saveRef}
                type="submit"
                className={buttonClass}
                disabled={busy}
                aria-busy={save.isPending || undefined}
              >
                {save.isPending ? 'Saving...' : 'Save Settings'}
              </button>
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={busy}
                aria-busy={run.isPending || undefined}
                aria-describedby={`${id}-run-hint`}
                onClick={runNow}
              >
                {run.isPending ? 'Running...' : 'Run Now'}
              </button>
            </div>
            <ul className="space-y-0.5 text-xs text-slate-600">
              {dirty ? <li className="font-medium text-slate-800">You have unsaved changes.</li> : null}
              {saved.enabled && form.enabled ? (
                <li>
                  Saving changed settings cancels the posts automation planned that are not posted yet, those from Run
                  Now too, and plans again. Saving without changes keeps them.
                </li>
              ) : null}
              <li id={`${id}-run-hint`}>
                Run Now plans at least {AUTOMATION_LIMITS.runNowPosts} more posts now, on your next posting days that
                have nothing planned yet, with your saved settings; each goes out at its planned time
                {dirty ? '. Save your changes first to use them.' : '.'}
              </li>
            </ul>
          </div>
        </form>
      </section>

      <AutomationHistory runs={overview.runs} timeZone={saved.timeZone} onEditPost={onEditPost} />

      {confirm?.kind === 'off' ? (
        <ConfirmDialog
          title="Turn automation off?"
          text="The posts automation planned that are not posted yet will be cancelled."
          confirmLabel="Turn off and save"
          busyLabel="Saving..."
          busy={save.isPending}
          onConfirm={() => send(confirm.body)}
          onClose={() => setConfirm(null)}
          fallbackFocus={saveRef}
        />
      ) : confirm?.kind === 'replan' ? (
        <ConfirmDialog
          title="Plan your posts again?"
          text={`Saving these changes cancels the ${waiting === 1 ? 'post' : `${waiting} posts`} automation planned that ${
            waiting === 1 ? 'is' : 'are'
          } not posted yet (including any from Run Now) and plans your coming days again with the new settings.`}
          confirmLabel="Save and plan again"
          busyLabel="Saving..."
          busy={save.isPending}
          onConfirm={() => send(confirm.body)}
          onClose={() => setConfirm(null)}
          fallbackFocus={saveRef}
        />
      ) : null}
    </div>
  )
}
