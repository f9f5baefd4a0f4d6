/**
 * Photo checks (tiktok-api.md §3.9 "Photos" / §3.10): JPEG or WebP recognised by their bytes, not by a header, and at
 * most "1080p". TikTok does not define 1080p for photos; the sandbox reads it as "fits in 1080×1920 either way up"
 * (the shorter side ≤ 1080 px and the longer ≤ 1920 px), so a 9:16 1080×1920 slide and a 1920×1080 one both pass.
 */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024
export const MAX_PHOTO_SHORT_SIDE = 1080
export const MAX_PHOTO_LONG_SIDE = 1920

export interface ImageInfo {
  mimeType: 'image/jpeg' | 'image/webp'
  width: number
  height: number
}

/** Format and picture size from the bytes; null when they are not a JPEG or WebP whose size can be read. */
export function readImageInfo(bytes: Buffer): ImageInfo | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegInfo(bytes)
  if (bytes.length >= 16 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return webpInfo(bytes)
  }
  return null
}

export function fitsPhotoSize(info: { width: number; height: number }): boolean {
  const short = Math.min(info.width, info.height)
  const long = Math.max(info.width, info.height)
  return short >= 1 && short <= MAX_PHOTO_SHORT_SIDE && long <= MAX_PHOTO_LONG_SIDE
}

/** Walks the JPEG segments to the first start-of-frame marker (SOF0–SOF15 but DHT C4, JPG C8, DAC CC). */
function jpegInfo(bytes: Buffer): ImageInfo | null {
  let i = 2
  while (i + 3 < bytes.length) {
    if (bytes[i] !== 0xff) return null
    const marker = bytes[i + 1] ?? 0
    if (marker === 0xff) {
      i++ // fill byte
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2 // markers without a length
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return null // end of image or start of scan before any frame header
    const length = bytes.readUInt16BE(i + 2)
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isSof) {
      if (i + 9 > bytes.length) return null
      const height = bytes.readUInt16BE(i + 5)
      const width = bytes.readUInt16BE(i + 7)
      return width > 0 && height > 0 ? { mimeType: 'image/jpeg', width, height } : null
    }
    i += 2 + length
  }
  return null
}

/** The first chunk says the WebP flavour: VP8 (lossy), VP8L (lossless) or VP8X (extended, canvas size). */
function webpInfo(bytes: Buffer): ImageInfo | null {
  const chunk = bytes.toString('latin1', 12, 16)
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null
    return size(bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff)
  }
  if (chunk === 'VP8L' && bytes.length >= 25) {
    if (bytes[20] !== 0x2f) return null
    const bits = bytes.readUInt32LE(21)
    return size((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1)
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return size(bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1)
  }
  return null
}

function size(width: number, height: number): ImageInfo | null {
  return width > 0 && height > 0 ? { mimeType: 'image/webp', width, height } : null
}

/** Test and fixture helpers: the smallest byte strings the checks above accept (no pixels). */
export function jpegHeaderBytes(width: number, height: number, padTo = 0): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
  sof.writeUInt16BE(height, 5)
  sof.writeUInt16BE(width, 7)
  const head = Buffer.concat([Buffer.from([0xff, 0xd8]), sof])
  const tail = Buffer.from([0xff, 0xd9])
  const pad = Math.max(0, padTo - head.length - tail.length)
  // Padding goes in a comment segment (COM, FF FE), at most 65533 bytes each.
  const comments: Buffer[] = []
  for (let left = pad; left > 0;) {
    const n = Math.min(left, 65_535) - 4
    const segment = Buffer.alloc(Math.max(4, n + 4), 0x20)
    segment[0] = 0xff
    segment[1] = 0xfe
    segment.writeUInt16BE(Math.max(2, n + 2), 2)
    comments.push(segment)
    left -= segment.length
  }
  return Buffer.concat([head, ...comments, tail])
}

export function webpHeaderBytes(width: number, height: number): Buffer {
  const buf = Buffer.alloc(30)
  buf.write('RIFF', 0, 'latin1')
  buf.writeUInt32LE(22, 4)
  buf.write('WEBPVP8X', 8, 'latin1')
  buf.writeUInt32LE(10, 16)
  buf.writeUIntLE(width - 1, 24, 3)
  buf.writeUIntLE(height - 1, 27, 3)
  return buf
}
