import { stat } from 'node:fs/promises'
import { OUTPUT_FRAME } from '@hookpost/shared'
import { createProgressParser, throttleProgress } from './progress'
import { RENDER_AUDIO, RENDER_ENCODER } from './render-args'
import { runFfmpeg } from './render'
import { RenderError } from './types'

/**
 * The ffmpeg work of slideshows (issue 29, ADR 039): a still of a video clip (a slide's background) and the MP4 export
 * of a rendered photo set. Inputs are read through the file protocol only, each as the one picture it is.
 */
const QUIET = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error']
const ONE_FILE = ['-protocol_whitelist', 'file']

/** One JPEG frame of `videoPath` at `atMs`, at the video's own size (the slide renderer fits it to the frame). */
export function clipStillArgs(videoPath: string, atMs: number, outputPath: string): string[] {
  return [
    ...QUIET,
    // -ss before -i seeks the demuxer to the keyframe before, then decodes up to the exact time.
    ...['-ss', (atMs / 1000).toFixed(3), ...ONE_FILE, '-i', `file:${videoPath}`],
    ...['-frames:v', '1', '-an', '-q:v', '2', '-update', '1', '-f', 'image2', `file:${outputPath}`],
  ]
}

/** Writes the still; rejects with a RenderError when ffmpeg fails or wrote nothing (a time past the last frame). */
export async function extractClipStill(
  ffmpegPath: string,
  videoPath: string,
  atMs: number,
  outputPath: string,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  await runFfmpeg(ffmpegPath, clipStillArgs(videoPath, atMs, outputPath), {
    timeoutMs: options.timeoutMs ?? 30_000,
    ...(options.signal ? { signal: options.signal } : {}),
  })
  const written = await stat(outputPath).catch(() => null)
  if (!written || written.size === 0) {
    throw new RenderError(
      'The video has no picture at the chosen moment. Please pick another moment.',
      `no frame at ${atMs} ms of ${videoPath}`,
      false,
    )
  }
}

/**
 * The export: each slide shown `secondsPerSlide`, H.264 1080×1920 at 30 fps with a silent AAC track (like the video
 * renderer's output, so it schedules like any video), `+faststart`. Each JPEG is looped for its frames, then the slides
 * are concatenated; progress goes to stdout.
 */
export function slideshowVideoArgs(imagePaths: string[], secondsPerSlide: number, outputPath: string): string[] {
  const { width, height, fps } = OUTPUT_FRAME
  const framesPerSlide = Math.max(1, Math.round(secondsPerSlide * fps))
  const seconds = (imagePaths.length * framesPerSlide) / fps
  const inputs = imagePaths.flatMap((p) => [
    ...['-framerate', String(fps), '-loop', '1', '-t', (framesPerSlide / fps).toFixed(3)],
    ...ONE_FILE,
    ...['-f', 'image2', '-pattern_type', 'none', '-i', `file:${p}`],
  ])
  const scaled = imagePaths.map(
    (_, i) =>
      `[${i}:v]scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1,` +
      `format=yuv420p,trim=end_frame=${framesPerSlide},setpts=PTS-STARTPTS[s${i}]`,
  )
  const concat = `${imagePaths.map((_, i) => `[s${i}]`).join('')}concat=n=${imagePaths.length}:v=1:a=0[v]`
  const audio = imagePaths.length
  return [
    ...QUIET,
    ...['-nostats', '-progress', 'pipe:1'],
    ...inputs,
    ...['-f', 'lavfi', '-t', (seconds + 0.1).toFixed(3)],
    ...['-i', `anullsrc=channel_layout=stereo:sample_rate=${RENDER_AUDIO.sampleRate}`],
    ...['-filter_complex', [...scaled, concat].join(';'), '-map', '[v]', '-map', `${audio}:a`],
    ...['-c:v', 'libx264', '-preset', RENDER_ENCODER.preset, '-crf', String(RENDER_ENCODER.crf)],
    ...['-pix_fmt', 'yuv420p', '-r', String(fps), '-g', String(fps * 2)],
    ...['-c:a', RENDER_AUDIO.codec, '-b:a', RENDER_AUDIO.bitrate, '-t', seconds.toFixed(3)],
    ...['-map_metadata', '-1', '-movflags', '+faststart', '-f', 'mp4', `file:${outputPath}`],
  ]
}

/** Renders the export; progress 0–100 (100 once the file is written). */
export async function renderSlideshowVideo(
  ffmpegPath: string,
  imagePaths: string[],
  secondsPerSlide: number,
  outputPath: string,
  options: { timeoutMs?: number; signal?: AbortSignal; onProgress?: (percent: number) => void } = {},
): Promise<void> {
  const totalFrames = imagePaths.length * Math.max(1, Math.round(secondsPerSlide * OUTPUT_FRAME.fps))
  const progress = throttleProgress(options.onProgress)
  const parser = createProgressParser(totalFrames, (p) => progress.report(p))
  await runFfmpeg(ffmpegPath, slideshowVideoArgs(imagePaths, secondsPerSlide, outputPath), {
    timeoutMs: options.timeoutMs ?? 180_000,
    ...(options.signal ? { signal: options.signal } : {}),
    onStdout: (chunk) => parser.push(chunk),
  })
  progress.finish()
}
