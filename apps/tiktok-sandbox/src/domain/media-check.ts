import { spawn } from 'node:child_process'
import { open } from 'node:fs/promises'
import type { FailReason, ProbeResult } from '../state/schema'

/** tiktok-api.md §3.9: 23–60 FPS, 360–4096 px in both directions, duration ≤ the creator's max_video_post_duration_sec. */
export const MIN_FPS = 23
export const MAX_FPS = 60
export const MIN_SIDE = 360
export const MAX_SIDE = 4096

export interface MediaCheck {
  failReason: FailReason | null
  probe: ProbeResult | null
}

/** MP4/MOV: `ftyp` box at offset 4; WebM (EBML): 1A 45 DF A3. */
export async function hasVideoMagicBytes(file: string): Promise<boolean> {
  const handle = await open(file, 'r')
  try {
    const head = Buffer.alloc(12)
    const { bytesRead } = await handle.read(head, 0, head.length, 0)
    if (bytesRead >= 8 && head.toString('latin1', 4, 8) === 'ftyp') return true
    return bytesRead >= 4 && head.readUInt32BE(0) === 0x1a45dfa3
  } finally {
    await handle.close()
  }
}

export async function checkMedia(
  file: string,
  options: { ffprobePath: string | undefined; maxDurationSec: number },
): Promise<MediaCheck> {
  if (!(await hasVideoMagicBytes(file))) return { failReason: 'file_format_check_failed', probe: null }
  if (!options.ffprobePath) return { failReason: null, probe: null }
  const probe = await ffprobe(options.ffprobePath, file)
  if (!probe) return { failReason: 'file_format_check_failed', probe: null }
  return { failReason: probeProblem(probe, options.maxDurationSec), probe }
}

export function probeProblem(probe: ProbeResult, maxDurationSec: number): FailReason | null {
  if (!(probe.durationSec > 0) || probe.durationSec > maxDurationSec) return 'duration_check_failed'
  if (!(probe.fps >= MIN_FPS && probe.fps <= MAX_FPS)) return 'frame_rate_check_failed'
  const sides = [probe.width, probe.height]
  if (sides.some((side) => !(side >= MIN_SIDE && side <= MAX_SIDE))) return 'picture_size_check_failed'
  return null
}

/** Parses `ffprobe -print_format json -show_format -show_streams` output; null when there is no video stream. */
export function parseFfprobeJson(text: string): ProbeResult | null {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof json !== 'object' || json === null) return null
  const { streams, format } = json as { streams?: unknown; format?: { duration?: unknown } }
  if (!Array.isArray(streams)) return null
  const video = streams.find(
    (s): s is Record<string, unknown> =>
      typeof s === 'object' && s !== null && (s as Record<string, unknown>).codec_type === 'video',
  )
  if (!video) return null
  const duration = Number(format?.duration ?? video.duration)
  return {
    durationSec: Number.isFinite(duration) ? duration : 0,
    width: Number(video.width) || 0,
    height: Number(video.height) || 0,
    fps: parseRate(video.avg_frame_rate) || parseRate(video.r_frame_rate),
  }
}

function parseRate(value: unknown): number {
  if (typeof value !== 'string') return 0
  const [num, den] = value.split('/').map(Number)
  if (num === undefined || !Number.isFinite(num)) return 0
  if (den === undefined) return num
  return den > 0 ? num / den : 0
}

function ffprobe(binary: string, file: string): Promise<ProbeResult | null> {
  return new Promise((resolve) => {
    const child = spawn(binary, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 30_000,
    })
    let out = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      out += chunk
    })
    child.on('error', () => resolve(null))
    child.on('close', (code) => resolve(code === 0 ? parseFfprobeJson(out) : null))
  })
}
