import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { createCanvas } from '@napi-rs/canvas'
import { layoutOverlays, OUTPUT_FRAME, type TextOverlay } from '@hookpost/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseProbe, runFfprobe } from '../inspect'
import { registerOverlayFonts } from './fonts'
import { RENDER_MESSAGES } from './messages'
import { renderVideo } from './render'
import { RenderError, type RenderPlan, type RenderSource } from './types'

/**
 * The renderer with the real ffmpeg and ffprobe (Debian 5.1) on short clips made here with lavfi: what comes out is
 * checked the way TikTok and a player would see it, and the overlay geometry is measured on decoded frames.
 */
const run = promisify(execFile)
const FFMPEG = 'ffmpeg'
const FFPROBE = 'ffprobe'
const { width: W, height: H } = OUTPUT_FRAME

const dir = mkdtempSync(path.join(tmpdir(), 'render-int-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

interface ClipSpec {
  video: string
  width: number
  height: number
  seconds: number
  audio: boolean
  fps?: number
}

async function makeClip(name: string, spec: ClipSpec): Promise<RenderSource> {
  const file = path.join(dir, name)
  const fps = spec.fps ?? 30
  await run(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...[
      '-f',
      'lavfi',
      '-i',
      `${spec.video}${spec.video.includes('=') ? ':' : '='}size=${spec.width}x${spec.height}:rate=${fps}`,
    ],
    ...(spec.audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'] : []),
    ...['-t', String(spec.seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...(spec.audio ? ['-c:a', 'aac'] : []),
    file,
  ])
  return {
    path: file,
    width: spec.width,
    height: spec.height,
    durationMs: spec.seconds * 1000,
    fps,
    hasAudio: spec.audio,
  }
}

let n = 0
function plan(
  layout: RenderPlan['layout'],
  hook: RenderSource,
  demo: RenderSource | null,
  overlays: TextOverlay[],
  fit: RenderPlan['fit'] = 'blur',
  cropFocus?: number,
) {
  const workDir = path.join(dir, `render-${++n}`)
  mkdirSync(workDir)
  return {
    layout,
    hook,
    demo,
    fit,
    cropFocus,
    overlays,
    outputPath: path.join(workDir, 'out.mp4'),
    thumbnailPath: path.join(workDir, 'thumb.jpg'),
    workDir,
  } satisfies RenderPlan
}

function overlay(id: string, text: string, position: TextOverlay['position'], target: TextOverlay['target'] = 'both') {
  return {
    version: 2,
    anchor: null,
    style: 'outline',
    startMs: null,
    endMs: null,
    id,
    text,
    position,
    color: '#ffffff',
    fontSize: 120,
    fontWeight: 'bold',
    target,
  } satisfies TextOverlay
}

async function probe(file: string) {
  const result = await runFfprobe(file, { ffprobePath: FFPROBE })
  if (!result.ok) throw new Error(`${result.reason}: ${result.detail}`)
  return parseProbe(result.json)
}

/** The top-level MP4 boxes in file order (ftyp, moov, free, mdat…). */
function topLevelBoxes(file: string): string[] {
  const data = readFileSync(file)
  const boxes: string[] = []
  for (let offset = 0; offset + 8 <= data.length;) {
    let size = data.readUInt32BE(offset)
    boxes.push(data.toString('latin1', offset + 4, offset + 8))
    if (size === 1) size = Number(data.readBigUInt64BE(offset + 8))
    if (size === 0) break
    offset += size
  }
  return boxes
}

/** One decoded output frame as RGB. */
async function frameAt(file: string, seconds: number) {
  const { stdout } = await run(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-ss', seconds.toFixed(3), '-i', file],
      ...['-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    ],
    { encoding: 'buffer', maxBuffer: W * H * 3 + 1024 },
  )
  expect(stdout.length).toBe(W * H * 3)
  return (x: number, y: number) => {
    const i = (y * W + x) * 3
    return [stdout[i]!, stdout[i + 1]!, stdout[i + 2]!] as const
  }
}
type Frame = Awaited<ReturnType<typeof frameAt>>

/**
 * How sharp rows [top, bottom) are: the share of horizontal neighbours whose brightness differs by more than 12 (an
 * edge). testsrc2's bars, circles and digits have edges even scaled up; a heavily blurred copy, almost none.
 */
function sharpness(frame: Frame, top: number, bottom: number): number {
  const luma = ([r, g, b]: readonly number[]) => 0.299 * r! + 0.587 * g! + 0.114 * b!
  let edges = 0
  let count = 0
  for (let y = top; y < bottom; y += 2) {
    for (let x = 0; x + 1 < W; x++) {
      if (Math.abs(luma(frame(x + 1, y)) - luma(frame(x, y))) > 12) edges++
      count++
    }
  }
  return edges / count
}

/** The mean brightness of rows [top, bottom). */
function brightness(frame: Frame, top: number, bottom: number): number {
  let sum = 0
  let count = 0
  for (let y = top; y < bottom; y += 4) {
    for (let x = 0; x < W; x += 2) {
      const [r, g, b] = frame(x, y)
      sum += (r + g + b) / 3
      count++
    }
  }
  return sum / count
}

const nearWhite = ([r, g, b]: readonly number[]) => r! > 220 && g! > 220 && b! > 220

/** The box of pixels matching `test` within rows [top, bottom). */
function boxOf(frame: Frame, top: number, bottom: number, test: (rgb: readonly number[]) => boolean) {
  let minX = Infinity
  let maxX = -Infinity
  let minY = Infinity
  let maxY = -Infinity
  let count = 0
  for (let y = Math.max(0, Math.round(top)); y < Math.min(H, Math.round(bottom)); y++) {
    for (let x = 0; x < W; x++) {
      if (!test(frame(x, y))) continue
      count++
      minX = Math.min(minX, x)
      maxX = Math.max(maxX, x)
      minY = Math.min(minY, y)
      maxY = Math.max(maxY, y)
    }
  }
  return { count, minX, maxX, minY, maxY, centreX: (minX + maxX) / 2, centreY: (minY + maxY) / 2 }
}

let portrait: RenderSource
let silent916: RenderSource
let landscape: RenderSource
let blue: RenderSource
let purple: RenderSource

beforeAll(async () => {
  ;[portrait, silent916, landscape, blue, purple] = await Promise.all([
    makeClip('portrait.mp4', { video: 'testsrc2', width: 720, height: 1280, seconds: 2, audio: true }),
    makeClip('silent.mp4', { video: 'testsrc2', width: W, height: H, seconds: 1, audio: false, fps: 60 }),
    makeClip('landscape.mp4', { video: 'testsrc2', width: 1280, height: 720, seconds: 1.5, audio: false, fps: 25 }),
    makeClip('blue.mp4', { video: 'color=c=0x336699', width: W, height: H, seconds: 1, audio: false }),
    makeClip('purple.mp4', { video: 'color=c=0x663399', width: W, height: H, seconds: 1, audio: true }),
  ])
})

/** What every render must be: H.264 1080×1920 30 fps, AAC, moov first, a 540-wide JPEG thumbnail. */
async function expectDeliverable(p: RenderPlan, expectedSec: number) {
  const facts = await probe(p.outputPath)
  expect(facts.video).toMatchObject({ codec: 'h264', width: W, height: H, fps: 30 })
  expect(facts.audioCodec).toBe('aac')
  expect(facts.durationSec).toBeCloseTo(expectedSec, 1)
  expect(Math.abs(facts.durationSec! - expectedSec)).toBeLessThanOrEqual(0.1)
  const boxes = topLevelBoxes(p.outputPath)
  expect(boxes.indexOf('moov')).toBeGreaterThan(-1)
  expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'))
  const thumb = await probe(p.thumbnailPath)
  expect(thumb.video).toMatchObject({ codec: 'mjpeg', width: 540, height: 960 })
}

describe('renderVideo with ffmpeg', () => {
  it('single: a 720×1280 clip becomes 1080×1920 30 fps H.264/AAC, +faststart, with a thumbnail and progress', async () => {
    const p = plan('single', portrait, null, [overlay('t', 'Hook 🔥', 'top')])
    const seen: number[] = []
    const result = await renderVideo(p, { ffmpegPath: FFMPEG, ffprobePath: FFPROBE, onProgress: (v) => seen.push(v) })
    expect(result).toMatchObject({ width: W, height: H, durationMs: 2000 })
    expect(result.sizeBytes).toBeGreaterThan(10_000)
    expect(seen.at(-1)).toBe(100)
    await expectDeliverable(p, 2)
  })

  it('sequence: hook then a landscape demo without audio, as long as both together, with sound', async () => {
    const p = plan('sequence', portrait, landscape, [overlay('b', 'Both', 'bottom')])
    const result = await renderVideo(p, { ffmpegPath: FFMPEG, ffprobePath: FFPROBE })
    expect(result.durationMs).toBe(3500)
    await expectDeliverable(p, 3.5)
    // The landscape demo gets the blurred fill: above and below it a blurred copy of it, not black.
    const demoFrame = await frameAt(p.outputPath, 2.6)
    expect(brightness(demoFrame, 0, 400)).toBeGreaterThan(20)
    expect(brightness(demoFrame, 1520, 1920)).toBeGreaterThan(20)
  })

  // A 1280×720 clip fitted to 9:16 (ADR 032): fitted inside it spans rows 656–1264 of the frame.
  it('fit blur: a landscape clip whole in the middle, over blurred bands of itself above and below', async () => {
    const p = plan('single', landscape, null, [], 'blur')
    const result = await renderVideo(p, { ffmpegPath: FFMPEG, ffprobePath: FFPROBE })
    expect(result).toMatchObject({ width: W, height: H })
    await expectDeliverable(p, 1.5)
    const frame = await frameAt(p.outputPath, 0.5)
    const picture = sharpness(frame, 700, 1220)
    expect(picture).toBeGreaterThan(0.005)
    for (const [top, bottom] of [
      [0, 600],
      [1320, 1920],
    ] as const) {
      // Not black (a letterbox), and far softer than the picture itself.
      expect(brightness(frame, top, bottom)).toBeGreaterThan(20)
      expect(sharpness(frame, top, bottom)).toBeLessThan(picture / 10)
    }
  })

  it('fit crop: a landscape clip fills the frame with its centre, sharp from top to bottom', async () => {
    const p = plan('single', landscape, null, [], 'crop')
    const result = await renderVideo(p, { ffmpegPath: FFMPEG, ffprobePath: FFPROBE })
    expect(result).toMatchObject({ width: W, height: H })
    await expectDeliverable(p, 1.5)
    const frame = await frameAt(p.outputPath, 0.5)
    // Edges all the way up and down (the blurred fill has none there).
    expect(sharpness(frame, 700, 1220)).toBeGreaterThan(0.002)
    for (const [top, bottom] of [
      [0, 600],
      [1320, 1920],
    ] as const) {
      expect(sharpness(frame, top, bottom)).toBeGreaterThan(0.002)
    }
  })

  it('fit crop with a focus: keeps the left or the right of a landscape clip, as chosen', async () => {
    // Red on the left half, blue on the right.
    const file = path.join(dir, 'red-blue.mp4')
    await run(FFMPEG, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'color=c=red:size=640x720:rate=25,pad=1280:720:0:0:color=blue'],
      ...['-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
    ])
    const redBlue: RenderSource = { path: file, width: 1280, height: 720, durationMs: 1000, fps: 25, hasAudio: false }
    const centreOf = async (focus: number) => {
      const p = plan('single', redBlue, null, [], 'crop', focus)
      await renderVideo(p, { ffmpegPath: FFMPEG, ffprobePath: FFPROBE })
      const frame = await frameAt(p.outputPath, 0.5)
      return [frame(40, H / 2), frame(W / 2, H / 2), frame(W - 40, H / 2)]
    }
    const isRed = ([r, g, b]: readonly number[]) => r! > 180 && g! < 80 && b! < 80
    const isBlue = ([r, g, b]: readonly number[]) => b! > 180 && r! < 80 && g! < 80
    expect((await centreOf(0)).every(isRed)).toBe(true)
    expect((await centreOf(100)).every(isBlue)).toBe(true)
  })

  it('split: two silent videos side by side for the longer one, with a silent audio track', async () => {
    const p = plan('split', silent916, landscape, [])
    const result = await renderVideo(p, { ffmpegPath: FFMPEG, ffprobePath: FFPROBE })
    expect(result.durationMs).toBe(1500)
    await expectDeliverable(p, 1.5)
  })

  it('puts top, centre and bottom text where layoutOverlays says (±10 px at 120 px), horizontally centred', async () => {
    const overlays = [overlay('t', 'TOP', 'top'), overlay('c', 'CENTER', 'center'), overlay('b', 'BOTTOM', 'bottom')]
    const p = plan('single', blue, null, overlays)
    await renderVideo(p, { ffmpegPath: FFMPEG, ffprobePath: FFPROBE })
    registerOverlayFonts()
    const layouts = layoutOverlays(overlays, OUTPUT_FRAME, createCanvas(W, H).getContext('2d'))
    // 120 px lines, 150 px tall: top's under the top bar (154 px), bottom's above the caption area (1536 px).
    expect(layouts.map((l) => l.lines[0]!.y)).toEqual([153.6 + 75, 960, 1536 - 75])

    const frame = await frameAt(p.outputPath, 0.5)
    for (const layout of layouts) {
      const { y } = layout.lines[0]!
      const box = boxOf(frame, y - 60, y + 60, nearWhite)
      expect(box.count, layout.overlay.text).toBeGreaterThan(500)
      // Capitals sit a little above textBaseline 'middle' (the em box's middle): 8 % of the size at most.
      expect(Math.abs(box.centreY - y), layout.overlay.text).toBeLessThanOrEqual(layout.fontPx * 0.08)
      expect(Math.abs(box.centreX - W / 2), layout.overlay.text).toBeLessThanOrEqual(6)
    }
    // The background between the bands is the clip's flat colour, untouched.
    expect(boxOf(frame, 330, 860, nearWhite).count).toBe(0)
  })

  it('sequence: a hook-only overlay is on the hook and not on the demo, and the other way round', async () => {
    const overlays = [overlay('h', 'HOOK ONLY', 'center', 'hook'), overlay('d', 'DEMO ONLY', 'bottom', 'demo')]
    const p = plan('sequence', blue, purple, overlays)
    const result = await renderVideo(p, { ffmpegPath: FFMPEG, ffprobePath: FFPROBE })
    expect(result.durationMs).toBe(2000)
    const hookFrame = await frameAt(p.outputPath, 0.5)
    const demoFrame = await frameAt(p.outputPath, 1.5)
    // Which clip is playing: 0x336699 then 0x663399.
    expect(hookFrame(10, 10)[2]).toBeGreaterThan(hookFrame(10, 10)[0] + 40)
    expect(demoFrame(10, 10)[0]).toBeGreaterThan(demoFrame(10, 10)[1] + 20)

    expect(boxOf(hookFrame, 900, 1020, nearWhite).count).toBeGreaterThan(500)
    expect(boxOf(demoFrame, 900, 1020, nearWhite).count).toBe(0)
    expect(boxOf(demoFrame, 1401, 1521, nearWhite).count).toBeGreaterThan(500)
    expect(boxOf(hookFrame, 1401, 1521, nearWhite).count).toBe(0)
  })

  it('draws emoji in colour', async () => {
    const p = plan('single', blue, null, [overlay('e', '🔥🔥', 'center')])
    await renderVideo(p, { ffmpegPath: FFMPEG, ffprobePath: FFPROBE })
    const frame = await frameAt(p.outputPath, 0.5)
    // Flame orange/yellow: nothing like the blue background, the white fill or the black outline.
    const flame = boxOf(frame, 900, 1020, ([r, g, b]) => r! > 180 && b! < 120 && r! - b! > 100 && g! < 235)
    expect(flame.count).toBeGreaterThan(200)
    expect(Math.abs(flame.centreX - W / 2)).toBeLessThanOrEqual(10)
  })

  it('keeps the overlay colours the canvas drew (converted and tagged BT.709, as HD players read it)', async () => {
    const p = plan('single', blue, null, [{ ...overlay('g', 'MMMM', 'center'), color: '#34c759' }])
    await renderVideo(p, { ffmpegPath: FFMPEG, ffprobePath: FFPROBE })
    const frame = await frameAt(p.outputPath, 0.5)
    const [r, g, b] = [0x34, 0xc7, 0x59]
    const green = boxOf(
      frame,
      900,
      1020,
      ([R, G, B]) => Math.max(Math.abs(R! - r), Math.abs(G! - g), Math.abs(B! - b)) <= 8,
    )
    expect(green.count).toBeGreaterThan(300)
  })

  // ADR 031: preview == render for each text style, each size, a dragged position and the timing. The preview draws
  // with layoutOverlays/drawOverlays on its frame (apps/web preview.test.ts checks it is this layout shrunk); here the
  // decoded output frame must show the text where the same layout says.
  it('outline: every size, each at a dragged position, where layoutOverlays puts it', async () => {
    const sizes = [56, 72, 96, 120] as const
    const overlays = sizes.map((fontSize, i) => ({
      ...overlay(`s${fontSize}`, 'MMM', 'center'),
      fontSize,
      anchor: { x: 0.5, y: 0.2 + i * 0.2 },
    }))
    const p = plan('single', blue, null, overlays)
    await renderVideo(p, { ffmpegPath: FFMPEG, ffprobePath: FFPROBE })
    registerOverlayFonts()
    const layouts = layoutOverlays(overlays, OUTPUT_FRAME, createCanvas(W, H).getContext('2d'))
    const frame = await frameAt(p.outputPath, 0.5)
    const heights: number[] = []
    for (const layout of layouts) {
      const { y } = layout.lines[0]!
      expect(y).toBeCloseTo(layout.overlay.anchor!.y * H, 6)
      const box = boxOf(frame, y - layout.lineHeightPx / 2, y + layout.lineHeightPx / 2, nearWhite)
      expect(box.count, layout.overlay.id).toBeGreaterThan(300)
      expect(Math.abs(box.centreY - y), layout.overlay.id).toBeLessThanOrEqual(layout.fontPx * 0.08)
      expect(Math.abs(box.centreX - W / 2), layout.overlay.id).toBeLessThanOrEqual(6)
      heights.push(box.maxY - box.minY)
    }
    // Cap height grows with the size: X-Large's is about 120/56 of Small's.
    expect(heights[3]! / heights[0]!).toBeGreaterThan(1.9)
    expect(heights[3]! / heights[0]!).toBeLessThan(2.4)
  })

  it('a dragged position off-centre lands where the anchor says, kept inside the frame', async () => {
    const overlays = [{ ...overlay('d', 'DRAG', 'top'), anchor: { x: 0.3, y: 0.7 } }]
    const p = plan('single', blue, null, overlays)
    await renderVideo(p, { ffmpegPath: FFMPEG, ffprobePath: FFPROBE })
    const frame = await frameAt(p.outputPath, 0.5)
    const box = boxOf(frame, 0.7 * H - 90, 0.7 * H + 90, nearWhite)
    expect(box.count).toBeGreaterThan(500)
    expect(Math.abs(box.centreX - 0.3 * W)).toBeLessThanOrEqual(8)
    expect(Math.abs(box.centreY - 0.7 * H)).toBeLessThanOrEqual(8)
  })

  it('background box: a rounded box in the chosen colour, black text on it, as laid out', async () => {
    const overlays = [{ ...overlay('b', 'MMMM', 'center'), style: 'box' as const, color: '#ffcc00' }]
    const p = plan('single', blue, null, overlays)
    await renderVideo(p, { ffmpegPath: FFMPEG, ffprobePath: FFPROBE })
    registerOverlayFonts()
    const [layout] = layoutOverlays(overlays, OUTPUT_FRAME, createCanvas(W, H).getContext('2d'))
    const frame = await frameAt(p.outputPath, 0.5)
    const yellow = boxOf(frame, 800, 1120, ([r, g, b]) => r! > 220 && g! > 170 && g! < 235 && b! < 60)
    expect(yellow.count).toBeGreaterThan(20_000)
    const { bounds } = layout!
    expect(Math.abs(yellow.minX - bounds.left)).toBeLessThanOrEqual(4)
    expect(Math.abs(yellow.maxX - (bounds.left + bounds.width))).toBeLessThanOrEqual(4)
    expect(Math.abs(yellow.minY - bounds.top)).toBeLessThanOrEqual(4)
    expect(Math.abs(yellow.maxY - (bounds.top + bounds.height))).toBeLessThanOrEqual(4)
    const black = boxOf(frame, bounds.top, bounds.top + bounds.height, ([r, g, b]) => r! < 50 && g! < 50 && b! < 50)
    expect(black.count).toBeGreaterThan(2_000)
    expect(Math.abs(black.centreX - W / 2)).toBeLessThanOrEqual(6)
  })

  it('shadow: plain text with a soft dark shadow below it, and no outline', async () => {
    const overlays = [{ ...overlay('s', 'MMMM', 'center'), style: 'shadow' as const }]
    const p = plan('single', blue, null, overlays)
    await renderVideo(p, { ffmpegPath: FFMPEG, ffprobePath: FFPROBE })
    const frame = await frameAt(p.outputPath, 0.5)
    const text = boxOf(frame, 880, 1040, nearWhite)
    expect(text.count).toBeGreaterThan(2_000)
    expect(Math.abs(text.centreY - 960)).toBeLessThanOrEqual(120 * 0.08)
    // The clip is 0x336699: the shadow darkens it just below the glyphs; nothing is near black (no outline).
    const [, , bgB] = frame(20, 20)
    const shaded = boxOf(frame, text.maxY + 2, text.maxY + 14, ([r, g, b]) => b! < bgB - 25 && r! < 60 && g! < 110)
    expect(shaded.count).toBeGreaterThan(300)
    expect(boxOf(frame, 860, 1060, ([r, g, b]) => r! < 15 && g! < 15 && b! < 15).count).toBe(0)
  })

  it('timing: no text before the start or from the end on, the text in between', async () => {
    const twoSeconds = await makeClip('blue-2s.mp4', {
      video: 'color=c=0x336699',
      width: W,
      height: H,
      seconds: 2,
      audio: false,
    })
    const overlays = [{ ...overlay('t', 'TIMED', 'center'), startMs: 700, endMs: 1400 }, overlay('a', 'ALWAYS', 'top')]
    const p = plan('single', twoSeconds, null, overlays)
    await renderVideo(p, { ffmpegPath: FFMPEG, ffprobePath: FFPROBE })
    const band = (f: Frame) => boxOf(f, 880, 1040, nearWhite).count
    const top = (f: Frame) => boxOf(f, 154, 154 + 150, nearWhite).count
    const before = await frameAt(p.outputPath, 0.5)
    const inside = await frameAt(p.outputPath, 1.0)
    const after = await frameAt(p.outputPath, 1.6)
    expect(band(before)).toBe(0)
    expect(band(inside)).toBeGreaterThan(1_000)
    expect(band(after)).toBe(0)
    // The untimed overlay is there the whole time.
    for (const f of [before, inside, after]) expect(top(f)).toBeGreaterThan(1_000)
  })

  it('timing in a sequence: the times are the output’s, so the demo shows text from its own second on', async () => {
    const overlays = [{ ...overlay('late', 'LATE', 'center'), startMs: 1500, endMs: null }]
    const p = plan('sequence', blue, purple, overlays)
    await renderVideo(p, { ffmpegPath: FFMPEG, ffprobePath: FFPROBE })
    expect(boxOf(await frameAt(p.outputPath, 0.5), 880, 1040, nearWhite).count).toBe(0)
    expect(boxOf(await frameAt(p.outputPath, 1.2), 880, 1040, nearWhite).count).toBe(0)
    expect(boxOf(await frameAt(p.outputPath, 1.7), 880, 1040, nearWhite).count).toBeGreaterThan(1_000)
  })

  it('a corrupt source fails for good, in words for the person', async () => {
    const garbage = path.join(dir, 'garbage.mp4')
    writeFileSync(garbage, Buffer.alloc(4096, 7))
    const p = plan('single', { ...portrait, path: garbage }, null, [])
    const error = await renderVideo(p, { ffmpegPath: FFMPEG, ffprobePath: FFPROBE }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RenderError)
    expect(error).toMatchObject({ message: RENDER_MESSAGES.unreadableSource, retryable: false })
    expect((error as RenderError).detail).toMatch(/Invalid data found/)
  })
})
