import { useId, useRef, type ReactNode } from 'react'
import { tusVideoUploader, type VideoUploader } from '../../../lib/uploads/upload-video'
import { useCreateVideoSubmit } from '../hooks/use-create-video-submit'
import { useLibraryChoice } from '../hooks/use-library-choice'
import { useLocalSizes } from '../hooks/use-local-sizes'
import { useSlotUpload, type SlotUpload } from '../hooks/use-slot-upload'
import { useVideoDraft } from '../hooks/use-video-draft'
import { chosenVideos, inFlight } from '../utils/chosen-videos'
import { readVideoDimensions, type DimensionsReader } from '../utils/video-dimensions'
import type { VideoSlot } from '../utils/video-draft'
import { CreateVideoFooter } from './create-video/create-video-footer'
import { OverlaysSection, type HookGeneratorSlot } from './create-video/overlays-section'
import { PreviewColumn } from './create-video/preview-column'
import { VideoSourceSection } from './create-video/video-source-section'
import { OverlayPreview } from './overlay-preview'
import { VideoDetailsFields } from './video-details-fields'

export { CREATED_NOTICE_MS } from '../hooks/use-create-video-submit'
export type { HookGeneratorSlot } from './create-video/overlays-section'

export type CreateVideoFormProps = {
  /** The AI hook generator (composed by the app: it needs the TikTok accounts); none when absent. */
  hookGenerator?: (slot: HookGeneratorSlot) => ReactNode
  /** The upload transport; tests pass a fake. */
  uploader?: VideoUploader
  /** Reads a chosen file's width and height in the browser (for the preview before upload); tests pass a fake. */
  readDimensions?: DimensionsReader
  /**
   * 'hook-demo' (the hook-demo route, product.md §2 'Create Hook + Demo Video'): the same form, opened on the Library's hook
   * clips for the video and asking for the product demo, overlays at the bottom by default (product.md §9).
   */
  preset?: 'hook-demo'
}

/**
 * 'Create New Video' (product.md §2 Create tab, §5): the video (uploaded or from the Library; one that is not portrait 9:16
 * is fitted with a blurred fill or a crop, ADR 032), an optional Product Demo Video (uploaded or from the Library) that
 * makes it hook + demo (in sequence or side by side), title and description, text overlays with a live 280×498 preview
 * drawn by the renderer's own code, and Create Video. The server renders it in the background; the list below follows
 * it live.
 */
export function CreateVideoForm({
  hookGenerator,
  uploader = tusVideoUploader,
  readDimensions = readVideoDimensions,
  preset,
}: CreateVideoFormProps) {
  const id = useId()
  const hookDemo = preset === 'hook-demo'
  const formRef = useRef<HTMLFormElement>(null)
  const { draft, errors, submitError, actions } = useVideoDraft(hookDemo)
  const uploads: Record<VideoSlot, SlotUpload> = {
    video: useSlotUpload(uploader),
    demo: useSlotUpload(uploader),
  }
  const localSizes = useLocalSizes(readDimensions)
  const library = useLibraryChoice((slot, pick) => {
    // One video per slot: the Library's replaces an upload.
    uploads[slot].forget()
    actions.pickFromLibrary(slot, pick)
  })
  const videos = chosenVideos(draft, { video: uploads.video.state, demo: uploads.demo.state }, localSizes.sizes)
  const submit = useCreateVideoSubmit({
    formRef,
    draft,
    media: {
      sourceMediaId: videos.sourceMedia?.id ?? null,
      demoMediaId: videos.demoMedia?.id ?? null,
      videoUploading: inFlight(uploads.video.state),
      demoUploading: inFlight(uploads.demo.state),
    },
    onChecked: actions.submitted,
    onFailed: actions.createFailed,
    onCreated: () => {
      library.clearErrors()
      uploads.video.forget()
      uploads.demo.forget()
      localSizes.clear()
      actions.created()
    },
  })

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {hookDemo ? 'Create Hook + Demo Video' : 'Create New Video'}
      </h2>
      {hookDemo ? (
        <p className="mt-1 text-sm text-slate-700">
          Pick one of our hook clips to grab attention, add your product demo after it, and put your words on both.
        </p>
      ) : null}
      <form
        ref={formRef}
        noValidate
        onSubmit={submit.onSubmit}
        aria-labelledby={`${id}-heading`}
        className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_280px]"
      >
        <div className="min-w-0 space-y-5">
          <VideoSourceSection
            id={id}
            hookDemo={hookDemo}
            draft={draft}
            errors={errors}
            combined={videos.combined}
            fitApplies={videos.fitApplies}
            uploads={uploads}
            library={library}
            onFile={(slot, file) => {
              actions.chooseFile(slot)
              localSizes.read(slot, file)
              uploads[slot].start(file)
            }}
            onRemovePick={actions.removeLibraryPick}
            onLayout={actions.chooseLayout}
            onFit={actions.chooseFit}
          />

          <fieldset className="space-y-4">
            <legend className="text-base font-semibold text-slate-900">Details</legend>
            <VideoDetailsFields
              title={draft.title}
              description={draft.description}
              errors={errors}
              onChange={actions.changeDetails}
            />
          </fieldset>

          <OverlaysSection
            overlays={draft.overlays}
            newOverlay={draft.newOverlay}
            combined={videos.combined}
            videoMs={videos.videoMs}
            title={draft.title}
            description={draft.description}
            error={errors.overlays}
            hookGenerator={hookGenerator}
            actions={actions}
          />
        </div>

        <PreviewColumn>
          <OverlayPreview
            hook={videos.hookPreview}
            demo={videos.demoPreview}
            hookSize={videos.hookSize}
            demoSize={videos.demoSize}
            layout={draft.layout}
            fit={draft.fit}
            overlays={draft.overlays}
            onMoveOverlay={actions.placeOverlay}
          />
        </PreviewColumn>

        <CreateVideoFooter
          submitError={submitError}
          pending={submit.pending}
          created={submit.created}
          onDismissCreated={submit.dismissCreated}
        />
      </form>
    </section>
  )
}
