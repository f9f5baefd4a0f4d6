import type { MediaFile } from '@hookpost/shared/posts'
import { UploadCancelledError, type VideoUploader } from '../lib/uploads/upload-video'

/** Test helpers for forms that upload a video: a media file as POST /api/media returns it, files, a fake transport. */

export function makeMedia(overrides: Partial<MediaFile> = {}): MediaFile {
  return {
    id: 'media-1',
    originalName: 'clip.mp4',
    contentType: 'video/mp4',
    sizeBytes: 5 * 1024 * 1024,
    durationMs: 3_000,
    width: 540,
    height: 960,
    fps: 30,
    createdAt: '2027-01-10T12:00:00.000Z',
    ...overrides,
  }
}

/** A video file of `size` bytes without allocating them (jsdom would hold 500 MB otherwise). */
export function videoFile(name = 'clip.mp4', { size = 1024, type = 'video/mp4' } = {}): File {
  const file = new File(['0'], name, { type })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

type FakeUpload = {
  file: File
  progress: (sentBytes: number, totalBytes: number) => void
  finish: (uploadId: string) => void
  fail: (error: Error) => void
  cancelled: boolean
}

/** An uploader the test drives by hand: report progress, finish with an upload id, or fail. */
export function fakeUploader() {
  const uploads: FakeUpload[] = []
  const uploader: VideoUploader = (file, onProgress) => {
    let finish: (id: string) => void = () => {}
    let fail: (error: Error) => void = () => {}
    const done = new Promise<string>((resolve, reject) => {
      finish = resolve
      fail = reject
    })
    const upload: FakeUpload = { file, progress: onProgress, finish, fail, cancelled: false }
    uploads.push(upload)
    return {
      done,
      cancel: () => {
        upload.cancelled = true
        fail(new UploadCancelledError())
      },
    }
  }
  return { uploader, uploads }
}
