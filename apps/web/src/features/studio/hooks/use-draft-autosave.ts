import { useEffect, useRef, useState } from 'react'
import type { DroppedDraftVideo, VideoDraftView } from '@hookpost/shared/studio'
import { getVideoDraft, saveVideoDraft, trackDraftSave } from '../api/video-draft'
import { createDraftSaver, type DraftSaveStatus } from '../utils/draft-saver'

/**
 * The Create form's autosave (`createDraftSaver`) for the page's lifetime of the form: its status as state, and a last
 * save sent as the page is hidden or left (keepalive: the browser finishes it after the page is gone) and as the form
 * closes (another dashboard tab). `onDropped` hears of videos the server took out of a save.
 */
export function useDraftAutosave(initial: VideoDraftView, onDropped: (dropped: DroppedDraftVideo[]) => void) {
  const [status, setStatus] = useState<DraftSaveStatus>(initial.content ? { state: 'saved' } : { state: 'empty' })
  const droppedRef = useRef(onDropped)
  useEffect(() => {
    droppedRef.current = onDropped
  })
  const [saver] = useState(() =>
    createDraftSaver(initial, {
      save: saveVideoDraft,
      load: getVideoDraft,
      track: trackDraftSave,
      onStatus: setStatus,
      onDropped: (dropped) => droppedRef.current(dropped),
    }),
  )

  useEffect(() => {
    const leave = () => saver.flush({ keepalive: true })
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave()
    }
    document.addEventListener('visibilitychange', hidden)
    window.addEventListener('pagehide', leave)
    return () => {
      document.removeEventListener('visibilitychange', hidden)
      window.removeEventListener('pagehide', leave)
      leave()
    }
  }, [saver])

  return { status, saver }
}
