import { useMemo, useReducer } from 'react'
import type { Slideshow, WrittenSlideshow } from '@hookpost/shared/slideshows'
import type { OverlayAnchor, TextOverlay } from '@hookpost/shared/studio'
import type { OverlayDraft } from '../utils/overlays'
import { emptySlideshowDraft, slideshowDraftReducer, type DraftSlide } from '../utils/slideshow-draft'

/** The slideshow studio's draft (`slideshowDraftReducer`) with a named call for each change the editor makes. */
export function useSlideshowDraft(initial?: Slideshow) {
  const [draft, dispatch] = useReducer(slideshowDraftReducer, initial, (given) =>
    given ? slideshowDraftReducer(emptySlideshowDraft(), { type: 'loaded', slideshow: given }) : emptySlideshowDraft(),
  )
  const actions = useMemo(
    () => ({
      changeTitle: (title: string) => dispatch({ type: 'titleChanged', title }),
      addSlide: (slide: Omit<DraftSlide, 'key' | 'overlays'>) => dispatch({ type: 'slideAdded', slide }),
      removeSlide: (key: string) => dispatch({ type: 'slideRemoved', key }),
      moveSlide: (from: number, to: number) => dispatch({ type: 'slideMoved', from, to }),
      chooseCover: (key: string) => dispatch({ type: 'coverChosen', key }),
      selectSlide: (key: string) => dispatch({ type: 'slideSelected', key }),
      changeNewOverlay: (newOverlay: OverlayDraft) => dispatch({ type: 'newOverlayChanged', newOverlay }),
      addOverlay: () => dispatch({ type: 'overlayAdded' }),
      applyOverlay: (overlay: TextOverlay) => dispatch({ type: 'overlayApplied', overlay }),
      updateOverlay: (overlay: TextOverlay) => dispatch({ type: 'overlayUpdated', overlay }),
      moveOverlay: (from: number, to: number) => dispatch({ type: 'overlayMoved', from, to }),
      removeOverlay: (id: string) => dispatch({ type: 'overlayRemoved', id }),
      placeOverlay: (id: string, anchor: OverlayAnchor) => dispatch({ type: 'overlayPlaced', id, anchor }),
      applyWritten: (written: WrittenSlideshow) => dispatch({ type: 'written', written }),
      load: (slideshow: Slideshow) => dispatch({ type: 'loaded', slideshow }),
      reset: () => dispatch({ type: 'reset' }),
    }),
    [],
  )
  return { draft, actions }
}

export type SlideshowDraftActions = ReturnType<typeof useSlideshowDraft>['actions']
