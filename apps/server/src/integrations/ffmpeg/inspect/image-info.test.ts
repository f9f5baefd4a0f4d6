import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import { imageInfo, IMAGE_MAX_SIDE } from './image-info'

function drawn(width: number, height: number) {
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#db2777'
  ctx.fillRect(0, 0, width / 2, height)
  return canvas
}

describe('imageInfo', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)('reads a %s and its size from the header', async (format, contentType) => {
    const data = await drawn(321, 654).encode(format as 'png')
    expect(imageInfo(data)).toEqual({ contentType, width: 321, height: 654 })
  })

  it('reads a lossless WebP (VP8L) and an extended one (VP8X)', () => {
    // VP8L: signature 0x2f, then (width - 1) | (height - 1) << 14 in little-endian bits.
    const vp8l = Buffer.alloc(30)
    vp8l.write('RIFF', 0, 'latin1')
    vp8l.write('WEBP', 8, 'latin1')
    vp8l.write('VP8L', 12, 'latin1')
    vp8l[20] = 0x2f
    vp8l.writeUInt32LE((100 - 1) | ((200 - 1) << 14), 21)
    expect(imageInfo(vp8l)).toEqual({ contentType: 'image/webp', width: 100, height: 200 })

    const vp8x = Buffer.from(vp8l)
    vp8x.write('VP8X', 12, 'latin1')
    vp8x.writeUIntLE(1080 - 1, 24, 3)
    vp8x.writeUIntLE(1920 - 1, 27, 3)
    expect(imageInfo(vp8x)).toEqual({ contentType: 'image/webp', width: 1080, height: 1920 })
  })

  it('finds the frame header of a JPEG after other segments', async () => {
    const data = await drawn(40, 30).encode('jpeg')
    // An APP1 segment (as a camera's EXIF) inserted after SOI: the reader must skip it by its length.
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0x00, 0x08]), Buffer.from('Exif\0\0')])
    const withExif = Buffer.concat([data.subarray(0, 2), app1, data.subarray(2)])
    expect(imageInfo(withExif)).toEqual({ contentType: 'image/jpeg', width: 40, height: 30 })
  })

  it.each([
    ['empty', Buffer.alloc(0)],
    ['text', Buffer.from('not an image at all, just some words')],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1')],
    ['an MP4 header', Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0mp42isom', 'latin1')],
  ])('refuses %s', (_name, data) => {
    expect(imageInfo(data)).toBeNull()
  })

  it('refuses a PNG or JPEG cut off before its size, and a size of zero or beyond the limit', async () => {
    const png = await drawn(10, 10).encode('png')
    expect(imageInfo(png.subarray(0, 20))).toBeNull()
    const jpeg = await drawn(10, 10).encode('jpeg')
    expect(imageInfo(jpeg.subarray(0, 6))).toBeNull()
    const zero = Buffer.from(png)
    zero.writeUInt32BE(0, 16)
    expect(imageInfo(zero)).toBeNull()
    const huge = Buffer.from(png)
    huge.writeUInt32BE(IMAGE_MAX_SIDE + 1, 16)
    expect(imageInfo(huge)).toBeNull()
  })
})
