import { useId, useState } from 'react'
import type { Slideshow } from '@hookpost/shared/slideshows'
import { SlideshowEditor, type SlideshowEditorProps } from './slideshow-editor'
import { SlideshowsList } from './slideshows-list'

/**
 * The Create tab's Slideshow mode (issue 29): the editor (a new slideshow, or the one chosen for editing) above the
 * person's slideshows. Editing one brings it into the editor and the page up to it.
 */
export function SlideshowStudio({
  onSchedule,
  ...slots
}: Omit<SlideshowEditorProps, 'editing' | 'onSaved' | 'onCancelEdit'> & {
  onSchedule?: (slideshow: Slideshow) => void
}) {
  const id = useId()
  const [editing, setEditing] = useState<Slideshow | null>(null)
  return (
    <div className="space-y-6" id={id}>
      <SlideshowEditor
        // A new key starts the editor over on the slideshow chosen (or a new one).
        key={editing ? `${editing.id}:${editing.updatedAt}` : 'new'}
        {...slots}
        editing={editing ?? undefined}
        onSaved={() => setEditing(null)}
        onCancelEdit={() => setEditing(null)}
      />
      <SlideshowsList
        onEdit={(slideshow) => {
          setEditing(slideshow)
          document.getElementById(id)?.scrollIntoView({ block: 'start' })
        }}
        onSchedule={onSchedule}
      />
    </div>
  )
}
