import { useState } from 'react'
import { OVERLAYS_MAX, type TextOverlay } from '@hookpost/shared/studio'
import { useNotice } from '../../../lib/use-notice'
import { useSaveHook } from '../api/save-hook'
import { studioErrorMessage } from '../utils/errors'
import { STUDIO_MESSAGES } from '../utils/messages'
import { hookFromOverlay } from '../utils/overlays'

/**
 * Hooks and the video's overlays: a saved hook or an AI suggestion applied as an overlay (while there is room), and an
 * overlay saved as a hook; both say how it went in the saved hooks' notice.
 */
export function useHookOverlays(overlayCount: number, onApply: (overlay: TextOverlay) => void) {
  const saveHook = useSaveHook()
  const [notice, setNotice] = useNotice()
  const [savingHookId, setSavingHookId] = useState<string | null>(null)

  function apply(overlay: TextOverlay) {
    if (overlayCount >= OVERLAYS_MAX) {
      setNotice({
        tone: 'error',
        text: `A video can have up to ${OVERLAYS_MAX} text overlays. Remove one to add another.`,
      })
      return
    }
    setNotice(null)
    onApply(overlay)
  }

  function saveAsHook(overlay: TextOverlay) {
    if (saveHook.isPending) return
    setNotice(null)
    setSavingHookId(overlay.id)
    saveHook.mutate(hookFromOverlay(overlay), {
      onSettled: () => setSavingHookId(null),
      onSuccess: () => setNotice({ tone: 'success', text: STUDIO_MESSAGES.hookSaved }),
      onError: (error) => setNotice({ tone: 'error', text: studioErrorMessage(error, STUDIO_MESSAGES.saveHookFailed) }),
    })
  }

  return { notice, setNotice, savingHookId, apply, saveAsHook }
}
