import { mkdir, rm, rmdir, stat } from 'node:fs/promises'
import path from 'node:path'

/** One attempt's scratch space: where ffmpeg writes before the files are moved into media storage. */
export interface RenderWorkspace {
  outputPath: string
  thumbnailPath: string
  /** For the renderer's own scratch files (overlay images). */
  workDir: string
  /** Bytes of a finished file, or null when it is missing or empty. */
  fileSize(filePath: string): Promise<number | null>
  dispose(): Promise<void>
}

export interface RenderWorkspaces {
  /** A fresh folder for attempt `attempt`; an earlier attempt's leftovers (a dead worker's) are removed first. */
  create(videoId: string, attempt: number): Promise<RenderWorkspace>
  /** Removes every scratch folder of a video (it was deleted). */
  clear(videoId: string): Promise<void>
}

const ID = /^[A-Za-z0-9-]{1,64}$/

/**
 * Scratch folders under `root` (DATA_DIR/renders): `<videoId>/attempt-<n>/`. It sits on the same disk as media
 * storage, so moving a finished file in is a rename. A claim makes an attempt the video's only one, so whatever an
 * earlier attempt left behind is garbage by then.
 */
export function createRenderWorkspaces(root: string): RenderWorkspaces {
  const base = path.resolve(root)
  const videoDir = (videoId: string) => {
    if (!ID.test(videoId)) throw new Error(`invalid video id for a render folder: ${JSON.stringify(videoId)}`)
    return path.join(base, videoId)
  }
  return {
    async create(videoId, attempt) {
      const dir = videoDir(videoId)
      await rm(dir, { recursive: true, force: true })
      const attemptDir = path.join(dir, `attempt-${attempt}`)
      const workDir = path.join(attemptDir, 'work')
      await mkdir(workDir, { recursive: true })
      return {
        outputPath: path.join(attemptDir, 'output.mp4'),
        thumbnailPath: path.join(attemptDir, 'thumbnail.jpg'),
        workDir,
        async fileSize(filePath) {
          try {
            const info = await stat(filePath)
            return info.isFile() && info.size > 0 ? info.size : null
          } catch {
            return null
          }
        },
        async dispose() {
          await rm(attemptDir, { recursive: true, force: true })
          // The video's folder goes too unless a newer attempt is using it.
          await rmdir(dir).catch(() => undefined)
        },
      }
    },
    async clear(videoId) {
      await rm(videoDir(videoId), { recursive: true, force: true })
    },
  }
}
