import { execFile } from 'node:child_process'
import { statSync } from 'node:fs'
import { promisify } from 'node:util'
import { mediaFile } from '../db/schema'
import type { TestServer } from './test-runtime'

/** Real videos made with ffmpeg, and stored as the media module would have stored an upload. */

export interface VideoSpec {
  seconds?: number
  width?: number
  height?: number
  /** A sine tone as AAC (default), or no audio stream at all. */
  audio?: boolean
}

/** A real H.264 MP4 (default: 3 s, 720×1280 9:16, with AAC sound). */
export async function makeVideo(filePath: string, spec: VideoSpec | number = {}): Promise<void> {
  const { seconds = 3, width = 720, height = 1280, audio = true } = typeof spec === 'number' ? { seconds: spec } : spec
  await promisify(execFile)('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${width}x${height}:rate=30`,
    ...(audio ? ['-f', 'lavfi', '-i', 'sine'] : []),
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    ...(audio ? ['-c:a', 'aac', '-shortest'] : []),
    filePath,
  ])
}

export interface StoredMediaFacts {
  durationMs?: number
  width?: number
  height?: number
  audioCodec?: string | null
  originalName?: string
}

/** A validated upload as the media module leaves it: `video` copied into media storage (local or S3), and its row. */
export async function storeMedia(
  server: TestServer,
  userId: string,
  video: string,
  facts: StoredMediaFacts | number = {},
) {
  const {
    durationMs = 3_000,
    width = 720,
    height = 1280,
    audioCodec = 'aac',
    originalName = 'clip.mp4',
  } = typeof facts === 'number' ? { durationMs: facts } : facts
  const id = crypto.randomUUID()
  const storageKey = `${userId}/${id}.mp4`
  await server.runtime.mediaStorage.copyIn(video, storageKey)
  await server.runtime.database.db.insert(mediaFile).values({
    id,
    userId,
    originalName,
    storageKey,
    contentType: 'video/mp4',
    sizeBytes: statSync(video).size,
    durationMs,
    width,
    height,
    fps: 30,
    videoCodec: 'h264',
    audioCodec,
  })
  return id
}
