import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { SLIDESHOW_LIMITS, type Slideshow } from '@hookpost/shared/slideshows'
import { secondaryButtonClass } from '../../../../components/ui/button-styles'
import { CharacterCount, Field } from '../../../../components/ui/field'
import { buttonClass } from '../../../../components/ui/form'
import { MessageBanner } from '../../../../components/ui/message-banner'
import { useSaveSlideshow } from '../../api/slideshows'
import { useSlideshowDraft } from '../../hooks/use-slideshow-draft'
import { studioErrorMessage } from '../../utils/errors'
import { checkSlideshowDraft, slideIndex, type SlideshowErrors } from '../../utils/slideshow-draft'
import type { HookGeneratorSlot } from '../create-video/overlays-section'
import { AddSlidePanel, type ImagePickerSlot } from './add-slide-panel'
import { SlideList } from './slide-list'
import { SlideOverlays } from './slide-overlays'
import { SlidePreview } from './slide-preview'
import { SlideshowWriter, type WriterAccount } from './slideshow-writer'

export const SLIDESHOW_SAVED = 'Slideshow saved. Its slides are rendering below.'

export type SlideshowEditorProps = {
  /** A saved slideshow to edit; without it a new one is made. */
  editing?: Slideshow
  hookGenerator?: (slot: HookGeneratorSlot) => ReactNode
  imagePicker?: ImagePickerSlot
  accounts?: readonly WriterAccount[]
  /** Saved (created or changed): the render follows in the list. */
  onSaved?: (slideshow: Slideshow) => void
  onCancelEdit?: () => void
}

/**
 * The slideshow studio (issue 29, Create tab): a title, 1–35 slides (a still of a Library video, a gallery image or a
 * new upload), each with its own text overlays and a live 9:16 preview, reordered by drag or by keyboard, one chosen
 * as the cover; the AI writer fills them. Save sends it to the server, which renders each slide to a 1080×1920 JPEG;
 * the list below follows the render live.
 */
export function SlideshowEditor({
  editing,
  hookGenerator,
  imagePicker,
  accounts = [],
  onSaved,
  onCancelEdit,
}: SlideshowEditorProps) {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const { draft, actions } = useSlideshowDraft(editing)
  const save = useSaveSlideshow()
  const [errors, setErrors] = useState<SlideshowErrors>({})
  const [submitError, setSubmitError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const [focusRequest, setFocusRequest] = useState(0)
  const selected = slideIndex(draft, draft.selectedKey)
  const slide = draft.slides[selected] ?? null

  useEffect(() => {
    if (focusRequest === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-slides-error]')?.focus()
  }, [focusRequest])

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (save.isPending) return
    setSaved(false)
    setSubmitError(null)
    const checked = checkSlideshowDraft(draft)
    if (!checked.ok) {
      setErrors(checked.errors)
      setFocusRequest((n) => n + 1)
      return
    }
    setErrors({})
    save.mutate(
      { id: draft.id, input: checked.input },
      {
        onSuccess: (slideshow) => {
          if (!draft.id) actions.reset()
          setSaved(true)
          onSaved?.(slideshow)
        },
        onError: (error) => setSubmitError(studioErrorMessage(error, 'The slideshow could not be saved. Try again.')),
      },
    )
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {draft.id ? 'Edit slideshow' : 'Create New Slideshow'}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A TikTok photo post: up to {SLIDESHOW_LIMITS.maxSlides} slides people swipe through, your hook on the first.
      </p>
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={`${id}-heading`}
        className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_280px]"
      >
        <div className="min-w-0 space-y-5">
          <Field
            label="Slideshow title"
            required
            error={errors.title}
            aside={<CharacterCount length={draft.title.length} max={SLIDESHOW_LIMITS.title} />}
            render={(props) => (
              <input
                {...props}
                autoComplete="off"
                value={draft.title}
                onChange={(e) => {
                  actions.changeTitle(e.target.value)
                  setErrors((prev) => ({ ...prev, title: undefined }))
                }}
              />
            )}
          />
          <AddSlidePanel
            count={draft.slides.length}
            imagePicker={imagePicker}
            onAdd={(added) => {
              actions.addSlide(added)
              setErrors((prev) => ({ ...prev, slides: undefined }))
            }}
          />
          <div>
            <h3 className="text-base font-semibold text-slate-900">Slides</h3>
            {errors.slides ? (
              <p role="alert" tabIndex={-1} data-slides-error className="mt-1 text-sm text-red-700">
                {errors.slides}
              </p>
            ) : null}
            <div className="mt-2">
              <SlideList
                slides={draft.slides}
                coverKey={draft.coverKey}
                selectedKey={draft.selectedKey}
                onMove={actions.moveSlide}
                onCover={actions.chooseCover}
                onSelect={actions.selectSlide}
                onRemove={actions.removeSlide}
              />
            </div>
          </div>
          <SlideshowWriter accounts={accounts} slideCount={draft.slides.length} onWritten={actions.applyWritten} />
          {slide ? (
            <SlideOverlays
              key={slide.key}
              slide={slide}
              position={selected + 1}
              newOverlay={draft.newOverlay}
              title={draft.title}
              hookGenerator={hookGenerator}
              actions={actions}
            />
          ) : null}
        </div>
        <div className="min-w-0 self-start lg:sticky lg:top-16 lg:row-span-2">
          <SlidePreview slide={slide} position={selected + 1} onMoveOverlay={actions.placeOverlay} />
        </div>
        <div className="min-w-0 space-y-3 border-t border-slate-200 pt-4">
          {submitError ? <MessageBanner tone="error">{submitError}</MessageBanner> : null}
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              className={buttonClass}
              disabled={save.isPending}
              aria-busy={save.isPending || undefined}
            >
              {save.isPending ? 'Saving...' : draft.id ? 'Save changes' : 'Save slideshow'}
            </button>
            {draft.id && onCancelEdit ? (
              <button type="button" className={secondaryButtonClass} onClick={onCancelEdit}>
                Cancel editing
              </button>
            ) : null}
          </div>
          {saved ? (
            <MessageBanner tone="success" onDismiss={() => setSaved(false)}>
              {SLIDESHOW_SAVED}
            </MessageBanner>
          ) : null}
        </div>
      </form>
    </section>
  )
}
