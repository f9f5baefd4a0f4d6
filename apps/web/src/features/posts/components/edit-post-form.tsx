import { useId, useRef, type ReactNode } from 'react'
import { isEditablePost, POST_LIMITS, PRIVACY_LABELS, type Post } from '@hookpost/shared/posts'
import { SLIDESHOW_LIMITS } from '@hookpost/shared/slideshows'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { CharacterCount, Field } from '../../../components/ui/field'
import { buttonClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { Spinner } from '../../../components/ui/spinner'
import { userMessage } from '../../../lib/api-client'
import { usePostEditDraft } from '../hooks/use-post-edit-draft'
import { isBranded } from '../utils/schedule-form'
import { CreatorSettingsFields } from './creator-settings-fields'
import { EditDestinationFields } from './edit-destination-fields'
import { EditPostSummary } from './edit-post-summary'
import { ScheduleTimeFields } from './schedule-time-fields'
import { ConsentDeclaration } from './tiktok-post-settings'
import { DRAFT_NOTE } from './post-format-fields'
import { TitleField } from './title-field'

/** The Edit post dialog's form, once the post has loaded (edit-post-dialog.tsx). */
export function EditPostForm({
  post,
  titleId,
  preview,
  onDone,
  onClose,
}: {
  post: Post
  titleId: string
  /** What the post sends, shown beside its caption (the automation's rendered video, composed in app/). */
  preview?: ReactNode
  onDone: (message: string) => void
  onClose: () => void
}) {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const draft = usePostEditDraft(formRef, post, onDone, onClose)
  const { values, errors, change, creator, changed, busy } = draft
  // A rejected draft is skipped for good (ADR 048): nothing about it can change.
  const editable = isEditablePost(post.state) && post.rejectedAt === null
  const isDraft = post.state === 'draft'
  const info = creator.data
  // Issue 29: a photo post offers only comments and a 90-character title; a draft carries no TikTok settings.
  const photo = post.format === 'photo'
  const inbox = post.postMode === 'inbox'
  return (
    <form ref={formRef} noValidate onSubmit={draft.onSubmit} className="space-y-4 p-4 sm:p-6">
      <EditPostSummary post={post} titleId={titleId} />
      {draft.formError ? <MessageBanner tone="error">{draft.formError}</MessageBanner> : null}

      <fieldset disabled={!editable || busy} className="space-y-4">
        <legend className="sr-only">Post</legend>
        {editable ? <EditDestinationFields post={post} draft={draft} /> : null}
        <div className={preview ? 'grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]' : 'contents'}>
          {preview ? <div className="flex justify-center sm:block">{preview}</div> : null}
          <div className="min-w-0 space-y-4">
            <TitleField
              value={values.title}
              error={errors.title}
              max={photo ? SLIDESHOW_LIMITS.title : POST_LIMITS.title}
              onChange={(title) => change('title', title)}
            />
            <Field
              label="Caption"
              error={errors.description}
              hint={
                <>
                  Shown under the title on TikTok; hashtags go here. TikTok receives the title and caption together:{' '}
                  <CharacterCount length={draft.captionLength} max={POST_LIMITS.caption} />.
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
          </div>
        </div>

        {inbox ? (
          <p className="text-sm text-slate-700">{DRAFT_NOTE}</p>
        ) : info ? (
          <CreatorSettingsFields
            creator={info}
            photo={photo}
            privacyLevel={draft.shown.privacyLevel}
            interactions={draft.shown}
            commercial={values.commercial}
            privacyError={errors.privacyLevel}
            onPrivacyChange={(v) => change('privacyLevel', v)}
            onInteractionChange={(key, checked) => change(key, checked)}
            onCommercialChange={(commercial) => change('commercial', commercial)}
          />
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
            className={isDraft ? secondaryButtonClass : buttonClass}
            disabled={busy || !changed}
            aria-describedby={changed ? undefined : `${id}-unchanged`}
          >
            {draft.saving && !draft.approving ? 'Saving...' : 'Save changes'}
          </button>
        ) : null}
        {isDraft ? (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={busy}
            aria-describedby={`${id}-reject-note`}
            onClick={() => void draft.rejectDraft()}
          >
            {draft.rejecting ? 'Rejecting...' : 'Reject'}
          </button>
        ) : null}
        {isDraft ? (
          <button type="button" className={buttonClass} disabled={busy} onClick={() => void draft.submit(true)}>
            {draft.approving ? 'Approving...' : changed ? 'Save and approve' : 'Approve'}
          </button>
        ) : null}
      </div>
      {isDraft ? (
        <p id={`${id}-reject-note`} className="sr-only">
          Rejected, it is never posted.
        </p>
      ) : null}
      {editable && !changed ? (
        <p id={`${id}-unchanged`} className="sr-only">
          Nothing changed yet.
        </p>
      ) : null}
    </form>
  )
}
