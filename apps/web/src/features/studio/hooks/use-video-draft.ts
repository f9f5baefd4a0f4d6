import { useMemo, useReducer } from 'react'
import type { MediaFile } from '@hookpost/shared/posts'
import type { OverlayAnchor, SourceFit, TextOverlay } from '@hookpost/shared/studio'
import { newOverlayId, type OverlayDraft } from '../utils/overlays'
import {
  videoDraftReducer,
  type CombinedLayout,
  type CreateFormErrors,
  type LibraryPick,
  type VideoDraft,
  type VideoSlot,
} from '../utils/video-draft'

/**
 * The Create form's draft (`videoDraftReducer`), starting from `initial` (a saved draft, or an empty one), and what it
 * says about it, with a named call for each change the form makes. The calls never change, so sections can take them
 * as they are.
 */
export function useVideoDraft(hookDemo: boolean, initial: VideoDraft) {
  const [state, dispatch] = useReducer(videoDraftReducer, { draft: initial, errors: {}, submitError: null })
  const actions = useMemo(
    () => ({
      changeDetails: (field: 'title' | 'description', value: string) =>
        dispatch({ type: 'detailsChanged', field, value }),
      chooseFile: (slot: VideoSlot) => dispatch({ type: 'fileChosen', slot }),
      finishUpload: (slot: VideoSlot, media: MediaFile) => dispatch({ type: 'uploadFinished', slot, media }),
      pickFromLibrary: (slot: VideoSlot, pick: LibraryPick) => dispatch({ type: 'libraryPicked', slot, pick }),
      removeVideo: (slot: VideoSlot) => dispatch({ type: 'videoRemoved', slot }),
      dropVideo: (slot: VideoSlot, mediaId: string) => dispatch({ type: 'videoDropped', slot, mediaId }),
      chooseHookAccount: (accountId: string) => dispatch({ type: 'hookAccountChosen', accountId }),
      chooseFit: (fit: SourceFit) => dispatch({ type: 'fitChosen', fit }),
      chooseCropFocus: (cropFocus: number) => dispatch({ type: 'cropFocusChosen', cropFocus }),
      chooseLayout: (layout: CombinedLayout) => dispatch({ type: 'layoutChosen', layout }),
      changeNewOverlay: (newOverlay: OverlayDraft) => dispatch({ type: 'newOverlayChanged', newOverlay }),
      addOverlay: () => dispatch({ type: 'overlayAdded', id: newOverlayId() }),
      applyOverlay: (overlay: TextOverlay) => dispatch({ type: 'overlayApplied', overlay }),
      updateOverlay: (overlay: TextOverlay) => dispatch({ type: 'overlayUpdated', overlay }),
      moveOverlay: (from: number, to: number) => dispatch({ type: 'overlayMoved', from, to }),
      removeOverlay: (id: string) => dispatch({ type: 'overlayRemoved', id }),
      placeOverlay: (id: string, anchor: OverlayAnchor) => dispatch({ type: 'overlayPlaced', id, anchor }),
      submitted: (errors: CreateFormErrors) => dispatch({ type: 'submitted', errors }),
      createFailed: (message: string, errors: CreateFormErrors) => dispatch({ type: 'createFailed', message, errors }),
      created: () => dispatch({ type: 'created', hookDemo }),
    }),
    [hookDemo],
  )
  return { ...state, actions }
}

export type VideoDraftActions = ReturnType<typeof useVideoDraft>['actions']
