import { z } from 'zod'

/**
 * ffprobe's JSON (`-print_format json -show_format -show_streams`) → the facts we keep and check. Pure, so every rule
 * is tested from JSON fixtures; only `ffprobe.ts` runs the binary.
 */

const numberish = z.union([z.number(), z.string()]).optional()

const streamSchema = z.looseObject({
  index: z.number().optional(),
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  avg_frame_rate: z.string().optional(),
  r_frame_rate: z.string().optional(),
  duration: numberish,
  disposition: z.looseObject({ attached_pic: z.number().optional() }).optional(),
  side_data_list: z.array(z.looseObject({ rotation: z.number().optional() })).optional(),
  tags: z.record(z.string(), z.unknown()).optional(),
})

export const ffprobeOutputSchema = z.looseObject({
  streams: z.array(streamSchema).default([]),
  format: z
    .looseObject({
      format_name: z.string().optional(),
      duration: numberish,
      size: numberish,
    })
    .optional(),
})
export type FfprobeOutput = z.infer<typeof ffprobeOutputSchema>

export interface VideoStreamFacts {
  codec: string
  /** As displayed: width and height are swapped when the stream is rotated by 90° or 270°. */
  width: number
  height: number
  /** Average frames per second; null when ffprobe could not tell. */
  fps: number | null
  rotation: number
}

export interface ProbeFacts {
  formatName: string
  /** Seconds; null when neither the container nor the video stream states it. */
  durationSec: number | null
  /** False when there is no moving picture at all (an audio file, a still image). */
  hasVideoStream: boolean
  /** Null when there is no video stream, or ffprobe could not read its picture size. */
  video: VideoStreamFacts | null
  audioCodec: string | null
}

/** "30000/1001" → 29.97; "0/0", "", "N/A" → null. */
export function parseRate(rate: string | undefined): number | null {
  if (!rate) return null
  const [num, den] = rate.split('/')
  const n = Number(num)
  const d = den === undefined ? 1 : Number(den)
  if (!Number.isFinite(n) || !Number.isFinite(d) || d === 0 || n <= 0) return null
  return n / d
}

function parseSeconds(value: number | string | undefined): number | null {
  if (value === undefined) return null
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) && n >= 0 ? n : null
}

/** Display rotation in degrees: the display-matrix side data (ffmpeg ≥ 5), or the older `rotate` tag. */
function rotationOf(stream: z.infer<typeof streamSchema>): number {
  const fromSideData = stream.side_data_list?.find((s) => typeof s.rotation === 'number')?.rotation
  const fromTag = Number(stream.tags?.rotate)
  const rotation = fromSideData ?? (Number.isFinite(fromTag) ? fromTag : 0)
  return ((Math.round(rotation) % 360) + 360) % 360
}

/** Parses ffprobe's JSON; throws a ZodError when it is not ffprobe's shape at all. */
export function parseProbe(json: unknown): ProbeFacts {
  const out = ffprobeOutputSchema.parse(json)
  // Cover art in an MP4 is a "video" stream too (one still picture): skip it.
  const videoStream = out.streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1)
  const audioStream = out.streams.find((s) => s.codec_type === 'audio')

  let video: VideoStreamFacts | null = null
  if (videoStream && videoStream.width && videoStream.height) {
    const rotation = rotationOf(videoStream)
    const quarterTurn = rotation === 90 || rotation === 270
    video = {
      codec: videoStream.codec_name ?? 'unknown',
      width: quarterTurn ? videoStream.height : videoStream.width,
      height: quarterTurn ? videoStream.width : videoStream.height,
      fps: parseRate(videoStream.avg_frame_rate) ?? parseRate(videoStream.r_frame_rate),
      rotation,
    }
  }
  const durationSec = parseSeconds(out.format?.duration) ?? parseSeconds(videoStream?.duration)
  return {
    formatName: out.format?.format_name ?? '',
    durationSec,
    hasVideoStream: videoStream !== undefined,
    video,
    audioCodec: audioStream?.codec_name ?? null,
  }
}
