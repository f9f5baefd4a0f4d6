import { useId, useState } from 'react'
import type { Slideshow } from '@hookpost/shared/slideshows'
import { MessageBanner } from '../../../../components/ui/message-banner'
import { SLIDESHOW_SAVED, SlideshowEditor, type SlideshowEditorProps } from './slideshow-editor'
import { SlideshowsList } from './slideshows-list'

/**
 * The Create tab's Slideshow mode (issue 29): the editor (a new slideshow, or the one chosen for editing) above the
 * person's slideshows. Editing one brings it into the editor and the page up to it; one opened from the Library is
 * brought into view in the list, where its "Export as video" is.
 */
export function SlideshowStudio({
  onSchedule,
  openSlideshowId = null,
  ...slots
}: Omit<SlideshowEditorProps, 'editing' | 'onSaved' | 'onCancelEdit'> & {
  onSchedule?: (slideshow: Slideshow) => void
  /** A slideshow to bring into view in the list (the Library links here to export one as a video). */
  openSlideshowId?: string | null
}) {
  const id = useId()
  const [editing, setEditing] = useState<Slideshow | null>(null)
  // An edit saved starts the editor over on a new slideshow: the notice is said here, where it stays.
  const [editSaved, setEditSaved] = useState(false)
  return (
    <div className="space-y-6" id={id}>
      {editSaved ? (
        <MessageBanner tone="success" onDismiss={() => setEditSaved(false)}>
          {SLIDESHOW_SAVED}
        </MessageBanner>
      ) : null}
      <SlideshowEditor
        // A new key starts the editor over on the slideshow chosen (or a new one).
        key={editing ? `${editing.id}:${editing.updatedAt}` : 'new'}
        {...slots}
        editing={editing ?? undefined}
        onSaved={() => {
          if (editing) setEditSaved(true)
          setEditing(null)
        }}
        onCancelEdit={() => setEditing(null)}
      />
      <SlideshowsList
        openedId={openSlideshowId}
        onEdit={(slideshow) => {
          setEditSaved(false)
          setEditing(slideshow)
          document.getElementById(id)?.scrollIntoView({ block: 'start' })
        }}
        onSchedule={onSchedule}
      />
    </div>
  )
}
