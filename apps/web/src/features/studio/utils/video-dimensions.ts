export type VideoDimensions = { width: number; height: number }
export type DimensionsReader = (file: File) => Promise<VideoDimensions | null>

/** Long enough for a large file's header on a slow disk, short enough not to hold the upload back for nothing. */
const READ_TIMEOUT_MS = 10_000

/**
 * The displayed size of a video file, read by the browser itself (a detached `<video>` loading only its metadata; a
 * rotated phone video reports its upright size). Null when the browser cannot read it (a codec it does not play).
 */
export const readVideoDimensions: DimensionsReader = (file) =>
  new Promise((resolve) => {
    const url = URL.createObjectURL(file)
    const video = document.createElement('video')
    let done = false
    const finish = (result: VideoDimensions | null) => {
      if (done) return
      done = true
      clearTimeout(timer)
      video.removeAttribute('src')
      video.load()
      URL.revokeObjectURL(url)
      resolve(result)
    }
    video.preload = 'metadata'
    video.muted = true
    video.addEventListener('loadedmetadata', () =>
      finish(
        video.videoWidth > 0 && video.videoHeight > 0 ? { width: video.videoWidth, height: video.videoHeight } : null,
      ),
    )
    video.addEventListener('error', () => finish(null))
    const timer = setTimeout(() => finish(null), READ_TIMEOUT_MS)
    video.src = url
  })
