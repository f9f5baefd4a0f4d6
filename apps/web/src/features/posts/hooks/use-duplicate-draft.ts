import { useState, type FormEvent, type RefObject } from 'react'
import { useQueries, type UseQueryResult } from '@tanstack/react-query'
import { MESSAGES } from '@hookpost/shared/messages'
import type { CreatorInfo, Post } from '@hookpost/shared/posts'
import { ApiRequestError, userMessage } from '../../../lib/api-client'
import { useDuplicatePost } from '../api/duplicate-post'
import { creatorInfoQueryOptions } from '../api/get-creator-info'
import type { ScheduleTimeValues } from '../components/schedule-time-fields'
import {
  copiedSettings,
  duplicateBody,
  settingsFor,
  targetErrorsFrom,
  targetProblems,
  type TargetErrors,
  type TargetSettings,
} from '../utils/duplicate-targets'
import { duplicateTimeDefaults } from '../utils/schedule-form'

type TimeErrors = Partial<Record<keyof ScheduleTimeValues, string>>

/**
 * What the Duplicate dialog holds (issue 30 item 5): the time, the accounts chosen (the post's own to start) with
 * the settings changed for each, each chosen creator's fresh options (TikTok rule 1, asked once per account), and
 * what the form or the server says is wrong, by account. `onSubmit` stops at what a creator cannot take before
 * sending; the server checks every copy again and creates all of them or none.
 */
export function useDuplicateDraft(
  formRef: RefObject<HTMLFormElement | null>,
  post: Post,
  onDone: (created: Post[]) => void,
) {
  const [time, setTime] = useState<ScheduleTimeValues>(() => duplicateTimeDefaults(post, new Date()))
  const [timeErrors, setTimeErrors] = useState<TimeErrors>({})
  const [chosen, setChosen] = useState<string[]>([post.accountId])
  const [changed, setChanged] = useState<Record<string, TargetSettings>>({})
  const [serverErrors, setServerErrors] = useState<Record<string, TargetErrors>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const duplicate = useDuplicatePost()
  const creatorQueries = useQueries({ queries: chosen.map((id) => creatorInfoQueryOptions(id)) })
  const creators = new Map<string, UseQueryResult<CreatorInfo>>()
  chosen.forEach((id, i) => {
    const query = creatorQueries[i]
    if (query) creators.set(id, query)
  })

  const settingsOf = (accountId: string) => changed[accountId] ?? copiedSettings(post)
  /** What the form itself finds wrong with the copy for this account, once its creator's options are known. */
  function problemsOf(accountId: string): TargetErrors {
    const creator = creators.get(accountId)?.data
    const own = creator ? targetProblems(post, settingsOf(accountId), creator) : {}
    return { ...serverErrors[accountId], ...own }
  }

  function focusFirstProblem() {
    window.setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0)
  }

  function clearErrors(accountId?: string) {
    setFormError(null)
    setServerErrors((prev) => {
      if (!accountId) return {}
      const { [accountId]: _gone, ...rest } = prev
      return rest
    })
  }

  function choose(accountId: string, on: boolean) {
    setChosen((prev) =>
      on ? [...prev.filter((id) => id !== accountId), accountId] : prev.filter((id) => id !== accountId),
    )
    clearErrors(accountId)
  }

  function changeSettings(accountId: string, next: TargetSettings) {
    setChanged((prev) => ({ ...prev, [accountId]: next }))
    clearErrors(accountId)
  }

  function changeTime(field: keyof ScheduleTimeValues, value: string) {
    setTime((prev) => ({ ...prev, [field]: value }))
    setTimeErrors({})
    setFormError(null)
  }

  function refused(error: unknown, sentIds: string[]) {
    if (!(error instanceof ApiRequestError) || error.status !== 400 || !error.details?.length) {
      setFormError(userMessage(error))
      return
    }
    const byAccount = targetErrorsFrom(error.details, sentIds)
    const next: TimeErrors = {}
    for (const detail of error.details) {
      const field = (['date', 'time', 'timeZone'] as const).find((f) => detail.path.split(/[./]/).pop() === f)
      if (field) next[field] ??= detail.message
    }
    setServerErrors(byAccount)
    setTimeErrors(next)
    if (Object.keys(byAccount).length > 0) setFormError(MESSAGES.duplicateFixAccounts)
    else if (Object.keys(next).length === 0) setFormError(userMessage(error))
    focusFirstProblem()
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (duplicate.isPending) return
    setFormError(null)
    if (chosen.length === 0) {
      setFormError(MESSAGES.duplicateNoAccount)
      return
    }
    if (chosen.some((id) => Object.keys(problemsOf(id)).length > 0)) {
      setFormError(MESSAGES.duplicateFixAccounts)
      focusFirstProblem()
      return
    }
    const targets = chosen.map((accountId) => ({
      accountId,
      settings: settingsFor(settingsOf(accountId), creators.get(accountId)?.data),
    }))
    duplicate.mutate(
      { id: post.id, body: duplicateBody(time, post, targets) },
      { onSuccess: onDone, onError: (error) => refused(error, chosen) },
    )
  }

  return {
    time,
    timeErrors,
    chosen,
    formError,
    pending: duplicate.isPending,
    creatorOf: (accountId: string) => creators.get(accountId),
    settingsOf,
    problemsOf,
    choose,
    changeSettings,
    changeTime,
    onSubmit,
  }
}
