import type { ReactNode } from 'react'
import { HOOK_OVERLAY_DEFAULTS } from '@hookpost/shared/studio'
import { useHookOverlays } from '../../hooks/use-hook-overlays'
import type { SlideshowDraftActions } from '../../hooks/use-slideshow-draft'
import { overlayFromHook, overlayFromText, type OverlayDraft } from '../../utils/overlays'
import type { DraftSlide } from '../../utils/slideshow-draft'
import { AddOverlayForm } from '../add-overlay-form'
import type { HookGeneratorSlot } from '../create-video/overlays-section'
import { OverlayList } from '../overlay-list'
import { SavedHooks } from '../saved-hooks'

/**
 * The selected slide's text: the same overlay model and editor as a video's (saved hooks, the AI hook generator, the
 * overlay form with font, sizes and colours, the reorderable list), without start and end times (a slide is a still).
 */
export function SlideOverlays({
  slide,
  position,
  newOverlay,
  title,
  hookGenerator,
  actions,
}: {
  slide: DraftSlide
  position: number
  newOverlay: OverlayDraft
  title: string
  hookGenerator?: (slot: HookGeneratorSlot) => ReactNode
  actions: SlideshowDraftActions
}) {
  const hooks = useHookOverlays(slide.overlays.length, actions.applyOverlay)
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">Text on slide {position}</legend>
      <SavedHooks
        notice={hooks.notice}
        onNotice={hooks.setNotice}
        onApply={(hook) => hooks.apply(overlayFromHook(hook))}
      />
      {hookGenerator?.({
        title,
        description: '',
        onApply: (text) => hooks.apply(overlayFromText(text, HOOK_OVERLAY_DEFAULTS)),
      })}
      <AddOverlayForm
        draft={newOverlay}
        combined={false}
        timed={false}
        count={slide.overlays.length}
        onChange={actions.changeNewOverlay}
        onAdd={actions.addOverlay}
      />
      <OverlayList
        overlays={slide.overlays}
        combined={false}
        timed={false}
        savingHookId={hooks.savingHookId}
        onSaveHook={hooks.saveAsHook}
        onUpdate={actions.updateOverlay}
        onMove={actions.moveOverlay}
        onRemove={actions.removeOverlay}
      />
    </fieldset>
  )
}
