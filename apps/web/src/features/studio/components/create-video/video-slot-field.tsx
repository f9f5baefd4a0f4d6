import { useState } from 'react'
import { secondaryButtonClass } from '../../../../components/ui/button-styles'
import { TabList, tabIds } from '../../../../components/ui/tab-list'
import { VideoFileField } from '../../../../components/ui/video-file-field'
import type { LibraryChoice } from '../../hooks/use-library-choice'
import type { SlotUpload } from '../../hooks/use-slot-upload'
import type { LibraryPick, VideoChoice, VideoSlot } from '../../utils/video-draft'
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
    removeUpload: 'Remove video',
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
    removeUpload: 'Remove demo video',
    library: 'Library videos for the demo',
    removeLibrary: 'Remove library demo video',
  },
} as const

/** The Library's choice, when the slot's video came from there. */
function libraryPickOf(choice: VideoChoice | null): LibraryPick | null {
  return choice?.item ? { item: choice.item, media: choice.media } : null
}

/**
 * Where a slot's video comes from: tabs for an upload and the Library, and the one chosen (the Library's replaces an
 * upload and the other way round; a draft brought back opens on the tab its video came from, and an upload of an
 * earlier visit is named under the file field). Said in the Library tab: why choosing failed, or what the form needs.
 */
export function VideoSlotField({
  slot,
  baseId,
  initialTab,
  initialCategory,
  upload,
  library,
  choice,
  error,
  onFile,
  onRemove,
}: {
  slot: VideoSlot
  baseId: string
  initialTab: SlotTab
  /** The Library category shown first. */
  initialCategory?: string
  upload: SlotUpload
  library: LibraryChoice
  choice: VideoChoice | null
  /** The form's complaint about this slot. */
  error: string | undefined
  onFile: (file: File) => void
  /** The slot's video is removed (a Library video, or an upload once checked). */
  onRemove: () => void
}) {
  const words = SLOT_WORDS[slot]
  const pick = libraryPickOf(choice)
  const [tab, setTab] = useState<SlotTab>(pick ? 'library' : choice ? 'upload' : initialTab)
  const ids = tabIds(baseId, tab)
  // An upload brought back with the draft: this visit has no file for the field to show.
  const earlierUpload = !pick && choice && upload.state.phase === 'idle' ? choice.media : null
  return (
    <>
      <TabList label={words.tabsLabel} baseId={baseId} tabs={words.tabs} selected={tab} onSelect={setTab} />
      <div role="tabpanel" id={ids.panelId} aria-labelledby={ids.tabId} className="pt-3">
        {tab === 'upload' ? (
          <div className="space-y-3">
            <VideoFileField
              {...words.file}
              preview={false}
              state={upload.state}
              error={error}
              mediaProblem={null}
              inputKey={upload.inputKey}
              onFile={onFile}
              onCancel={upload.clear}
              onRemove={() => {
                upload.forget()
                onRemove()
              }}
            />
            {earlierUpload ? (
              <div className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
                <span className="min-w-0 break-words">
                  Using <strong>{earlierUpload.originalName}</strong> from your videos.
                </span>
                <button type="button" className={secondaryButtonClass} onClick={onRemove}>
                  {words.removeUpload}
                </button>
              </div>
            ) : null}
          </div>
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
            onRemove={onRemove}
          />
        )}
      </div>
    </>
  )
}
