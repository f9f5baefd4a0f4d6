import { useEffect, useState } from 'react'
import type { DroppedDraftVideo, VideoDraftView } from '@hookpost/shared/studio'
import { getVideoDraft, saveVideoDraft, trackDraftSave } from '../api/video-draft'
import { createDraftSaver, type DraftSaveStatus } from '../utils/draft-saver'

/**
 * The Create form's autosave (`createDraftSaver`) for the page's lifetime of the form: its status as state, and a last
 * save sent as the page is hidden or left (keepalive: the browser finishes it after the page is gone) and as the form
 * closes (another dashboard tab). `dropped` is the last set of videos the server took out of a save (for the form to
 * remove); `notes` every one to tell the person about, from the draft as it was read on.
 */
export function useDraftAutosave(initial: VideoDraftView) {
  const [status, setStatus] = useState<DraftSaveStatus>(initial.content ? { state: 'saved' } : { state: 'empty' })
  const [dropped, setDropped] = useState<DroppedDraftVideo[]>([])
  const [notes, setNotes] = useState<DroppedDraftVideo[]>(initial.dropped)
  const [saver] = useState(() =>
    createDraftSaver(initial, {
      save: saveVideoDraft,
      load: getVideoDraft,
      track: trackDraftSave,
      onStatus: setStatus,
      onDropped: (gone) => {
        setDropped(gone)
        setNotes((prev) => [...prev, ...gone])
      },
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

  return { status, saver, dropped, notes, setNotes, setDropped }
}
