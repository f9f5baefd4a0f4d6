import { open } from 'node:fs/promises'
import { runFfprobe } from './ffprobe'
import { parseProbe, type ProbeFacts } from './probe'
import { checkEbml, checkIsoBmff, SNIFF_BYTES, sniffContainer, type ReadAt, type VideoContainer } from './sniff'

/**
 * What an uploaded file is, in three steps, cheapest first: magic bytes (is it an MP4/MOV/WebM at all?), the
 * container's own size fields (was it cut off?), then ffprobe (can it be read, and what is inside?). The verdict is
 * for the caller to word; TikTok's rules are applied separately (tiktok-video-rules.ts).
 */
export type Inspection =
  | { kind: 'not-a-video' }
  | { kind: 'matroska' }
  | { kind: 'unreadable'; detail: string }
  | { kind: 'video'; container: VideoContainer; sizeBytes: number; facts: ProbeFacts }

export interface InspectOptions {
  ffprobePath: string
  timeoutMs?: number
}

/** ffprobe's demuxer names per container family (what `-f` forced must come back). */
const FORMAT_FAMILY: Record<VideoContainer, string[]> = {
  mp4: ['mov', 'mp4'],
  mov: ['mov', 'mp4'],
  webm: ['webm', 'matroska'],
}

export async function inspectVideo(filePath: string, options: InspectOptions): Promise<Inspection> {
  const file = await open(filePath, 'r')
  let container: VideoContainer
  let sizeBytes: number
  try {
    sizeBytes = (await file.stat()).size
    const read: ReadAt = async (offset, length) => {
      const buffer = Buffer.alloc(length)
      const { bytesRead } = await file.read(buffer, 0, length, offset)
      return buffer.subarray(0, bytesRead)
    }
    const sniff = sniffContainer(await read(0, SNIFF_BYTES))
    if (sniff.kind === 'unknown') return { kind: 'not-a-video' }
    if (sniff.kind === 'matroska') return { kind: 'matroska' }
    container = sniff.container
    const integrity = container === 'webm' ? await checkEbml(read, sizeBytes) : await checkIsoBmff(read, sizeBytes)
    if (!integrity.ok) return { kind: 'unreadable', detail: integrity.reason }
  } finally {
    await file.close()
  }

  const probe = await runFfprobe(filePath, {
    ffprobePath: options.ffprobePath,
    container,
    timeoutMs: options.timeoutMs,
  })
  if (!probe.ok) return { kind: 'unreadable', detail: `ffprobe ${probe.reason}: ${probe.detail}` }
  let facts: ProbeFacts
  try {
    facts = parseProbe(probe.json)
  } catch {
    return { kind: 'unreadable', detail: 'ffprobe output has an unexpected shape' }
  }
  const family = facts.formatName.split(',')
  if (!FORMAT_FAMILY[container].some((name) => family.includes(name))) {
    return { kind: 'unreadable', detail: `sniffed ${container} but ffprobe read ${facts.formatName}` }
  }
  if (!facts.hasVideoStream) return { kind: 'not-a-video' }
  if (!facts.video) return { kind: 'unreadable', detail: 'the video stream has no picture size' }
  return { kind: 'video', container, sizeBytes, facts }
}
