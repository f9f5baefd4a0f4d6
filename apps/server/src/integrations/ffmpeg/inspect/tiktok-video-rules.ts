import type { ProbeFacts } from './probe'

/**
 * TikTok's media requirements (tiktok-api.md §3.9 "Video restrictions"): H.264/H.265/VP8/VP9, 23–60 fps, 360–4096 px
 * on each side, at most 10 minutes (the longest any developer may send; a creator's own cap,
 * `max_video_post_duration_sec`, is checked when scheduling). Size (≤ 4 GB) is covered by our own 500 MB upload limit.
 */
export const TIKTOK_VIDEO_LIMITS = {
  codecs: ['h264', 'hevc', 'vp8', 'vp9'],
  minFps: 23,
  maxFps: 60,
  minSide: 360,
  maxSide: 4096,
  maxDurationSec: 600,
} as const

const CODEC_NAMES: Record<string, string> = {
  h264: 'H.264',
  hevc: 'H.265',
  vp8: 'VP8',
  vp9: 'VP9',
  av1: 'AV1',
  mpeg4: 'MPEG-4 Part 2',
  prores: 'ProRes',
  mjpeg: 'Motion JPEG',
}

/** 10 → "10", 29.97002997 → "29.97". */
function formatFps(fps: number): string {
  return String(Math.round(fps * 100) / 100)
}

/** 754.2 → "12 min 34 s", 42 → "42 s". */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds)
  const min = Math.floor(whole / 60)
  const sec = whole % 60
  if (min === 0) return `${sec} s`
  return sec === 0 ? `${min} min` : `${min} min ${sec} s`
}

/**
 * Every way the video breaks TikTok's rules, in words a person can act on; empty when TikTok will take it.
 * Frame rates are compared at one decimal: variable-frame-rate phone footage averages e.g. 60.03 fps and is still
 * "60 fps" to everyone, TikTok included.
 */
export function tiktokVideoProblems(facts: ProbeFacts): string[] {
  const { video } = facts
  const L = TIKTOK_VIDEO_LIMITS
  if (!video) return ['it has no video picture']
  const problems: string[] = []

  if (!(L.codecs as readonly string[]).includes(video.codec)) {
    const name = CODEC_NAMES[video.codec] ?? video.codec
    problems.push(`the video codec is ${name}; TikTok needs H.264, H.265, VP8 or VP9`)
  }

  if (video.fps === null) {
    problems.push(`the frame rate could not be read; TikTok needs ${L.minFps}–${L.maxFps} fps`)
  } else {
    const fps = Math.round(video.fps * 10) / 10
    if (fps < L.minFps || fps > L.maxFps) {
      problems.push(`the frame rate is ${formatFps(video.fps)} fps; TikTok needs ${L.minFps}–${L.maxFps} fps`)
    }
  }

  const sides = [video.width, video.height]
  if (sides.some((side) => side < L.minSide || side > L.maxSide)) {
    problems.push(
      `the picture is ${video.width}×${video.height} px; TikTok needs ${L.minSide}–${L.maxSide} px on each side`,
    )
  }

  if (facts.durationSec === null || facts.durationSec <= 0) {
    problems.push('the length of the video could not be read')
  } else if (facts.durationSec > L.maxDurationSec) {
    problems.push(`the video is ${formatDuration(facts.durationSec)} long; TikTok accepts at most 10 minutes`)
  }
  return problems
}
