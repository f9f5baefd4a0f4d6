import { useState, type FormEvent, type RefObject } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import { isEditablePost, tiktokCaption, type Post } from '@hookpost/shared/posts'
import { ApiRequestError, userMessage } from '../../../lib/api-client'
import { useApprovePost, useEditPost } from '../api/edit-post'
import { useCreatorInfo } from '../api/get-creator-info'
import {
  changedFields,
  POST_EDIT_FIELDS,
  postEditValues,
  type PostEditErrors,
  type PostEditField,
  type PostEditValues,
} from '../utils/post-edit'
import { commercialNeedsChoice } from '../utils/schedule-form'

/**
 * What the Edit post dialog holds while a person changes a post: the values as the post had them and as changed, what
 * each field or the form says is wrong, and the creator's fresh options. `submit` sends only what changed, then
 * approves a draft when asked; a refusal shows at its fields and focuses the first.
 */
export function usePostEditDraft(
  formRef: RefObject<HTMLFormElement | null>,
  post: Post,
  onDone: (message: string) => void,
  onClose: () => void,
) {
  const [initial] = useState(() => postEditValues(post))
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<PostEditErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const edit = useEditPost()
  const approve = useApprovePost()
  const creator = useCreatorInfo(post.accountId, isEditablePost(post.state))
  const changes = changedFields(initial, values)
  const changed = Object.keys(changes).length > 0

  function change<K extends PostEditField>(key: K, value: PostEditValues[K]) {
    setValues((prev) => ({ ...prev, [key]: value }))
    const linked: PostEditField[] =
      key === 'date' || key === 'time' || key === 'timeZone' ? ['date', 'time', 'timeZone'] : [key]
    setErrors((prev) => ({ ...prev, ...Object.fromEntries(linked.map((k) => [k, undefined])) }))
    setFormError(null)
  }

  function refused(error: unknown) {
    if (error instanceof ApiRequestError && error.status === 400 && error.details?.length) {
      const next: PostEditErrors = {}
      for (const detail of error.details) {
        const field = POST_EDIT_FIELDS.find((f) => f === detail.path)
        if (field) next[field] ??= detail.message
        else setFormError(detail.message)
      }
      setErrors(next)
      // Focus the first field to fix once it has rendered as invalid.
      window.setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0)
      return
    }
    setFormError(userMessage(error))
  }

  async function submit(andApprove: boolean) {
    setFormError(null)
    if (values.title.trim() === '') {
      setErrors({ title: MESSAGES.requiredFields })
      window.setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0)
      return
    }
    if (commercialNeedsChoice(values.commercial)) {
      setFormError(MESSAGES.commercialNeedsChoice)
      return
    }
    try {
      if (changed) await edit.mutateAsync({ id: post.id, body: changes })
      if (andApprove) await approve.mutateAsync(post.id)
      onDone(andApprove ? MESSAGES.postApproved : MESSAGES.postSaved)
      onClose()
    } catch (error) {
      refused(error)
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    void submit(false)
  }

  return {
    values,
    errors,
    formError,
    creator,
    changed,
    saving: edit.isPending,
    approving: approve.isPending,
    busy: edit.isPending || approve.isPending,
    captionLength: tiktokCaption(values.title, values.description).length,
    change,
    submit,
    onSubmit,
  }
}
