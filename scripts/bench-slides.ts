/**
 * The slideshow slide renderer (issue 29) on this machine: seconds per slide for `renderSlideImage` — decode the
 * background, cover-crop it to 1080×1920, draw the overlays (the shared `layoutOverlays`/`drawOverlays`), encode the
 * JPEG — over 10 slides with overlays, and the JPEG sizes (TikTok takes ≤ 20 MB per image); the goal is `npm run bench`'s.
 *
 *   node --import tsx scripts/bench-slides.ts [--smoke]      (npm run bench:slides)
 *
 * The backgrounds are photo-like (gradients, shapes and per-pixel grain, which JPEG cannot squeeze like a flat
 * colour) in the sizes slides come in: a 12 MP phone photo, a 1024×1792 AI image, landscape video stills, a PNG.
 * They are made before timing; the fonts are registered before timing (once per worker process). The host is shared
 * and its speed drifts: the load is printed, and each slide's figure is the best of --runs (default 3). `--smoke`: 3
 * slides, one run.
 */
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { createCanvas } from '@napi-rs/canvas'
import { OVERLAY_DEFAULTS, type TextOverlay } from '@hookpost/shared'
import { registerOverlayFonts, renderSlideImage, SLIDE_IMAGE } from '../apps/server/src/integrations/ffmpeg/render'
import { reportFigure } from './lib/bench-report'

const { values } = parseArgs({
  options: { smoke: { type: 'boolean', default: false }, runs: { type: 'string', default: '3' } },
})
const SMOKE = values.smoke
const RUNS = Math.max(1, Number(values.runs))

const SIZES: { width: number; height: number; format: 'jpeg' | 'png' }[] = [
  { width: 3024, height: 4032, format: 'jpeg' }, // 12 MP phone photo
  { width: 1024, height: 1792, format: 'png' }, // AI image
  { width: 1920, height: 1080, format: 'jpeg' }, // landscape video still
  { width: 1080, height: 1920, format: 'jpeg' }, // portrait video still
  { width: 4000, height: 3000, format: 'jpeg' }, // 12 MP landscape
  { width: 720, height: 1280, format: 'jpeg' },
  { width: 1024, height: 1024, format: 'png' },
  { width: 2160, height: 3840, format: 'jpeg' }, // 4K portrait still
  { width: 1290, height: 2796, format: 'jpeg' }, // phone screenshot
  { width: 1080, height: 1350, format: 'jpeg' },
]

/** A photo-like picture: a gradient sky, blurred shapes and grain. */
async function background(i: number, size: (typeof SIZES)[number]): Promise<Buffer> {
  const { width, height } = size
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  const sky = ctx.createLinearGradient(0, 0, width * 0.3, height)
  sky.addColorStop(0, `hsl(${(i * 47) % 360} 60% 70%)`)
  sky.addColorStop(1, `hsl(${(i * 47 + 120) % 360} 50% 25%)`)
  ctx.fillStyle = sky
  ctx.fillRect(0, 0, width, height)
  for (let k = 0; k < 25; k++) {
    ctx.fillStyle = `hsla(${(i * 31 + k * 17) % 360} 55% ${30 + (k % 5) * 10}% / 0.6)`
    ctx.beginPath()
    ctx.ellipse(
      (((k * 7919) % 97) / 97) * width,
      (((k * 104729) % 89) / 89) * height,
      width / (6 + (k % 7)),
      height / (9 + (k % 5)),
      k,
      0,
      Math.PI * 2,
    )
    ctx.fill()
  }
  const image = ctx.getImageData(0, 0, width, height)
  let seed = i + 1
  for (let p = 0; p < image.data.length; p += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    const grain = (seed % 25) - 12
    image.data[p] = image.data[p]! + grain
    image.data[p + 1] = image.data[p + 1]! + grain
    image.data[p + 2] = image.data[p + 2]! + grain
  }
  ctx.putImageData(image, 0, 0)
  return size.format === 'png' ? canvas.encode('png') : canvas.encode('jpeg', 92)
}

function overlaysFor(i: number): TextOverlay[] {
  const hook: TextOverlay = {
    ...OVERLAY_DEFAULTS,
    id: `h${i}`,
    text: i === 0 ? '5 things nobody tells you about meal prep 👀' : `${i}. Cook once, eat three times — freeze half`,
    fontSize: i === 0 ? 120 : 96,
    fontWeight: 'bold',
    style: i % 3 === 0 ? 'outline' : i % 3 === 1 ? 'box' : 'shadow',
    position: i % 2 === 0 ? 'center' : 'top',
  }
  const footer: TextOverlay = {
    ...OVERLAY_DEFAULTS,
    id: `f${i}`,
    text: 'Save this for later ✨',
    fontSize: 56,
    position: 'bottom',
    color: '#ffcc00',
  }
  return [hook, footer]
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!

async function main() {
  const sizes = SMOKE ? SIZES.slice(0, 3) : SIZES
  console.log(
    `bench:slides — ${sizes.length} slides, best of ${SMOKE ? 1 : RUNS}, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`,
  )
  const sources = await Promise.all(sizes.map((size, i) => background(i, size)))
  registerOverlayFonts()
  // One warm-up slide: the first canvas call loads Skia's codecs.
  await renderSlideImage(sources[2]!, overlaysFor(0))
  const seconds: number[] = []
  // CPU time too: on a shared host the wall clock mostly measures the neighbours.
  const cpuSeconds: number[] = []
  const rows: string[] = []
  for (const [i, source] of sources.entries()) {
    let s = Infinity
    let cpu = Infinity
    let slide!: Awaited<ReturnType<typeof renderSlideImage>>
    for (let run = 0; run < (SMOKE ? 1 : RUNS); run++) {
      const started = process.hrtime.bigint()
      const cpuStart = process.cpuUsage()
      slide = await renderSlideImage(source, overlaysFor(i))
      s = Math.min(s, Number(process.hrtime.bigint() - started) / 1e9)
      const used = process.cpuUsage(cpuStart)
      cpu = Math.min(cpu, (used.user + used.system) / 1e6)
    }
    cpuSeconds.push(cpu)
    seconds.push(s)
    const { width, height, format } = sizes[i]!
    rows.push(
      `  slide ${String(i + 1).padStart(2)}: ${`${width}×${height} ${format}`.padEnd(16)} → ` +
        `${slide.width}×${slide.height} JPEG q${SLIDE_IMAGE.quality} ${(slide.jpeg.byteLength / 1024).toFixed(0).padStart(5)} KB in ${s.toFixed(3)} s (CPU ${cpu.toFixed(3)} s)`,
    )
  }
  console.log(rows.join('\n'))
  const sorted = [...seconds].sort((a, b) => a - b)
  const total = seconds.reduce((a, b) => a + b, 0)
  console.log(
    `seconds per slide: p50 ${percentile(sorted, 0.5).toFixed(3)}, max ${sorted.at(-1)!.toFixed(3)}, ` +
      `mean ${(total / seconds.length).toFixed(3)}`,
  )
  reportFigure('slides.mean_s', total / seconds.length)
  const cpuSorted = [...cpuSeconds].sort((a, b) => a - b)
  console.log(
    `CPU seconds per slide: p50 ${percentile(cpuSorted, 0.5).toFixed(3)}, max ${cpuSorted.at(-1)!.toFixed(3)}`,
  )
  console.log(`load average after: ${loadavg()[0]!.toFixed(2)}`)
}

await main()
