import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { STOCK_CATEGORIES } from '@hookpost/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseProbe, runFfprobe } from '../../integrations/ffmpeg/inspect'
import { STOCK_CLIPS, STOCK_FRAME, STOCK_MIN_SECONDS, type StockClip } from './stock-catalogue'
import { ensureStockClips, stockClipPaths } from './stock-clips'

/**
 * The stock clip recipe run by the real ffmpeg (Debian 5.1): one clip of each category is made, then checked the way
 * the renderer and a viewer would see it — size, length, sound — and its decoded frames compared: a clip moves within
 * a scene and looks different after each cut.
 */
const run = promisify(execFile)
const execOut = promisify(execFile)

const dir = mkdtempSync(path.join(tmpdir(), 'stock-int-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const picked: StockClip[] = STOCK_CATEGORIES.map((category) => STOCK_CLIPS.find((c) => c.category === category)!)
const errors: unknown[] = []
let result: { made: string[]; failed: string[] }

beforeAll(async () => {
  const log = { info: () => undefined, warn: () => undefined, error: (_: string, err?: unknown) => errors.push(err) }
  result = await ensureStockClips({ dir, ffmpegPath: 'ffmpeg', log, clips: picked })
}, 300_000)

/** A frame at `seconds`, shrunk to 54×96 grey levels (small enough that sensor grain averages out). */
async function frame(file: string, seconds: number): Promise<Buffer> {
  const { stdout } = await execOut(
    'ffmpeg',
    [
      '-v',
      'error',
      '-ss',
      String(seconds),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      'scale=54:96:flags=area,format=gray',
    ].concat(['-f', 'rawvideo', 'pipe:1']),
    { encoding: 'buffer', maxBuffer: 1 << 20 },
  )
  expect(stdout.length).toBe(54 * 96)
  return stdout
}

/** Mean absolute difference of two grey frames, 0–255. */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!)
  return sum / a.length
}

/** Where each scene starts, in seconds. */
function sceneStarts(clip: StockClip): number[] {
  let at = 0
  return clip.scenes.map((s) => {
    const start = at
    at += s.seconds
    return start
  })
}

describe('stock clips made by ffmpeg', () => {
  it('makes one clip of each category, with its thumbnail', () => {
    expect(errors).toEqual([])
    expect(result).toEqual({ made: picked.map((c) => c.slug), failed: [] })
    expect(new Set(picked.map((c) => c.category))).toEqual(new Set(STOCK_CATEGORIES))
  })

  it.each(picked.map((c) => [c.category, c] as const))(
    '%s: 1080×1920 H.264 at 30 fps with AAC sound, at least five seconds',
    async (_, clip) => {
      const probed = await runFfprobe(stockClipPaths(dir, clip.slug).video, { ffprobePath: 'ffprobe' })
      if (!probed.ok) throw new Error(`${probed.reason}: ${probed.detail}`)
      const facts = parseProbe(probed.json)
      expect(facts.video).toMatchObject({ codec: 'h264', width: STOCK_FRAME.width, height: STOCK_FRAME.height })
      expect(facts.video?.fps).toBeCloseTo(30, 1)
      expect(facts.audioCodec).toBe('aac')
      expect(facts.durationSec).toBeGreaterThanOrEqual(STOCK_MIN_SECONDS)
      expect(Math.abs(facts.durationSec! - clip.seconds)).toBeLessThan(0.1)
      const { stdout } = await run('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'stream=width,height',
        '-of',
        'csv=p=0',
        stockClipPaths(dir, clip.slug).thumbnail,
      ])
      expect(stdout.trim()).toBe('360,640')
    },
    60_000,
  )

  it.each(picked.map((c) => [c.category, c] as const))(
    '%s: moves within each scene, and every cut shows a different picture',
    async (_, clip) => {
      const file = stockClipPaths(dir, clip.slug).video
      const starts = sceneStarts(clip)
      const middles: Buffer[] = []
      for (const [i, scene] of clip.scenes.entries()) {
        const early = await frame(file, starts[i]! + 0.2)
        const late = await frame(file, starts[i]! + scene.seconds - 0.3)
        expect(difference(early, late), `motion in scene ${i} (${scene.look})`).toBeGreaterThan(2)
        middles.push(await frame(file, starts[i]! + scene.seconds / 2))
      }
      for (let i = 1; i < middles.length; i++) {
        expect(difference(middles[i - 1]!, middles[i]!), `cut ${i}`).toBeGreaterThan(12)
      }
    },
    120_000,
  )
})
