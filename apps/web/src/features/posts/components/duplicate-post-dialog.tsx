import { useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import type { CalendarPost, Post } from '@hookpost/shared/posts'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { buttonClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { ApiRequestError, userMessage } from '../../../lib/api-client'
import { useDuplicatePost } from '../api/duplicate-post'
import { duplicateTimeDefaults } from '../utils/schedule-form'
import { ScheduleTimeFields, type ScheduleTimeValues } from './schedule-time-fields'

type TimeErrors = Partial<Record<keyof ScheduleTimeValues, string>>

/**
 * Duplicate a post (issue 21): a new scheduled post with the same video, account, caption and TikTok settings, at the
 * date, time and zone chosen here. The server copies only what is the person's and checks the copy like any new post
 * (the creator's options may have changed); nothing is created until 'Duplicate' is pressed.
 */
export function DuplicatePostDialog({
  post,
  onDone,
  onClose,
  fallbackFocus,
}: {
  post: CalendarPost
  /** The new post, once created. */
  onDone: (created: Post) => void
  onClose: () => void
  fallbackFocus?: RefObject<HTMLElement | null>
}) {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<ScheduleTimeValues>(() => duplicateTimeDefaults(post, new Date()))
  const [errors, setErrors] = useState<TimeErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const duplicate = useDuplicatePost()

  function refused(error: unknown) {
    const next: TimeErrors = {}
    if (error instanceof ApiRequestError && error.status === 400 && error.details?.length) {
      for (const detail of error.details) {
        const field = (['date', 'time', 'timeZone'] as const).find((f) => detail.path.split(/[./]/).pop() === f)
        if (field) next[field] ??= detail.message
      }
    }
    setErrors(next)
    if (Object.keys(next).length === 0) setFormError(userMessage(error))
    else window.setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (duplicate.isPending) return
    setFormError(null)
    duplicate.mutate(
      { id: post.id, body: values },
      {
        onSuccess: (created) => {
          onDone(created)
          onClose()
        },
        onError: refused,
      },
    )
  }

  return (
    <ModalDialog
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
      preventClose={duplicate.isPending}
    >
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-4 p-4 sm:p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
          Duplicate “{post.title}”
        </h2>
        <p id={`${id}-text`} className="text-sm text-slate-700">
          A new scheduled post with the same video, account ({post.account.accountName}, @{post.account.accountUsername}
          ), caption and TikTok settings. Choose when it goes out; you can edit it afterwards.
        </p>
        {formError ? <MessageBanner tone="error">{formError}</MessageBanner> : null}
        <fieldset disabled={duplicate.isPending} className="space-y-4">
          <legend className="sr-only">When the copy goes out</legend>
          <ScheduleTimeFields
            values={values}
            errors={errors}
            now={new Date()}
            zoneHint="The date and time above are in this zone."
            onChange={(field, value) => {
              setValues((prev) => ({ ...prev, [field]: value }))
              setErrors({})
              setFormError(null)
            }}
          />
        </fieldset>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={onClose} disabled={duplicate.isPending}>
            Cancel
          </button>
          <button type="submit" className={buttonClass} disabled={duplicate.isPending}>
            {duplicate.isPending ? 'Duplicating...' : 'Duplicate'}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
