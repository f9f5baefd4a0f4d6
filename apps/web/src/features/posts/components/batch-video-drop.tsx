import { useState, type DragEvent } from 'react'
import { POST_LIMITS } from '@hookpost/shared/posts'
import { VIDEO_ACCEPT } from '../../../lib/uploads/video-file'

/** Where the batch's videos come in: dropped on the area, or chosen several at a time with the file input. */
export function BatchVideoDrop({ id, onFiles }: { id: string; onFiles: (files: File[]) => void }) {
  const [dragging, setDragging] = useState(false)
  const [inputKey, setInputKey] = useState(0)
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault()
        e.dataTransfer.dropEffect = 'copy'
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e: DragEvent<HTMLDivElement>) => {
        e.preventDefault()
        setDragging(false)
        onFiles([...e.dataTransfer.files])
      }}
      className={`rounded-md border-2 border-dashed p-4 ${dragging ? 'border-fuchsia-600 bg-fuchsia-50' : 'border-slate-300'}`}
    >
      <label htmlFor={`${id}-files`} className="text-sm font-medium text-slate-800">
        Videos
      </label>
      <p className="text-sm text-slate-700" aria-hidden="true">
        Drag and drop videos here, or choose several:
      </p>
      <input
        key={inputKey}
        id={`${id}-files`}
        type="file"
        multiple
        accept={VIDEO_ACCEPT}
        aria-describedby={`${id}-files-hint`}
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])])
          setInputKey((n) => n + 1)
        }}
        className="mt-2 block w-full max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-fuchsia-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-fuchsia-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700"
      />
      <p id={`${id}-files-hint`} className="mt-2 text-xs text-slate-600">
        MP4, MOV or WebM, up to {POST_LIMITS.fileBytes / 1024 / 1024} MB each. Uploads start at once, two at a time.
      </p>
    </div>
  )
}
