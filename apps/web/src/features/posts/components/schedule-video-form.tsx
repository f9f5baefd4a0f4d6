import { useId, useRef } from 'react'
import { POST_LIMITS } from '@hookpost/shared/posts'
import { SLIDESHOW_LIMITS } from '@hookpost/shared/slideshows'
import { CharacterCount, Field } from '../../../components/ui/field'
import { MessageBanner } from '../../../components/ui/message-banner'
import { VideoFileField } from '../../../components/ui/video-file-field'
import { tusVideoUploader, type VideoUploader } from '../../../lib/uploads/upload-video'
import { useScheduleDraft, type ScheduleDraftOptions } from '../hooks/use-schedule-draft'
import { CreatorSettingsFields } from './creator-settings-fields'
import { CreatorSummary } from './creator-summary'
import { LetterboxNote } from './letterbox-note'
import { DRAFT_NOTE, PostFormatFields } from './post-format-fields'
import { PresetVideoPreview } from './preset-video-preview'
import { ScheduleFormActions } from './schedule-form-actions'
import { ScheduleTimeFields } from './schedule-time-fields'
import { SlideshowPicker } from './slideshow-picker'
import { TitleField } from './title-field'

export type { PresetVideo } from '../utils/schedule-form'

/** Said at the top of the form "Schedule another" opens, so nobody takes it for the post just made (ADR 042). */
export const NEW_POST_NOTE =
  'A new post: the account, who can view it and the interactions are kept from the last one, at the same time the next day. Choose its video or slideshow and write its title.'

export type ScheduleVideoFormProps = Omit<ScheduleDraftOptions, 'formRef' | 'uploader' | 'now'> & {
  onCancel?: () => void
  /** The upload transport (tus); tests pass a fake. */
  uploader?: VideoUploader
  /** The clock (tests pin it). */
  now?: () => Date
}

/**
 * 'Schedule New Video' below the account picker (product.md §2, §5) with TikTok's required posting UX (tiktok-api.md §6):
 * who receives the post (fresh creator info), the video, title and description, when (date, time and zone — the
 * moment must exist in that zone and be in the future), privacy, interactions, the commercial content disclosure and
 * the consent declaration. On success it hands the new post to `onScheduled` (its dialog closes; ADR 042); opened by
 * "Schedule another" it says it is a new post and starts from the last one's account, settings and next day.
 */
export function ScheduleVideoForm({
  onCancel,
  uploader = tusVideoUploader,
  now = () => new Date(),
  ...given
}: ScheduleVideoFormProps) {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const draft = useScheduleDraft({ ...given, formRef, uploader, now })
  const { account, video, onAddToQueue } = given
  const { values, errors, info, unavailable, upload } = draft

  return (
    <form ref={formRef} noValidate onSubmit={draft.submit} className="mt-4 space-y-5" aria-label="Schedule a video">
      {given.another ? (
        <p className="rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-900">{NEW_POST_NOTE}</p>
      ) : null}
      {unavailable ? (
        <MessageBanner tone="error">{unavailable}</MessageBanner>
      ) : (
        <CreatorSummary account={account} creator={draft.creator} />
      )}

      <PostFormatFields
        showFormat={video === undefined}
        format={values.format}
        postMode={values.postMode}
        onFormat={draft.chooseFormat}
        onMode={draft.chooseMode}
      />

      {draft.photo ? (
        <SlideshowPicker
          value={values.slideshowId}
          error={errors.slideshow}
          onChange={(slideshowId) => draft.change('slideshowId', slideshowId)}
        />
      ) : video ? (
        <PresetVideoPreview video={video} problem={draft.tooLong} />
      ) : (
        <>
          <VideoFileField
            state={upload.state}
            error={errors.video}
            mediaProblem={draft.tooLong}
            inputKey={draft.inputKey}
            onFile={draft.chooseFile}
            onCancel={upload.clear}
            onRemove={draft.removeVideo}
          />
          <LetterboxNote media={upload.state.phase === 'ready' ? upload.state.media : null} />
        </>
      )}

      <TitleField
        value={values.title}
        error={errors.title}
        max={draft.photo ? SLIDESHOW_LIMITS.title : POST_LIMITS.title}
        onChange={(title) => draft.change('title', title)}
      />

      <Field
        label="Description"
        error={errors.description}
        hint="Hashtags and mentions go here. TikTok shows it under the title."
        aside={<CharacterCount length={values.description.length} max={POST_LIMITS.description} />}
        render={(props) => (
          <textarea
            {...props}
            name="description"
            rows={4}
            value={values.description}
            onChange={(e) => draft.change('description', e.target.value)}
          />
        )}
      />

      <ScheduleTimeFields
        values={{ date: values.date, time: values.time, timeZone: draft.timeZone }}
        errors={errors}
        now={now()}
        suggestionsFor={unavailable === null ? account.id : undefined}
        zoneHint={
          draft.zoneChoice === null
            ? account.timeZone
              ? "This account's time zone."
              : 'Your time zone (Profile & Accounts).'
            : 'The date and time above are in this zone.'
        }
        onChange={(field, value) => (field === 'timeZone' ? draft.changeZone(value) : draft.change(field, value))}
      />

      {draft.draftMode ? (
        <p className="text-sm text-slate-700">{DRAFT_NOTE}</p>
      ) : info && !info.cannotPostReason ? (
        <CreatorSettingsFields
          creator={info}
          photo={draft.photo}
          privacyLevel={draft.privacyLevel}
          interactions={draft.interactions}
          commercial={values.commercial}
          privacyError={errors.privacyLevel}
          onPrivacyChange={(level) => draft.change('privacyLevel', level)}
          onInteractionChange={(key, checked) => draft.change(key, checked)}
          onCommercialChange={draft.changeCommercial}
        />
      ) : null}

      {draft.photo ? (
        <label className="inline-flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name="autoAddMusic"
            checked={values.autoAddMusic}
            onChange={(e) => draft.change('autoAddMusic', e.target.checked)}
            className="h-4 w-4 accent-fuchsia-700"
          />
          Auto-add music (TikTok adds a sound to the slideshow)
        </label>
      ) : null}

      <ScheduleFormActions
        draft={draft}
        id={id}
        presetVideo={video !== undefined || given.slideshow !== undefined}
        onCancel={onCancel}
        canQueue={onAddToQueue !== undefined}
      />
    </form>
  )
}
