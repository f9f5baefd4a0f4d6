import { useCallback, useState } from 'react'
import type { VideoUploader } from '../../../lib/uploads/upload-video'
import { useVideoUpload } from '../../../lib/uploads/use-video-upload'

/**
 * One video slot's upload (the video, or the demo), with the key its file input is drawn with: `forget` stops the
 * upload and makes the input forget its file (removed, replaced by a Library video, or the form starts over).
 */
export function useSlotUpload(uploader: VideoUploader) {
  const { state, start, clear } = useVideoUpload(uploader)
  const [inputKey, setInputKey] = useState(0)
  const forget = useCallback(() => {
    clear()
    setInputKey((n) => n + 1)
  }, [clear])
  return { state, start, clear, forget, inputKey }
}

export type SlotUpload = ReturnType<typeof useSlotUpload>
