import { useEffect, useRef, type ReactNode } from 'react'
import type { DroppedDraftVideo } from '@hookpost/shared/studio'
import type { VideoUploader } from '../../../../lib/uploads/upload-video'
import { useCreateVideoSubmit } from '../../hooks/use-create-video-submit'
import { useLibraryChoice } from '../../hooks/use-library-choice'
import { useLocalSizes } from '../../hooks/use-local-sizes'
import { useSlotUpload, type SlotUpload } from '../../hooks/use-slot-upload'
import { useVideoDraft, type VideoDraftActions } from '../../hooks/use-video-draft'
import { chosenVideos, inFlight } from '../../utils/chosen-videos'
import type { DimensionsReader } from '../../utils/video-dimensions'
import { previewFit } from '../../utils/preview'
import type { VideoDraft, VideoSlot } from '../../utils/video-draft'
import { OverlayPreview } from '../overlay-preview'
import { MiniPreview } from '../preview/mini-preview'
import { VideoDetailsFields } from '../video-details-fields'
import { CreateVideoFooter } from './create-video-footer'
import { OverlaysSection, type HookGeneratorSlot } from './overlays-section'
import { PreviewColumn } from './preview-column'
import { VideoSourceSection } from './video-source-section'

export type CreateVideoEditorProps = {
  hookDemo: boolean
  /** The draft the form opens with (the saved one, or an empty one). */
  initial: VideoDraft
  /** The form's id, which the fields' ids start with; the heading is `${id}-heading`. */
  id: string
  hookGenerator?: (slot: HookGeneratorSlot) => ReactNode
  uploader: VideoUploader
  readDimensions: DimensionsReader
  /** Hears every change of the draft (to save it). */
  onDraftChange: (draft: VideoDraft) => void
  /** Videos the server no longer has (deleted since a save): taken out of the form. */
  dropped: readonly DroppedDraftVideo[]
}

/** Once the server has checked an upload, it is the slot's video in the draft (and saved with it). */
function useFinishedUploads(uploads: Record<VideoSlot, SlotUpload>, actions: VideoDraftActions) {
  const video = uploads.video.state
  const demo = uploads.demo.state
  useEffect(() => {
    if (video.phase === 'ready') actions.finishUpload('video', video.media)
  }, [video, actions])
  useEffect(() => {
    if (demo.phase === 'ready') actions.finishUpload('demo', demo.media)
  }, [demo, actions])
}

/**
 * The Create form itself (product.md §2 Create tab, §5): the video (uploaded or from the Library; one that is not
 * portrait 9:16 is fitted with a blurred fill or a crop, ADR 032), an optional Product Demo Video that makes it hook +
 * demo (in sequence or side by side), title and description, text overlays with a live 280×498 preview drawn by the
 * renderer's own code, and Create Video. The server renders it in the background; the list below follows it live.
 */
export function CreateVideoEditor({
  hookDemo,
  initial,
  id,
  hookGenerator,
  uploader,
  readDimensions,
  onDraftChange,
  dropped,
}: CreateVideoEditorProps) {
  const formRef = useRef<HTMLFormElement>(null)
  const previewRef = useRef<HTMLDivElement>(null)
  const { draft, errors, submitError, actions } = useVideoDraft(hookDemo, initial)
  const uploads: Record<VideoSlot, SlotUpload> = {
    video: useSlotUpload(uploader),
    demo: useSlotUpload(uploader),
  }
  useFinishedUploads(uploads, actions)
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

  useEffect(() => onDraftChange(draft), [draft, onDraftChange])
  useEffect(() => {
    for (const video of dropped) actions.dropVideo(video.slot, video.mediaId)
  }, [dropped, actions])

  return (
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
          cropAxis={videos.cropAxis}
          uploads={uploads}
          library={library}
          onFile={(slot, file) => {
            actions.chooseFile(slot)
            localSizes.read(slot, file)
            uploads[slot].start(file)
          }}
          onRemove={actions.removeVideo}
          onLayout={actions.chooseLayout}
          onFit={actions.chooseFit}
          onCropFocus={actions.chooseCropFocus}
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
          hookAccountId={draft.hookAccountId}
          error={errors.overlays}
          hookGenerator={hookGenerator}
          actions={actions}
        />
      </div>

      <PreviewColumn ref={previewRef}>
        <OverlayPreview
          hook={videos.hookPreview}
          demo={videos.demoPreview}
          hookSize={videos.hookSize}
          demoSize={videos.demoSize}
          layout={draft.layout}
          fit={draft.fit}
          cropFocus={draft.cropFocus}
          overlays={draft.overlays}
          onMoveOverlay={actions.placeOverlay}
        />
      </PreviewColumn>
      <MiniPreview
        source={videos.hookPreview}
        fit={previewFit('full', videos.hookSize, draft.fit) === 'cover' ? 'cover' : 'contain'}
        position={`${draft.cropFocus}% ${draft.cropFocus}%`}
        overlays={draft.overlays}
        fullPreview={previewRef}
      />

      <CreateVideoFooter
        submitError={submitError}
        pending={submit.pending}
        created={submit.created}
        onDismissCreated={submit.dismissCreated}
      />
    </form>
  )
}
