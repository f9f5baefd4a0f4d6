import { describe, expect, it } from 'vitest'
import { fitsPhotoSize, jpegHeaderBytes, readImageInfo, webpHeaderBytes } from './image-check'

describe('readImageInfo', () => {
  it('reads a JPEG frame header after other segments', () => {
    const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x06, 0x4a, 0x46, 0x49, 0x46])
    const jpeg = jpegHeaderBytes(720, 1280)
    const withApp0 = Buffer.concat([jpeg.subarray(0, 2), app0, jpeg.subarray(2)])
    expect(readImageInfo(withApp0)).toEqual({ mimeType: 'image/jpeg', width: 720, height: 1280 })
  })

  it('reads the three WebP flavours', () => {
    expect(readImageInfo(webpHeaderBytes(1080, 1920))).toEqual({ mimeType: 'image/webp', width: 1080, height: 1920 })
    const lossy = Buffer.alloc(30)
    lossy.write('RIFF', 0, 'latin1')
    lossy.write('WEBPVP8 ', 8, 'latin1')
    lossy.set([0x9d, 0x01, 0x2a], 23)
    lossy.writeUInt16LE(640, 26)
    lossy.writeUInt16LE(480, 28)
    expect(readImageInfo(lossy)).toEqual({ mimeType: 'image/webp', width: 640, height: 480 })
    const lossless = Buffer.alloc(30)
    lossless.write('RIFF', 0, 'latin1')
    lossless.write('WEBPVP8L', 8, 'latin1')
    lossless[20] = 0x2f
    lossless.writeUInt32LE((100 - 1) | ((50 - 1) << 14), 21)
    expect(readImageInfo(lossless)).toEqual({ mimeType: 'image/webp', width: 100, height: 50 })
  })

  it('refuses other bytes: PNG, text, a JPEG cut before its frame header', () => {
    expect(readImageInfo(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))).toBeNull()
    expect(readImageInfo(Buffer.from('hello world, not an image'))).toBeNull()
    expect(readImageInfo(jpegHeaderBytes(1080, 1920).subarray(0, 6))).toBeNull()
  })
})

describe('fitsPhotoSize ("1080p": the shorter side ≤ 1080, the longer ≤ 1920)', () => {
  it.each([
    [1080, 1920, true],
    [1920, 1080, true],
    [720, 720, true],
    [1081, 1920, false],
    [1080, 1921, false],
    [4000, 3000, false],
  ])('%i×%i → %s', (width, height, fits) => {
    expect(fitsPhotoSize({ width, height })).toBe(fits)
  })
})
