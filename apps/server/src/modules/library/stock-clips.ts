import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { OVERLAY_DEFAULTS, type TextOverlay } from '@hookpost/shared'
import type { Log } from '../../lib/log'
import { writeOverlayImage } from '../../media/render'
import { STOCK_CLIPS, STOCK_FRAME, STOCK_VERSION, type StockClip } from './stock-catalogue'

const run = promisify(execFile)

/** One clip takes about a second; a stuck ffmpeg must not hold the library back for ever. */
const CLIP_TIMEOUT_MS = 60_000

export interface StockClipPaths {
  video: string
  thumbnail: string
}

/** Where a clip's files live: one folder per recipe version, so a new recipe never serves an old file. */
export function stockClipPaths(dir: string, slug: string): StockClipPaths {
  const folder = path.join(dir, `v${STOCK_VERSION}`)
  return { video: path.join(folder, `${slug}.mp4`), thumbnail: path.join(folder, `${slug}.jpg`) }
}

/** The words on a clip, drawn with the studio's overlay code (the same fonts the preview and renders use). */
export function stockClipOverlays(clip: StockClip): TextOverlay[] {
  const base = { ...OVERLAY_DEFAULTS, color: '#ffffff', fontWeight: 'bold', target: 'both' } as const
  return [
    { ...base, id: 'kicker', text: clip.kicker.toUpperCase(), position: 'top', fontSize: 96 },
    { ...base, id: 'headline', text: clip.headline, position: 'center', fontSize: 120 },
    { ...base, id: 'brand', text: 'Hookpost stock clip', position: 'bottom', fontSize: 72, fontWeight: 'normal' },
  ]
}

/** ffmpeg expressions for the moving card (x, y), in the drawbox filter's variables (iw, ih, t). */
function motion(clip: StockClip): { x: string; y: string } {
  switch (clip.motion) {
    case 'sway':
      return { x: '(iw-260)/2+iw*0.28*sin(t*1.7)', y: 'ih*0.64' }
    case 'rise':
      return { x: '(iw-260)/2', y: 'ih*0.7-ih*0.08*sin(t*1.2)' }
    case 'pulse':
      return { x: '(iw-260)/2+40*sin(t*6)', y: 'ih*0.64+40*cos(t*6)' }
  }
}

/**
 * The ffmpeg arguments for one clip (run without a shell): gradient background, a moving card, the words as a PNG on
 * top, a soft chord; H.264/AAC in MP4 with `+faststart`, 9:16.
 */
export function stockClipArgs(clip: StockClip, wordsPng: string, output: string): string[] {
  const { width, height, fps } = STOCK_FRAME
  const [c0, c1, c2] = clip.colors
  const { x, y } = motion(clip)
  const [f1, f2] = clip.chord
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `gradients=s=${width}x${height}:r=${fps}:c0=${c0}:c1=${c1}:c2=${c2}:n=3:speed=0.015:duration=${clip.seconds}`,
    '-i',
    wordsPng,
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=0.05*sin(2*PI*${f1}*t)+0.04*sin(2*PI*${f2}*t):s=48000:d=${clip.seconds}`,
    '-filter_complex',
    `[0:v]drawbox=x='${x}':y='${y}':w=260:h=160:color=white@0.8:t=fill[bg];[bg][1:v]overlay=0:0,format=yuv420p[v]`,
    '-map',
    '[v]',
    '-map',
    '2:a',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '24',
    '-r',
    String(fps),
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-movflags',
    '+faststart',
    '-t',
    String(clip.seconds),
    output,
  ]
}

/** A JPEG frame from one second in, 360×640. */
export function stockThumbnailArgs(video: string, output: string): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    '1',
    '-i',
    video,
    '-frames:v',
    '1',
    '-vf',
    'scale=360:640',
  ].concat(['-q:v', '4', output])
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile() && s.size > 0,
    () => false,
  )
}

export async function stockClipReady(dir: string, slug: string): Promise<boolean> {
  const paths = stockClipPaths(dir, slug)
  return (await exists(paths.video)) && (await exists(paths.thumbnail))
}

/**
 * Makes every clip whose files are missing. Each is made in a scratch folder and renamed into place, video last but
 * thumbnail first, so a clip is "ready" only when both files are whole; two processes making the same clip at once
 * just both rename. Returns the slugs made now; a clip that failed is logged and left missing (the next start tries
 * again), never replaced by a placeholder.
 */
export async function ensureStockClips(options: {
  dir: string
  ffmpegPath: string
  log: Log
  clips?: readonly StockClip[]
  /** Stops before the next clip (the one being made is finished). */
  signal?: AbortSignal
}): Promise<{ made: string[]; failed: string[] }> {
  const { dir, ffmpegPath, log, clips = STOCK_CLIPS } = options
  const made: string[] = []
  const failed: string[] = []
  for (const clip of clips) {
    if (options.signal?.aborted) break
    if (await stockClipReady(dir, clip.slug)) continue
    const paths = stockClipPaths(dir, clip.slug)
    await mkdir(path.dirname(paths.video), { recursive: true })
    const scratch = await mkdtemp(path.join(path.dirname(paths.video), `.making-${clip.slug}-`))
    try {
      const png = await writeOverlayImage(stockClipOverlays(clip), path.join(scratch, 'words.png'), STOCK_FRAME)
      if (!png) throw new Error('no words to draw')
      const video = path.join(scratch, 'clip.mp4')
      const thumbnail = path.join(scratch, 'thumb.jpg')
      await run(ffmpegPath, stockClipArgs(clip, png, video), { timeout: CLIP_TIMEOUT_MS })
      await run(ffmpegPath, stockThumbnailArgs(video, thumbnail), { timeout: CLIP_TIMEOUT_MS })
      await rename(thumbnail, paths.thumbnail)
      await rename(video, paths.video)
      made.push(clip.slug)
    } catch (err) {
      failed.push(clip.slug)
      log.error(`[library] could not make the stock clip ${clip.slug}`, err)
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
  }
  if (made.length > 0) log.info(`[library] made ${made.length} stock clip(s) in ${path.join(dir, `v${STOCK_VERSION}`)}`)
  return { made, failed }
}
