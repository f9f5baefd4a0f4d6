import { useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import {
  isEditablePost,
  POST_LIMITS,
  PRIVACY_LABELS,
  tiktokCaption,
  type EditPostInput,
  type Post,
  type PrivacyLevel,
} from '@hookpost/shared/posts'
import { instantToZoned } from '@hookpost/shared/time'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { CharacterCount, Field } from '../../../components/ui/field'
import { buttonClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { Spinner } from '../../../components/ui/spinner'
import { ApiRequestError, userMessage } from '../../../lib/api-client'
import { useCreatorInfo } from '../api/get-creator-info'
import { useApprovePost, useEditPost, usePost } from '../api/edit-post'
import { ScheduleTimeFields } from './schedule-time-fields'
import { SourceBadge } from './scheduled-videos/source-badge'
import { StatusBadge } from './scheduled-videos/status-badge'
import { commercialNeedsChoice, isBranded, type CommercialChoice } from '../utils/schedule-form'
import { CommercialDisclosure, ConsentDeclaration, InteractionToggles, PrivacyField } from './tiktok-post-settings'

type Values = {
  title: string
  description: string
  privacyLevel: PrivacyLevel | ''
  allowComment: boolean
  allowDuet: boolean
  allowStitch: boolean
  commercial: CommercialChoice
  date: string
  time: string
  timeZone: string
}
type FieldName = keyof Values
type Errors = Partial<Record<FieldName, string>>

const FIELDS: readonly FieldName[] = [
  'title',
  'description',
  'privacyLevel',
  'allowComment',
  'allowDuet',
  'allowStitch',
  'date',
  'time',
  'timeZone',
]

function valuesOf(post: Post): Values {
  const { date, time } = instantToZoned(new Date(post.scheduledAt), post.timeZone)
  return {
    title: post.title,
    description: post.description,
    privacyLevel: post.privacyLevel,
    allowComment: post.allowComment,
    allowDuet: post.allowDuet,
    allowStitch: post.allowStitch,
    commercial: post.commercial,
    date,
    time,
    timeZone: post.timeZone,
  }
}

/** Only what the person changed: an unchanged time is not sent (it may have passed, and its job need not move). */
function changedFields(before: Values, after: Values): EditPostInput {
  const body: EditPostInput = {}
  if (after.title !== before.title) body.title = after.title
  if (after.description !== before.description) body.description = after.description
  if (after.privacyLevel !== before.privacyLevel && after.privacyLevel !== '') body.privacyLevel = after.privacyLevel
  if (after.allowComment !== before.allowComment) body.allowComment = after.allowComment
  if (after.allowDuet !== before.allowDuet) body.allowDuet = after.allowDuet
  if (after.allowStitch !== before.allowStitch) body.allowStitch = after.allowStitch
  // The disclosure as it will go out: with it off, the two boxes do not count.
  const disclosed = (c: CommercialChoice) =>
    c.enabled ? c : { enabled: false, yourBrand: false, brandedContent: false }
  const [was, now] = [disclosed(before.commercial), disclosed(after.commercial)]
  if (was.enabled !== now.enabled || was.yourBrand !== now.yourBrand || was.brandedContent !== now.brandedContent) {
    body.commercial = now
  }
  if (after.date !== before.date || after.time !== before.time || after.timeZone !== before.timeZone) {
    body.date = after.date
    body.time = after.time
    body.timeZone = after.timeZone
  }
  return body
}

/**
 * Edit a post before it goes out (issue 18): its caption (title and description, as TikTok will show them), who can
 * see it and its interactions (the creator's fresh options), and its time in a zone. A draft awaiting approval is
 * approved here too. Opened from the calendar, the list and the automation's History; it follows the post live.
 */
export function EditPostDialog({
  postId,
  onDone,
  onClose,
  fallbackFocus,
}: {
  postId: string
  /** Saved (or approved): what to tell the person. */
  onDone: (message: string) => void
  onClose: () => void
  fallbackFocus?: RefObject<HTMLElement | null>
}) {
  const id = useId()
  const post = usePost(postId)
  const closeRef = useRef<HTMLButtonElement>(null)
  return (
    <ModalDialog
      labelledBy={`${id}-title`}
      onClose={onClose}
      initialFocus={post.data ? undefined : closeRef}
      fallbackFocus={fallbackFocus}
    >
      {post.data ? (
        <EditPostForm post={post.data} titleId={`${id}-title`} onDone={onDone} onClose={onClose} />
      ) : (
        <div className="space-y-4 p-4 sm:p-6">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            Edit post
          </h2>
          {post.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {userMessage(post.error)}
            </p>
          ) : (
            <Spinner label="Loading the post..." />
          )}
          <div className="flex justify-end">
            <button ref={closeRef} type="button" className={secondaryButtonClass} onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  )
}

function EditPostForm({
  post,
  titleId,
  onDone,
  onClose,
}: {
  post: Post
  titleId: string
  onDone: (message: string) => void
  onClose: () => void
}) {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [initial] = useState(() => valuesOf(post))
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const edit = useEditPost()
  const approve = useApprovePost()
  const creator = useCreatorInfo(post.accountId, isEditablePost(post.state))
  const busy = edit.isPending || approve.isPending
  const editable = isEditablePost(post.state)
  const draft = post.state === 'draft'
  const changes = changedFields(initial, values)
  const changed = Object.keys(changes).length > 0
  const captionLength = tiktokCaption(values.title, values.description).length

  function change<K extends FieldName>(key: K, value: Values[K]) {
    setValues((prev) => ({ ...prev, [key]: value }))
    const linked: FieldName[] =
      key === 'date' || key === 'time' || key === 'timeZone' ? ['date', 'time', 'timeZone'] : [key]
    setErrors((prev) => ({ ...prev, ...Object.fromEntries(linked.map((k) => [k, undefined])) }))
    setFormError(null)
  }

  function refused(error: unknown) {
    if (error instanceof ApiRequestError && error.status === 400 && error.details?.length) {
      const next: Errors = {}
      for (const detail of error.details) {
        const field = FIELDS.find((f) => f === detail.path)
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

  const info = creator.data
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {draft ? 'Review post' : 'Edit post'}
        </h2>
        <span className="flex flex-wrap gap-1">
          <StatusBadge state={post.state} />
          <SourceBadge post={post} />
        </span>
      </div>
      <p className="text-sm [overflow-wrap:anywhere] text-slate-700">
        {post.account.accountName} (@{post.account.accountUsername})
        {post.media ? <span className="text-slate-500"> · {post.media.originalName}</span> : null}
      </p>
      {draft ? (
        <p className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          Awaiting your approval. It is posted at its time only once you approve it; if it is not approved by then, it
          is skipped and nothing is posted.
        </p>
      ) : null}
      {post.state === 'skipped' ? (
        <p className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
          {post.errorMessage ?? MESSAGES.draftNotApproved} {MESSAGES.skippedNeedsNewTime}
        </p>
      ) : null}
      {!editable ? (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          {MESSAGES.postNotEditable}
        </p>
      ) : null}
      {formError ? <MessageBanner tone="error">{formError}</MessageBanner> : null}

      <fieldset disabled={!editable || busy} className="space-y-4">
        <legend className="sr-only">Post</legend>
        <Field
          label="Title"
          required
          error={errors.title}
          aside={<CharacterCount length={values.title.length} max={POST_LIMITS.title} />}
          render={(props) => (
            <input
              {...props}
              name="title"
              autoComplete="off"
              value={values.title}
              onChange={(e) => change('title', e.target.value)}
            />
          )}
        />
        <Field
          label="Caption"
          error={errors.description}
          hint={
            <>
              Shown under the title on TikTok; hashtags go here. TikTok receives the title and caption together:{' '}
              <CharacterCount length={captionLength} max={POST_LIMITS.caption} />.
            </>
          }
          aside={<CharacterCount length={values.description.length} max={POST_LIMITS.description} />}
          render={(props) => (
            <textarea
              {...props}
              name="description"
              rows={6}
              value={values.description}
              onChange={(e) => change('description', e.target.value)}
            />
          )}
        />

        {info ? (
          <>
            <PrivacyField
              creator={info}
              value={values.privacyLevel}
              branded={isBranded(values.commercial)}
              error={errors.privacyLevel}
              onChange={(v) => change('privacyLevel', v)}
            />
            <InteractionToggles creator={info} values={values} onChange={(key, checked) => change(key, checked)} />
            <CommercialDisclosure
              value={values.commercial}
              privateChosen={values.privacyLevel === 'SELF_ONLY'}
              onChange={(commercial) => change('commercial', commercial)}
            />
          </>
        ) : editable ? (
          <div className="text-sm text-slate-700">
            <p>
              Who can view this video: <strong>{PRIVACY_LABELS[post.privacyLevel]}</strong>
            </p>
            {creator.isError ? (
              <p className="mt-1 text-red-700">{userMessage(creator.error)}</p>
            ) : (
              <Spinner label="Loading TikTok settings for this account..." />
            )}
          </div>
        ) : null}

        <ScheduleTimeFields
          values={values}
          errors={errors}
          now={new Date()}
          zoneHint="The date and time above are in this zone."
          onChange={change}
        />
      </fieldset>

      {editable ? <ConsentDeclaration branded={isBranded(values.commercial)} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          {editable ? 'Cancel' : 'Close'}
        </button>
        {editable ? (
          <button
            type="submit"
            className={draft ? secondaryButtonClass : buttonClass}
            disabled={busy || !changed}
            aria-describedby={changed ? undefined : `${id}-unchanged`}
          >
            {edit.isPending && !approve.isPending ? 'Saving...' : 'Save changes'}
          </button>
        ) : null}
        {draft ? (
          <button type="button" className={buttonClass} disabled={busy} onClick={() => void submit(true)}>
            {approve.isPending ? 'Approving...' : changed ? 'Save and approve' : 'Approve'}
          </button>
        ) : null}
      </div>
      {editable && !changed ? (
        <p id={`${id}-unchanged`} className="sr-only">
          Nothing changed yet.
        </p>
      ) : null}
    </form>
  )
}
