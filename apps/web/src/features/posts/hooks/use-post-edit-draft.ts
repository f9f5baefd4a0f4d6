import { useState, type FormEvent, type RefObject } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import { isEditablePost, tiktokCaption, type Post } from '@hookpost/shared/posts'
import { ApiRequestError, userMessage } from '../../../lib/api-client'
import { useApprovePost, useEditPost, useRejectPost } from '../api/edit-post'
import { useCreatorInfo } from '../api/get-creator-info'
import {
  changedFields,
  POST_EDIT_FIELDS,
  postEditValues,
  type PostEditErrors,
  type PostEditField,
  type PostEditValues,
  type ReplacementVideo,
} from '../utils/post-edit'
import { settingsFor } from '../utils/duplicate-targets'
import { commercialNeedsChoice } from '../utils/schedule-form'

/**
 * What the Edit post dialog holds while a person changes a post: the values as the post had them and as changed, the
 * replacement video chosen (issue 30 item 5), what each field or the form says is wrong, and the fresh options of the
 * creator it goes to (another one once its account changes). `submit` sends only what changed, then approves a draft
 * when asked; a refusal shows at its fields and focuses the first.
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
  const [video, setVideo] = useState<ReplacementVideo | null>(null)
  const edit = useEditPost()
  const approve = useApprovePost()
  const reject = useRejectPost()
  const creator = useCreatorInfo(values.accountId, isEditablePost(post.state))
  // On another account, the settings go as its creator allows them: a privacy level it does not offer is chosen again,
  // an interaction it turned off is off (its toggle is greyed out, TikTok rule 2c).
  // A draft carries no settings (the creator chooses them in TikTok).
  const moved = values.accountId !== initial.accountId && post.postMode === 'direct'
  const sent = moved ? { ...values, ...settingsFor(values, creator.data) } : values
  const changes = changedFields(initial, sent)
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

  function chooseVideo(next: ReplacementVideo | null) {
    setVideo(next)
    change('mediaId', next?.mediaId ?? '')
  }

  async function submit(andApprove: boolean) {
    setFormError(null)
    const missing: PostEditErrors = {}
    if (values.title.trim() === '') missing.title = MESSAGES.requiredFields
    if (moved && creator.data && !sent.privacyLevel) {
      missing.privacyLevel = 'Choose who can view this video on this account.'
    }
    if (Object.keys(missing).length > 0) {
      setErrors(missing)
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

  /** Reject (ADR 048): the draft is never posted; what was typed and not saved goes with it. */
  async function rejectDraft() {
    setFormError(null)
    try {
      await reject.mutateAsync(post.id)
      onDone(MESSAGES.draftRejected)
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
    /** What goes out: on another account, as its creator allows it. */
    shown: sent,
    video,
    errors,
    formError,
    creator,
    changed,
    saving: edit.isPending,
    approving: approve.isPending,
    rejecting: reject.isPending,
    busy: edit.isPending || approve.isPending || reject.isPending,
    captionLength: tiktokCaption(values.title, values.description).length,
    change,
    chooseVideo,
    submit,
    rejectDraft,
    onSubmit,
  }
}
