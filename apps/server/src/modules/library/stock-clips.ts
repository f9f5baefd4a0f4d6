import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { runFfmpeg } from '../../integrations/ffmpeg/render'
import type { Log } from '../../lib/log'
import { STOCK_CLIPS, STOCK_FRAME, STOCK_VERSION, type StockClip, type StockScene } from './stock-catalogue'

/** One clip takes a few seconds (more on a busy machine); a stuck ffmpeg must not hold the library back for ever. */
const CLIP_TIMEOUT_MS = 180_000

export interface StockClipPaths {
  video: string
  thumbnail: string
}

/** Where a clip's files live: one folder per recipe version, so a new recipe never serves an old file. */
export function stockClipPaths(dir: string, slug: string): StockClipPaths {
  const folder = path.join(dir, `v${STOCK_VERSION}`)
  return { video: path.join(folder, `${slug}.mp4`), thumbnail: path.join(folder, `${slug}.jpg`) }
}

/** Each scene is drawn this size, a hand-held crop of it is taken, and the result is scaled up to STOCK_FRAME. */
export const STOCK_DRAW = { width: 576, height: 1024, cropWidth: 540, cropHeight: 960 } as const

/** A filled rectangle; x, y, w, h are ffmpeg expressions in drawbox's variables (iw, ih, t: seconds into the scene). */
function box(x: string, y: string, w: string, h: string, color: string): string {
  return `drawbox=x='${x}':y='${y}':w='${w}':h='${h}':color=${color}:t=fill`
}

/** The scene's plain or moving background, in yuv420p so every scene concatenates. */
function background(kind: 'gradient' | 'flat', c: readonly string[], seconds: number, speed = 0.02): string {
  const { width, height } = STOCK_DRAW
  const { fps } = STOCK_FRAME
  const size = `s=${width}x${height}:r=${fps}`
  // A gradient is smooth: drawn at quarter size and scaled up it looks the same, at a sixteenth of the cost.
  return kind === 'gradient'
    ? `gradients=s=${width / 4}x${height / 4}:r=${fps}:c0=${c[0]}:c1=${c[1]}:n=2:speed=${speed}:d=${seconds}:seed=7,` +
        `scale=${width}:${height}:flags=bilinear,format=yuv420p`
    : `color=c=${c[0]}:${size}:d=${seconds},format=yuv420p`
}

/**
 * Drifting specks (glitter, steam, out-of-focus lights): a Game of Life grid drawn at quarter size, blurred there (16
 * times cheaper than at full size) and scaled up, then laid over the background with a screen blend. Both sides of the blend are planar RGB: blending two different pixel
 * formats crashes ffmpeg 5.1.
 */
function specks(options: {
  index: number
  base: string
  color: string
  seconds: number
  ratio: number
  blur: number
  rise?: boolean
}): string[] {
  const { index, base, color, seconds, ratio, blur, rise } = options
  const { width, height } = STOCK_DRAW
  const { fps } = STOCK_FRAME
  const soften = blur > 0 ? [`boxblur=${blur}`] : []
  const drift = rise ? ['scroll=vertical=0.006'] : []
  const shape = [
    ...soften,
    ...drift,
    `scale=${width}:${height}:flags=bilinear`,
    'format=gbrp',
    `trim=duration=${seconds}`,
  ]
  return [
    `life=s=${width / 4}x${height / 4}:mold=10:r=${fps}:ratio=${ratio}:death_color=black:life_color=${color}:seed=${
      11 + index
    },${shape.join(',')}[p${index}]`,
    `${base},format=gbrp[b${index}]`,
    `[b${index}][p${index}]blend=all_mode=screen,format=yuv420p`,
  ]
}

/** The filter graph lines for one scene, the last ending in `[s<index>]`. */
export function stockSceneGraph(scene: StockScene, index: number): string[] {
  const [c0, c1, c2] = scene.colors
  const d = scene.seconds
  const out = `[s${index}]`
  const chain = (...steps: string[]): string[] => [`${steps.join(',')},setsar=1${out}`]
  const withSpecks = (base: string, color: string, ratio: number, blur: number, rise: boolean, ...steps: string[]) => {
    const lines = specks({ index, base, color, seconds: d, ratio, blur, rise })
    const last = lines.pop()!
    return [...lines, ...chain(last, ...steps)]
  }
  switch (scene.look) {
    case 'countertop':
      // Wall, counter, cutting board; a knife chopping fast while the vegetables shuffle.
      return chain(
        background('gradient', [c0, c1], d, 0.01),
        box('0', 'ih*0.6', 'iw', 'ih*0.4', c1),
        box('iw*0.12', 'ih*0.66', 'iw*0.76', 'ih*0.17', '0xd6a467'),
        box('iw*0.22+iw*0.03*sin(t*3)', 'ih*0.71', 'iw*0.1', 'ih*0.05', c2),
        box('iw*0.62-iw*0.03*sin(t*3)', 'ih*0.70', 'iw*0.12', 'ih*0.06', c2),
        box('iw*0.44+iw*0.08*sin(t*2)', 'ih*0.58-abs(sin(t*9))*ih*0.07', 'iw*0.035', 'ih*0.16', '0xe5e7eb'),
        box('iw*0.43+iw*0.08*sin(t*2)', 'ih*0.53-abs(sin(t*9))*ih*0.07', 'iw*0.055', 'ih*0.06', '0x292524'),
      )
    case 'sizzle':
      // A pan from above on a dark hob, steam rising over it.
      return withSpecks(
        [
          background('flat', [c0], d),
          box('iw*0.1', 'ih*0.3', 'iw*0.8', 'ih*0.42', c1),
          box('iw*0.16', 'ih*0.34', 'iw*0.68', 'ih*0.34', '0x1f2937'),
          box('iw*0.3+iw*0.05*sin(t*5)', 'ih*0.42', 'iw*0.16', 'ih*0.07', '0xfbbf24'),
          box('iw*0.55-iw*0.05*sin(t*4)', 'ih*0.52', 'iw*0.14', 'ih*0.06', '0xf97316'),
          box('iw*0.9', 'ih*0.48', 'iw*0.1', 'ih*0.05', c1),
        ].join(','),
        c2,
        0.06,
        1,
        true,
      )
    case 'barbell':
      // Gym floor lines and a bar going up and down, plates on both ends.
      return chain(
        background('flat', [c0], d),
        'drawgrid=w=96:h=48:t=2:c=0x374151@0.7',
        box('iw*0.06', 'ih*0.5+ih*0.12*sin(t*3.2)', 'iw*0.88', 'ih*0.018', c1),
        box('iw*0.08', 'ih*0.5+ih*0.12*sin(t*3.2)-ih*0.07', 'iw*0.07', 'ih*0.16', c2),
        box('iw*0.85', 'ih*0.5+ih*0.12*sin(t*3.2)-ih*0.07', 'iw*0.07', 'ih*0.16', c2),
        box('iw*0.36', 'ih*0.5+ih*0.12*sin(t*3.2)+ih*0.01', 'iw*0.09', 'ih*0.3', '0x78350f'),
        box('iw*0.55', 'ih*0.5+ih*0.12*sin(t*3.2)+ih*0.01', 'iw*0.09', 'ih*0.3', '0x78350f'),
      )
    case 'stride':
      // A run at sunrise: a horizon, and speed lines rushing past.
      return chain(
        background('gradient', [c0, c1], d, 0.03),
        box('0', 'ih*0.62', 'iw', 'ih*0.38', '0x1f2937'),
        box('mod(iw-t*1400,iw*1.4)-iw*0.4', 'ih*0.3', 'iw*0.4', 'ih*0.01', c2),
        box('mod(iw-t*1100+iw*0.5,iw*1.4)-iw*0.4', 'ih*0.45', 'iw*0.3', 'ih*0.008', c2),
        box('mod(iw-t*1700+iw*0.9,iw*1.4)-iw*0.4', 'ih*0.72', 'iw*0.5', 'ih*0.012', c2),
        box('mod(iw-t*900+iw*0.2,iw*1.4)-iw*0.4', 'ih*0.86', 'iw*0.35', 'ih*0.01', c2),
        box('iw*0.45', 'ih*0.5-abs(sin(t*7))*ih*0.04', 'iw*0.1', 'ih*0.14', '0x111827'),
      )
    case 'sparkle':
      // A bottle rising through glitter, its cap catching the light.
      return withSpecks(
        background('gradient', [c0, c1], d, 0.025),
        c2,
        0.1,
        0,
        false,
        box('iw*0.4', 'ih*0.4+ih*0.12*(1-min(t/1.2,1))', 'iw*0.2', 'ih*0.3', '0xfdf2f8@0.9'),
        box('iw*0.44', 'ih*0.33+ih*0.12*(1-min(t/1.2,1))', 'iw*0.12', 'ih*0.07', '0x1f2937'),
        box('iw*0.42', 'ih*0.5+ih*0.12*(1-min(t/1.2,1))', 'iw*0.16', 'ih*0.08', `${c1}@0.8`),
      )
    case 'swatch':
      // Three swatches sliding in from the left one after another, then a brush sweeping over them.
      return chain(
        background('flat', [c0], d),
        box('-iw+min(t/0.4,1)*iw*1.12', 'ih*0.28', 'iw*0.76', 'ih*0.1', c1),
        box('-iw+min(max(t-0.3,0)/0.4,1)*iw*1.12', 'ih*0.44', 'iw*0.76', 'ih*0.1', c2),
        box('-iw+min(max(t-0.6,0)/0.4,1)*iw*1.12', 'ih*0.6', 'iw*0.76', 'ih*0.1', '0x9f1239'),
        box('iw*0.1+iw*0.7*abs(sin(t*1.6))', 'ih*0.2', 'iw*0.05', 'ih*0.56', '0x78350f@0.85'),
      )
    case 'phone':
      // A hand-held phone, an app's cards scrolling on its screen.
      return chain(
        background('gradient', [c0, c1], d, 0.015),
        box('iw*0.22', 'ih*0.14', 'iw*0.56', 'ih*0.72', '0x0a0a0a'),
        box('iw*0.25', 'ih*0.17', 'iw*0.5', 'ih*0.66', '0xf8fafc'),
        box('iw*0.28', 'ih*0.19+mod(t*260,ih*0.52)', 'iw*0.44', 'ih*0.1', c1),
        box('iw*0.28', 'ih*0.19+mod(t*260+ih*0.17,ih*0.52)', 'iw*0.44', 'ih*0.1', c2),
        box('iw*0.28', 'ih*0.19+mod(t*260+ih*0.34,ih*0.52)', 'iw*0.44', 'ih*0.1', '0x94a3b8'),
        box('iw*0.25', 'ih*0.17', 'iw*0.5', 'ih*0.03', '0xe2e8f0'),
      )
    case 'desk':
      // A laptop on a desk at night: its screen glowing, a cursor blinking, a lamp's light breathing.
      return chain(
        background('gradient', [c0, c1], d, 0.01),
        box('0', 'ih*0.66', 'iw', 'ih*0.34', '0x3f2a1d'),
        box('iw*0.14', 'ih*0.36', 'iw*0.72', 'ih*0.28', '0x111827'),
        box('iw*0.17', 'ih*0.38', 'iw*0.66', 'ih*0.24', c2),
        box('iw*0.2+mod(t*120,iw*0.5)', 'ih*0.45', 'iw*0.02', 'ih*0.035', '0x111827@0.9'),
        box('iw*0.08', 'ih*0.64', 'iw*0.84', 'ih*0.03', '0x9ca3af'),
        box('iw*0.02', 'ih*0.1', 'iw*0.2', 'ih*0.2+ih*0.02*sin(t*2)', '0xfde68a@0.35'),
      )
    case 'connect':
      // Two pieces sliding together; the link between them lights up.
      return chain(
        background('gradient', [c0, c1], d, 0.02),
        'drawgrid=w=72:h=72:t=1:c=0xffffff@0.12',
        box('iw*0.05+iw*0.2*min(t/1.1,1)', 'ih*0.42', 'iw*0.25', 'ih*0.16', c1),
        box('iw*0.7-iw*0.2*min(t/1.1,1)', 'ih*0.42', 'iw*0.25', 'ih*0.16', c2),
        box('iw*0.3', 'ih*0.49', 'iw*0.4*min(max(t-0.8,0)/0.5,1)', 'ih*0.02', '0xffffff'),
        box('iw*0.47', 'ih*0.2+ih*0.05*sin(t*4)', 'iw*0.06', 'ih*0.04', `${c2}@0.8`),
      )
    case 'morning':
      // Sunrise through a window, a mug on the sill, steam curling up.
      return withSpecks(
        [
          background('gradient', [c0, c1], d, 0.012),
          'drawgrid=w=iw/2:h=ih/3:t=14:c=0x292524',
          box('iw*0.55', 'ih*0.16+ih*0.05*(1-min(t/2,1))', 'iw*0.18', 'iw*0.18', '0xfef08a@0.8'),
          box('0', 'ih*0.74', 'iw', 'ih*0.26', '0x44403c'),
          box('iw*0.36', 'ih*0.62', 'iw*0.2', 'ih*0.13', c2),
          box('iw*0.56', 'ih*0.65', 'iw*0.05', 'ih*0.06', c2),
        ].join(','),
        '0xffffff',
        0.04,
        1,
        true,
      )
    case 'bokeh':
      // Soft out-of-focus lights drifting over a slow gradient.
      return withSpecks(background('gradient', [c0, c1], d, 0.04), c2, 0.12, 2, true)
    case 'flash':
      // A strobe: the colour flips every few frames while a block punches in.
      return chain(
        background('flat', [c0], d),
        // Every other 0.15 s the block covers the frame; otherwise it sits below it (a zero height would mean "full").
        box('0', 'ih*gte(mod(t,0.3),0.15)', 'iw', 'ih', c1),
        box(
          'iw*(0.5-0.4*min(t/0.6,1))',
          'ih*(0.5-0.25*min(t/0.6,1))',
          'iw*0.8*min(t/0.6,1)',
          'ih*0.5*min(t/0.6,1)',
          `${c2}@0.85`,
        ),
        `hue=h='t*240'`,
      )
  }
}
/**
 * The "phone camera" look over the cut scenes: a slow hand-held drift (a moving crop), a little sensor grain and a
 * vignette, drawn at half size and scaled up to 1080×1920 (about four times cheaper than drawing full size).
 */
function cameraLook(): string {
  const { width, height, cropWidth, cropHeight } = STOCK_DRAW
  const dx = (width - cropWidth) / 2
  const dy = (height - cropHeight) / 2
  return [
    `crop=${cropWidth}:${cropHeight}:x='${dx}+${dx - 2}*sin(t*2.3)':y='${dy}+${dy - 2}*sin(t*1.7+1)'`,
    'noise=alls=6:allf=t',
    'vignette=PI/5',
    `scale=${STOCK_FRAME.width}:${STOCK_FRAME.height}:flags=bilinear`,
    'format=yuv420p',
  ].join(',')
}

/** A soft chord under a gentle beat on every half second, and a tick on every cut. */
export function stockAudioSource(clip: StockClip): string {
  const [f1, f2] = clip.chord
  let at = 0
  const cuts = clip.scenes.slice(0, -1).map((s) => (at += s.seconds))
  const ticks = cuts.map((c) => `+0.12*sin(2*PI*880*t)*exp(-40*abs(t-${c}))`).join('')
  const beat = '0.18*sin(2*PI*60*t)*exp(-10*mod(t,0.5))'
  return `aevalsrc='0.05*sin(2*PI*${f1}*t)+0.04*sin(2*PI*${f2}*t)+${beat}${ticks}':s=48000:d=${clip.seconds}`
}

/** The whole filter graph: every scene, cut together, then the camera look, as `[v]`. */
export function stockClipGraph(clip: StockClip): string {
  const scenes = clip.scenes.flatMap((scene, i) => stockSceneGraph(scene, i))
  const labels = clip.scenes.map((_, i) => `[s${i}]`).join('')
  return [...scenes, `${labels}concat=n=${clip.scenes.length}:v=1:a=0,${cameraLook()}[v]`].join(';')
}

/**
 * The ffmpeg arguments for one clip (run without a shell): the scenes drawn by lavfi sources in the filter graph, the
 * chord from `aevalsrc`; H.264/AAC in MP4 with `+faststart`, 1080×1920 at 30 fps. `ultrafast` because the clips are
 * made at a worker's first start, alongside everything else the machine is doing.
 */
export function stockClipArgs(clip: StockClip, output: string): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    stockAudioSource(clip),
    '-filter_complex',
    stockClipGraph(clip),
    '-map',
    '[v]',
    '-map',
    '0:a',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '27',
    '-r',
    String(STOCK_FRAME.fps),
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
      const video = path.join(scratch, 'clip.mp4')
      const thumbnail = path.join(scratch, 'thumb.jpg')
      await runFfmpeg(ffmpegPath, stockClipArgs(clip, video), { timeoutMs: CLIP_TIMEOUT_MS })
      await runFfmpeg(ffmpegPath, stockThumbnailArgs(video, thumbnail), { timeoutMs: CLIP_TIMEOUT_MS })
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
