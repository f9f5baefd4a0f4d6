import { useState } from 'react'
import { TabList, tabIds } from '../../../../components/ui/tab-list'
import { VideoFileField } from '../../../../components/ui/video-file-field'
import type { LibraryChoice } from '../../hooks/use-library-choice'
import type { SlotUpload } from '../../hooks/use-slot-upload'
import type { LibraryPick, VideoSlot } from '../../utils/video-draft'
import { LibrarySlot } from './library-slot'

type SlotTab = 'upload' | 'library'

/** Each slot's words: the form has two of these fields, so the demo's say so. */
const SLOT_WORDS = {
  video: {
    tabsLabel: 'Where the video comes from',
    tabs: [
      { key: 'upload', label: 'Upload' },
      { key: 'library', label: 'Library' },
    ],
    file: {},
    library: 'Library videos',
    removeLibrary: 'Remove library video',
  },
  demo: {
    tabsLabel: 'Where the demo video comes from',
    tabs: [
      { key: 'upload', label: 'Upload demo' },
      { key: 'library', label: 'Demo from Library' },
    ],
    file: {
      label: 'Product Demo Video',
      required: false,
      removeLabel: 'Remove demo video',
      cancelLabel: 'Cancel demo upload',
    },
    library: 'Library videos for the demo',
    removeLibrary: 'Remove library demo video',
  },
} as const

/**
 * Where a slot's video comes from: tabs for an upload and the Library, and the one chosen (the Library's replaces an
 * upload and the other way round). Said in the Library tab: why choosing failed, or what the form needs.
 */
export function VideoSlotField({
  slot,
  baseId,
  initialTab,
  initialCategory,
  upload,
  library,
  pick,
  error,
  onFile,
  onRemovePick,
}: {
  slot: VideoSlot
  baseId: string
  initialTab: SlotTab
  /** The Library category shown first. */
  initialCategory?: string
  upload: SlotUpload
  library: LibraryChoice
  pick: LibraryPick | null
  /** The form's complaint about this slot. */
  error: string | undefined
  onFile: (file: File) => void
  onRemovePick: () => void
}) {
  const words = SLOT_WORDS[slot]
  const [tab, setTab] = useState<SlotTab>(initialTab)
  const ids = tabIds(baseId, tab)
  return (
    <>
      <TabList label={words.tabsLabel} baseId={baseId} tabs={words.tabs} selected={tab} onSelect={setTab} />
      <div role="tabpanel" id={ids.panelId} aria-labelledby={ids.tabId} className="pt-3">
        {tab === 'upload' ? (
          <VideoFileField
            {...words.file}
            preview={false}
            state={upload.state}
            error={error}
            mediaProblem={null}
            inputKey={upload.inputKey}
            onFile={onFile}
            onCancel={upload.clear}
            onRemove={upload.forget}
          />
        ) : (
          <LibrarySlot
            label={words.library}
            pick={pick}
            choosingId={library.choosing?.slot === slot ? library.choosing.itemId : null}
            busy={library.choosing !== null}
            initialCategory={initialCategory}
            removeLabel={words.removeLibrary}
            problem={library.errors[slot] ?? (pick ? null : (error ?? null))}
            onChoose={(item) => library.choose(slot, item)}
            onRemove={onRemovePick}
          />
        )}
      </div>
    </>
  )
}
