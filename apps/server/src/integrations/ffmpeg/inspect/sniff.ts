/**
 * What a file *is*, from its first bytes (never from its name or the browser's type): the containers TikTok accepts
 * (tiktok-api.md §3.9: MP4, MOV, WebM), and whether the container's own size fields fit in the file (a cut-off upload).
 * Pure: the caller reads the bytes.
 */

export type VideoContainer = 'mp4' | 'mov' | 'webm'

export type SniffResult =
  | { kind: 'video'; container: VideoContainer }
  /** An EBML file whose DocType is `matroska` (.mkv): a video, but not a format TikTok takes. */
  | { kind: 'matroska' }
  | { kind: 'unknown' }

/** Enough bytes for the ISO BMFF `ftyp` brand and the EBML header with its DocType. */
export const SNIFF_BYTES = 64

export const CONTAINER_CONTENT_TYPES: Record<VideoContainer, 'video/mp4' | 'video/quicktime' | 'video/webm'> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
}

/** ISO BMFF brands of still images (HEIF/AVIF): they carry `ftyp` too, but are photos. */
const IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1', 'avif', 'avis'])
/** Top-level atoms a QuickTime file may start with when it predates `ftyp` (QuickTime File Format, "Atoms"). */
const LEGACY_QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'])
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3]
const EBML_DOCTYPE_ID = 0x4282

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length))
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b)
}

export function sniffContainer(head: Uint8Array): SniffResult {
  if (head.length >= 12 && ascii(head, 4, 4) === 'ftyp') {
    const brand = ascii(head, 8, 4)
    if (IMAGE_BRANDS.has(brand)) return { kind: 'unknown' }
    return { kind: 'video', container: brand === 'qt  ' ? 'mov' : 'mp4' }
  }
  if (head.length >= 8 && LEGACY_QUICKTIME_ATOMS.has(ascii(head, 4, 4))) {
    const size = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0)
    // A real atom is at least its own 8-byte header (or 0/1: "to the end" / 64-bit size).
    if (size === 0 || size === 1 || size >= 8) return { kind: 'video', container: 'mov' }
  }
  if (head.length >= 4 && startsWith(head, EBML_MAGIC)) {
    const docType = ebmlDocType(head)
    if (docType === 'webm') return { kind: 'video', container: 'webm' }
    if (docType === 'matroska') return { kind: 'matroska' }
  }
  return { kind: 'unknown' }
}

/** An EBML variable-length integer (RFC 8794 §4): its byte length and value; `unknown` when every value bit is 1. */
export function readVint(
  bytes: Uint8Array,
  offset: number,
): { length: number; value: number; unknown: boolean } | undefined {
  const first = bytes[offset]
  if (first === undefined || first === 0) return undefined
  let length = 1
  while (length <= 8 && (first & (0x80 >> (length - 1))) === 0) length++
  if (offset + length > bytes.length) return undefined
  let value = first & (0xff >> length)
  let allOnes = value === 0xff >> length
  for (let i = 1; i < length; i++) {
    const b = bytes[offset + i]!
    value = value * 256 + b
    if (b !== 0xff) allOnes = false
  }
  return { length, value, unknown: allOnes }
}

/** An EBML element ID keeps its length marker bits (RFC 8794 §5). */
function readElementId(bytes: Uint8Array, offset: number): { length: number; id: number } | undefined {
  const first = bytes[offset]
  if (first === undefined || first === 0) return undefined
  let length = 1
  while (length <= 4 && (first & (0x80 >> (length - 1))) === 0) length++
  if (length > 4 || offset + length > bytes.length) return undefined
  let id = 0
  for (let i = 0; i < length; i++) id = id * 256 + bytes[offset + i]!
  return { length, id }
}

/** The DocType inside the EBML header (`webm` or `matroska`), if the header fits in `head`. */
function ebmlDocType(head: Uint8Array): string | undefined {
  const headerSize = readVint(head, 4)
  if (!headerSize || headerSize.unknown) return undefined
  let offset = 4 + headerSize.length
  const end = Math.min(head.length, offset + headerSize.value)
  while (offset < end) {
    const id = readElementId(head, offset)
    if (!id) return undefined
    const size = readVint(head, offset + id.length)
    if (!size || size.unknown) return undefined
    const dataStart = offset + id.length + size.length
    if (id.id === EBML_DOCTYPE_ID) {
      if (dataStart + size.value > head.length) return undefined
      return ascii(head, dataStart, size.value).replace(/\0+$/, '')
    }
    offset = dataStart + size.value
  }
  return undefined
}

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export type ReadAt = (offset: number, length: number) => Promise<Uint8Array>

export type IntegrityResult = { ok: true } | { ok: false; reason: string }

/** A file of a million top-level boxes is not a phone video; stop walking rather than read forever. */
const MAX_TOP_LEVEL_BOXES = 200_000

/**
 * Walks the top-level ISO BMFF boxes (ISO/IEC 14496-12 §4.2): every box must fit in the file. An MP4 cut off mid-upload
 * fails here even when its `moov` comes first (`+faststart`), which ffprobe alone happily reports as fine.
 */
export async function checkIsoBmff(read: ReadAt, fileSize: number): Promise<IntegrityResult> {
  let offset = 0
  for (let count = 0; offset < fileSize; count++) {
    if (count >= MAX_TOP_LEVEL_BOXES) return { ok: false, reason: 'too many top-level boxes' }
    if (fileSize - offset < 8) return { ok: false, reason: `${fileSize - offset} stray bytes at the end` }
    const header = await read(offset, 16)
    const view = new DataView(header.buffer, header.byteOffset, header.byteLength)
    const size32 = view.getUint32(0)
    const type = ascii(header, 4, 4)
    let size: number
    if (size32 === 0) return { ok: true } // the last box runs to the end of the file
    if (size32 === 1) {
      if (header.length < 16) return { ok: false, reason: `box ${type} is cut off` }
      size = Number(view.getBigUint64(8))
      if (size < 16) return { ok: false, reason: `box ${type} has an impossible size` }
    } else {
      if (size32 < 8) return { ok: false, reason: `box ${type} has an impossible size` }
      size = size32
    }
    if (offset + size > fileSize) {
      return { ok: false, reason: `box ${type} needs ${offset + size} bytes but the file has ${fileSize}` }
    }
    offset += size
  }
  return { ok: true }
}

const EBML_SEGMENT_ID = 0x18538067

/**
 * The EBML header and the Segment that follows it must fit in the file (RFC 8794, Matroska §4). A Segment of unknown
 * size (live recordings, e.g. a browser's MediaRecorder) cannot be checked this way; ffprobe has the last word.
 */
export async function checkEbml(read: ReadAt, fileSize: number): Promise<IntegrityResult> {
  const head = await read(0, 64)
  const headerSize = readVint(head, 4)
  if (!headerSize || headerSize.unknown) return { ok: false, reason: 'unreadable EBML header' }
  const segmentOffset = 4 + headerSize.length + headerSize.value
  if (segmentOffset + 12 > fileSize) return { ok: false, reason: 'the file ends inside its header' }
  const segment = await read(segmentOffset, 12)
  const id = readElementId(segment, 0)
  if (!id || id.id !== EBML_SEGMENT_ID) return { ok: false, reason: 'no Segment after the EBML header' }
  const size = readVint(segment, id.length)
  if (!size) return { ok: false, reason: 'unreadable Segment size' }
  if (size.unknown) return { ok: true }
  const end = segmentOffset + id.length + size.length + size.value
  if (end > fileSize) return { ok: false, reason: `the Segment needs ${end} bytes but the file has ${fileSize}` }
  return { ok: true }
}
