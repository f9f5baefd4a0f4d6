/**
 * What an image's bytes are: PNG, JPEG or WebP, and its size in pixels, read from the header alone (no decoder). An
 * upload's claimed type and name are ignored; a file that is none of the three, or whose header is cut off, is null.
 */
export interface ImageInfo {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp'
  width: number
  height: number
}

/** Larger than any camera or image model makes; a header claiming more is refused (ffmpeg would need gigabytes). */
export const IMAGE_MAX_SIDE = 16_384

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
/** JPEG start-of-frame markers (baseline, progressive, lossless…); C4, C8 and CC are not frames. */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])

function ascii(data: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...data.subarray(start, start + length))
}

function checked(info: ImageInfo): ImageInfo | null {
  const ok = (n: number) => Number.isInteger(n) && n > 0 && n <= IMAGE_MAX_SIDE
  return ok(info.width) && ok(info.height) ? info : null
}

function png(data: Uint8Array, view: DataView): ImageInfo | null {
  // The first chunk is IHDR: width and height as big-endian 32-bit numbers.
  if (data.length < 24 || ascii(data, 12, 4) !== 'IHDR') return null
  return checked({ contentType: 'image/png', width: view.getUint32(16), height: view.getUint32(20) })
}

function jpeg(data: Uint8Array, view: DataView): ImageInfo | null {
  let offset = 2
  while (offset + 4 <= data.length) {
    if (data[offset] !== 0xff) return null
    const marker = data[offset + 1]!
    // Fill bytes, and markers without a length (RST0–7, TEM).
    if (marker === 0xff) {
      offset += 1
      continue
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return null // end of image / start of scan before any frame header
    const length = view.getUint16(offset + 2)
    if (length < 2) return null
    if (JPEG_SOF.has(marker)) {
      if (offset + 9 > data.length) return null
      return checked({
        contentType: 'image/jpeg',
        height: view.getUint16(offset + 5),
        width: view.getUint16(offset + 7),
      })
    }
    offset += 2 + length
  }
  return null
}

function webp(data: Uint8Array, view: DataView): ImageInfo | null {
  const chunk = ascii(data, 12, 4)
  if (chunk === 'VP8 ' && data.length >= 30) {
    // Lossy: a key frame's start code, then 14-bit width and height.
    if (data[23] !== 0x9d || data[24] !== 0x01 || data[25] !== 0x2a) return null
    return checked({
      contentType: 'image/webp',
      width: view.getUint16(26, true) & 0x3fff,
      height: view.getUint16(28, true) & 0x3fff,
    })
  }
  if (chunk === 'VP8L' && data.length >= 25) {
    // Lossless: signature 0x2f, then width - 1 and height - 1 in 14 bits each.
    if (data[20] !== 0x2f) return null
    const bits = view.getUint32(21, true)
    return checked({ contentType: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 })
  }
  if (chunk === 'VP8X' && data.length >= 30) {
    // Extended: canvas width - 1 and height - 1 as 24-bit little-endian numbers.
    const width = (data[24]! | (data[25]! << 8) | (data[26]! << 16)) + 1
    const height = (data[27]! | (data[28]! << 8) | (data[29]! << 16)) + 1
    return checked({ contentType: 'image/webp', width, height })
  }
  return null
}

export function imageInfo(data: Uint8Array): ImageInfo | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  if (data.length >= 8 && PNG_SIGNATURE.every((b, i) => data[i] === b)) return png(data, view)
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return jpeg(data, view)
  if (data.length >= 16 && ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 4) === 'WEBP') return webp(data, view)
  return null
}
