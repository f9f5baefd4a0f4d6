import { useCallback, useState } from 'react'
import type { LocalSizes } from '../utils/chosen-videos'
import type { DimensionsReader } from '../utils/video-dimensions'
import type { VideoSlot } from '../utils/video-draft'

const NONE: LocalSizes = { video: null, demo: null }

/** The local files' sizes, read in the browser: the preview fits them before the server has measured them. */
export function useLocalSizes(readDimensions: DimensionsReader) {
  const [sizes, setSizes] = useState<LocalSizes>(NONE)
  const read = useCallback(
    (slot: VideoSlot, file: File) => {
      setSizes((prev) => ({ ...prev, [slot]: null }))
      void readDimensions(file).then((size) => setSizes((prev) => ({ ...prev, [slot]: size })))
    },
    [readDimensions],
  )
  const clear = useCallback(() => setSizes(NONE), [])
  return { sizes, read, clear }
}
