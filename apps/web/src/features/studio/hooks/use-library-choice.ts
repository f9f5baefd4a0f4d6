import { useCallback, useState } from 'react'
import type { LibraryVideo } from '@hookpost/shared/library'
import { useChooseLibraryItem } from '../api/choose-library-item'
import { studioErrorMessage } from '../utils/errors'
import { STUDIO_MESSAGES } from '../utils/messages'
import type { LibraryPick, VideoSlot } from '../utils/video-draft'

const NO_ERRORS: Record<VideoSlot, string | null> = { video: null, demo: null }

/**
 * Choosing a Library video for a slot: the item is made a media file of the person's (one at a time, for either
 * slot), then `onChosen` gets it; when that fails, the slot says why.
 */
export function useLibraryChoice(onChosen: (slot: VideoSlot, pick: LibraryPick) => void) {
  const chooseFromLibrary = useChooseLibraryItem()
  // Which slot's Library item is being made ready (one at a time), and the item.
  const [choosing, setChoosing] = useState<{ slot: VideoSlot; itemId: string } | null>(null)
  const [errors, setErrors] = useState(NO_ERRORS)

  function choose(slot: VideoSlot, item: LibraryVideo) {
    if (chooseFromLibrary.isPending) return
    setErrors((prev) => ({ ...prev, [slot]: null }))
    setChoosing({ slot, itemId: item.id })
    chooseFromLibrary.mutate(item.id, {
      onSettled: () => setChoosing(null),
      onSuccess: (media) => onChosen(slot, { item, media }),
      onError: (error) =>
        setErrors((prev) => ({ ...prev, [slot]: studioErrorMessage(error, STUDIO_MESSAGES.libraryVideoFailed) })),
    })
  }

  const clearErrors = useCallback(() => setErrors(NO_ERRORS), [])
  return { choosing, errors, choose, clearErrors }
}

export type LibraryChoice = ReturnType<typeof useLibraryChoice>
