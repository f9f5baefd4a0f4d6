import { describe, expect, it } from 'vitest'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import { OUTPUT_FRAME, OVERLAY_DEFAULTS, type TextOverlay } from '@hookpost/shared'
import { renderOverlayImage } from './overlay-image'
import { coverCrop, renderSlideImage, SLIDE_IMAGE, SLIDE_MESSAGES } from './slide-image'
import { RenderError } from './types'

/** A two-colour picture: left half red, right half blue (to see what the crop kept). */
async function halves(width: number, height: number): Promise<Buffer> {
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#ff0000'
  ctx.fillRect(0, 0, width / 2, height)
  ctx.fillStyle = '#0000ff'
  ctx.fillRect(width / 2, 0, width / 2, height)
  return canvas.encode('png')
}

async function pixels(jpeg: Buffer) {
  const image = await loadImage(jpeg)
  const canvas = createCanvas(image.width, image.height)
  const ctx = canvas.getContext('2d')
  ctx.drawImage(image, 0, 0)
  return { image, at: (x: number, y: number) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3)) }
}

const hook: TextOverlay = { ...OVERLAY_DEFAULTS, id: 'h', text: 'Nobody tells you this', fontSize: 120 }

describe('coverCrop', () => {
  it('keeps the centre of a landscape image at its full height', () => {
    expect(coverCrop({ width: 1920, height: 1080 }, OUTPUT_FRAME)).toEqual({
      sx: (1920 - 607.5) / 2,
      sy: 0,
      sw: 607.5,
      sh: 1080,
    })
  })
  it('keeps the middle of a tall image at its full width, and all of a 9:16 one', () => {
    const tall = coverCrop({ width: 1000, height: 4000 }, OUTPUT_FRAME)
    expect(tall.sw).toBeCloseTo(1000)
    expect(tall.sh).toBeCloseTo(1000 * (16 / 9))
    expect(tall.sy).toBeCloseTo((4000 - 1000 * (16 / 9)) / 2)
    const exact = coverCrop({ width: 540, height: 960 }, OUTPUT_FRAME)
    expect([exact.sx, exact.sy, exact.sw, exact.sh]).toEqual([0, 0, 540, 960])
  })
})

describe('renderSlideImage', () => {
  it('makes a 1080×1920 JPEG of the centre of the background, quality 90', async () => {
    const slide = await renderSlideImage(await halves(1600, 900), [])
    expect([slide.width, slide.height]).toEqual([1080, 1920])
    expect(slide.jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
    const { image, at } = await pixels(slide.jpeg)
    expect([image.width, image.height]).toEqual([1080, 1920])
    // The centre strip of a red|blue landscape: red on the left edge, blue on the right.
    const [r1, , b1] = at(20, 960)
    const [r2, , b2] = at(1060, 960)
    expect(r1!).toBeGreaterThan(200)
    expect(b1!).toBeLessThan(60)
    expect(b2!).toBeGreaterThan(200)
    expect(r2!).toBeLessThan(60)
    expect(SLIDE_IMAGE.quality).toBe(90)
  })

  it('draws the overlays where the shared layout puts them', async () => {
    const plain = await renderSlideImage(await halves(1080, 1920), [])
    const withHook = await renderSlideImage(await halves(1080, 1920), [hook])
    const { layouts } = (await renderOverlayImage([hook]))!
    expect(withHook.layouts.map((l) => l.bounds)).toEqual(layouts.map((l) => l.bounds))
    const box = layouts[0]!.bounds
    const a = await pixels(plain.jpeg)
    const b = await pixels(withHook.jpeg)
    let differing = 0
    let total = 0
    for (let y = Math.ceil(box.top); y < box.top + box.height; y += 6) {
      for (let x = Math.ceil(box.left); x < box.left + box.width; x += 6) {
        total++
        const d = a.at(x, y).reduce((sum, v, i) => sum + Math.abs(v - b.at(x, y)[i]!), 0)
        if (d > 90) differing++
      }
    }
    expect(differing / total).toBeGreaterThan(0.05)
    // Far outside the box, nothing changed.
    expect(a.at(540, 1850)).toEqual(b.at(540, 1850))
  })

  it('refuses a source over the pixel cap before decoding it, and bytes that are no image', async () => {
    // A PNG header claiming 8000×6000 (48 MP): the cap is read from the header, the pixels are never decoded.
    const header = Buffer.from(await halves(8, 6))
    header.writeUInt32BE(8000, 16)
    header.writeUInt32BE(6000, 20)
    await expect(renderSlideImage(header, [])).rejects.toMatchObject({
      message: SLIDE_MESSAGES.tooLarge,
      retryable: false,
    })
    const notAnImage = renderSlideImage(Buffer.from('hello, not an image'), [])
    await expect(notAnImage).rejects.toBeInstanceOf(RenderError)
    await expect(notAnImage).rejects.toMatchObject({ message: SLIDE_MESSAGES.unreadable })
  })
})
