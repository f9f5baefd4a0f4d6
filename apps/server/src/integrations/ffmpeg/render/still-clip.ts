import { OUTPUT_FRAME } from '@hookpost/shared'
import { RENDER_AUDIO } from './render-args'
import { runFfmpeg } from './render'

/**
 * An image as a short 9:16 clip with a slow zoom and pan (the AI Generation tab's "Transform to Video"): the clip then
 * goes through the studio's render like any video, so it is listed, thumbnailed and scheduled like the others.
 *
 * The image is scaled once to cover a frame twice the output's size (zoompan moves in whole input pixels: at twice the
 * size the steps are half a pixel of output, which reads as smooth), held (`loop`), and zoomed from 100 % to 112 %
 * while the view drifts left to right. A silent stereo track is added (TikTok expects audio; the render keeps it).
 */
export const STILL_CLIP = { zoomTo: 1.12, scale: 2 } as const

export function stillClipArgs(imagePath: string, outputPath: string, seconds: number): string[] {
  const { width, height, fps } = OUTPUT_FRAME
  const frames = Math.round(seconds * fps)
  const last = frames - 1
  const [w, h] = [width * STILL_CLIP.scale, height * STILL_CLIP.scale]
  const video = [
    `scale=${w}:${h}:force_original_aspect_ratio=increase`,
    `crop=${w}:${h}`,
    'setsar=1',
    'loop=loop=-1:size=1:start=0',
    `zoompan=z='1+${(STILL_CLIP.zoomTo - 1).toFixed(2)}*on/${last}':x='(iw-iw/zoom)*on/${last}':y='(ih-ih/zoom)/2'` +
      `:d=1:s=${width}x${height}:fps=${fps}`,
    'format=yuv420p',
    `trim=end_frame=${frames}`,
  ]
  return [
    ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
    // The image is read through the file protocol only, as the one picture it is (no image-sequence patterns).
    ...['-protocol_whitelist', 'file', '-f', 'image2', '-pattern_type', 'none', '-i', `file:${imagePath}`],
    ...['-f', 'lavfi', '-t', (seconds + 0.1).toFixed(3)],
    ...['-i', `anullsrc=channel_layout=stereo:sample_rate=${RENDER_AUDIO.sampleRate}`],
    ...['-filter_complex', `[0:v]${video.join(',')}[v]`, '-map', '[v]', '-map', '1:a'],
    // An intermediate: fast, and nearly lossless, since the render encodes it again.
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '16', '-pix_fmt', 'yuv420p', '-r', String(fps)],
    ...['-c:a', RENDER_AUDIO.codec, '-b:a', RENDER_AUDIO.bitrate, '-t', (frames / fps).toFixed(3)],
    ...['-map_metadata', '-1', '-movflags', '+faststart', '-f', 'mp4', `file:${outputPath}`],
  ]
}

/** Makes the clip; rejects with a RenderError (its message can be shown) when ffmpeg fails or runs too long. */
export function makeStillClip(
  ffmpegPath: string,
  imagePath: string,
  outputPath: string,
  options: { seconds: number; timeoutMs?: number },
): Promise<void> {
  return runFfmpeg(ffmpegPath, stillClipArgs(imagePath, outputPath, options.seconds), {
    timeoutMs: options.timeoutMs ?? 60_000,
  })
}
