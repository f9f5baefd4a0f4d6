import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react'
import type { AutomationOverview, AutomationSettingsInput } from '@hookpost/shared/automation'
import { tabIds } from '../../../components/ui/tab-list'
import { useNotice } from '../../../lib/use-notice'
import { useOnlyChoice } from '../../../lib/use-only-choice'
import { useRunAutomation } from '../api/run-automation'
import { useSaveAutomation } from '../api/save-automation'
import type { AccountChoices } from '../components/account-choice'
import {
  errorsByField,
  FIELD_TABS,
  formFromSettings,
  hasUnsavedChanges,
  problemsAfterChange,
  type AutomationForm,
  type AutomationTab,
  type FieldKey,
  type Problem,
} from '../utils/form'
import {
  newRunNow,
  runFailureMessage,
  runNowBlockers,
  runNowProgress,
  waitingPosts,
  type RunNowBlocker,
} from '../utils/run-now'
import { saveFailure, savedMessage, saveStep, type SaveQuestion } from '../utils/save-settings'

/**
 * The Automation tab's editor: the form (filled once from what is saved), its problems and where focus goes for them,
 * Save Settings (asking first when saving cancels planned posts) and Run Now. `baseId`: the sub-tabs' ids;
 * `summaryRef`: the problem summary, focused after a refused save.
 */
export function useAutomationEditor({
  overview,
  accounts,
  profileTimeZone,
  baseId,
  summaryRef,
}: {
  overview: AutomationOverview
  accounts: AccountChoices
  profileTimeZone: string | null
  baseId: string
  summaryRef: RefObject<HTMLDivElement | null>
}) {
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
  const [confirm, setConfirm] = useState<SaveQuestion | null>(null)
  // Run Now with saved settings that cannot plan: what is missing, on the page (not a refused request).
  const [runBlockers, setRunBlockers] = useState<RunNowBlocker[]>([])
  // The Run Now this page started: its post's progress is said live, from the History as it refetches (ADR 050).
  const [runNowId, setRunNowId] = useState<string | null>(null)
  const runNowRun = runNowId ? overview.runs.find((r) => r.id === runNowId) : undefined
  const runNowStatus = runNowRun ? runNowProgress(runNowRun, new Date()) : null
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
    const tab: AutomationTab | null = FIELD_TABS[target]
    // The account is chosen above the sub-tabs; every other field is in its sub-tab's panel.
    const panel = tab ? document.getElementById(tabIds(baseId, tab).panelId) : document
    const field = panel?.querySelector<HTMLElement>(`[data-field="${target}"]:not(:disabled)`)
    ;(field ?? (panel instanceof HTMLElement ? panel : null))?.focus()
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
    setProblems((current) => problemsAfterChange(current, patch))
  }

  function refuse(found: Problem[]) {
    setProblems(found)
    focusNext.current = 'summary'
  }

  function goTo(field: FieldKey) {
    const tab: AutomationTab | null = FIELD_TABS[field]
    if (!tab) {
      // Above the sub-tabs, on screen already: nothing to open first.
      document.querySelector<HTMLElement>(`[data-field="${field}"]:not(:disabled)`)?.focus()
      return
    }
    setTab(tab)
    focusNext.current = field
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    setNotice(null)
    const next = saveStep(form, saved, waiting)
    if (next.step === 'refuse') {
      refuse(next.problems)
      return
    }
    if (next.step === 'ask') {
      setProblems([])
      setConfirm(next.question)
      return
    }
    send(next.body)
  }

  function send(body: AutomationSettingsInput) {
    setProblems([])
    setRunBlockers([])
    const known = new Set(overview.runs.map((r) => r.id))
    save.mutate(body, {
      onSuccess: (next) => {
        setConfirm(null)
        setForm(formFromSettings(next.settings))
        setNotice({ tone: 'success', text: savedMessage(next, known) })
      },
      onError: (error) => {
        setConfirm(null)
        const failure = saveFailure(error)
        if ('problems' in failure) refuse(failure.problems)
        else setNotice({ tone: 'error', text: failure.message })
      },
    })
  }

  function runNow() {
    if (busy) return
    setNotice(null)
    const blockers = runNowBlockers(saved, accounts.status === 'success' ? accounts.items.map((a) => a.id) : null)
    setRunBlockers(blockers)
    if (blockers.length > 0) return
    setRunNowId(null)
    run.mutate(undefined, {
      onSuccess: (next) => setRunNowId(newRunNow(next)?.id ?? null),
      onError: (error) => setNotice({ tone: 'error', text: runFailureMessage(error) }),
    })
  }

  return {
    form,
    saved,
    tab,
    setTab,
    problems,
    errors,
    notice,
    confirm,
    closeConfirm: () => setConfirm(null),
    runBlockers,
    runNowStatus,
    saving: save.isPending,
    running: run.isPending,
    busy,
    dirty,
    timeZone,
    waiting,
    update,
    goTo,
    onSubmit,
    send,
    runNow,
  }
}
