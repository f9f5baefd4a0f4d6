import { describe, expect, it } from 'vitest'
import { checkEbml, checkIsoBmff, readVint, sniffContainer, type ReadAt } from './sniff'

const bytes = (...parts: (string | number[] | Uint8Array)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))))

/** An ISO BMFF box: 32-bit size, type, payload of `payload` bytes. */
function box(type: string, payload: number): Buffer {
  const b = Buffer.alloc(8 + payload)
  b.writeUInt32BE(8 + payload, 0)
  b.write(type, 4, 'latin1')
  return b
}
const ftyp = (brand: string) => bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 2, 0], brand, 'mp41')

/** The EBML header ffmpeg writes for WebM (DocType `webm`), then a Segment of `segmentSize` bytes. */
function ebml(docType: string, segmentSize: number | 'unknown'): Buffer {
  const doc = Buffer.from(docType, 'latin1')
  const body = bytes(
    [0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81, 1, 0x42, 0xf2, 0x81, 4, 0x42, 0xf3, 0x81, 8],
    [0x42, 0x82, 0x80 | doc.length],
    doc,
    [0x42, 0x87, 0x81, 2, 0x42, 0x85, 0x81, 2],
  )
  const size =
    segmentSize === 'unknown'
      ? [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]
      : [0x01, 0, 0, 0, 0, (segmentSize >> 16) & 0xff, (segmentSize >> 8) & 0xff, segmentSize & 0xff]
  return bytes([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length], body, [0x18, 0x53, 0x80, 0x67], size)
}

const reader =
  (file: Buffer): ReadAt =>
  async (offset, length) =>
    file.subarray(offset, offset + length)

describe('sniffContainer (magic bytes, never the file name)', () => {
  it.each(['isom', 'mp42', 'mp41', 'avc1', 'iso5', 'M4V '])('MP4 brand %s → mp4', (brand) => {
    expect(sniffContainer(ftyp(brand))).toEqual({ kind: 'video', container: 'mp4' })
  })

  it('QuickTime brand `qt  ` → mov', () => {
    expect(sniffContainer(ftyp('qt  '))).toEqual({ kind: 'video', container: 'mov' })
  })

  it('an old QuickTime file that starts with a `wide` or `moov` atom → mov', () => {
    expect(sniffContainer(bytes(box('wide', 0), box('mdat', 8)))).toEqual({ kind: 'video', container: 'mov' })
    expect(sniffContainer(box('moov', 32))).toEqual({ kind: 'video', container: 'mov' })
  })

  it('EBML with DocType webm → webm; DocType matroska → matroska (not a TikTok format)', () => {
    expect(sniffContainer(ebml('webm', 100))).toEqual({ kind: 'video', container: 'webm' })
    expect(sniffContainer(ebml('matroska', 100))).toEqual({ kind: 'matroska' })
  })

  it('HEIC/AVIF photos share `ftyp` but are not videos', () => {
    for (const brand of ['heic', 'mif1', 'avif']) expect(sniffContainer(ftyp(brand))).toEqual({ kind: 'unknown' })
  })

  it.each([
    ['text renamed .mp4', bytes('hello, this is not a video at all\n')],
    ['PNG', bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR')],
    ['empty file', bytes()],
    ['three bytes', bytes([0x1a, 0x45, 0xdf])],
    ['EBML without DocType', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x80])],
    ['`free` with an impossible size', bytes([0, 0, 0, 3], 'free')],
  ])('%s → unknown', (_name, head) => {
    expect(sniffContainer(head)).toEqual({ kind: 'unknown' })
  })
})

describe('readVint (EBML variable-length integers)', () => {
  it.each([
    [[0x81], 1, 1, false],
    [[0x40, 0x02], 2, 2, false],
    [[0x1a, 0x45, 0xdf, 0xa3], 4, 0x0a45dfa3, false],
    [[0xff], 1, 127, true],
    [[0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], 8, 2 ** 56 - 1, true],
  ])('%j → length %d value %d unknown %s', (input, length, value, unknown) => {
    expect(readVint(Uint8Array.from(input), 0)).toEqual({ length, value, unknown })
  })

  it('refuses a zero first byte or a cut-off integer', () => {
    expect(readVint(Uint8Array.from([0]), 0)).toBeUndefined()
    expect(readVint(Uint8Array.from([0x40]), 0)).toBeUndefined()
  })
})

describe('checkIsoBmff (every top-level box fits in the file)', () => {
  const whole = bytes(ftyp('isom'), box('moov', 100), box('mdat', 1000))

  it('accepts a complete file', async () => {
    expect(await checkIsoBmff(reader(whole), whole.length)).toEqual({ ok: true })
  })

  it('finds a file cut off inside mdat (a faststart MP4 that ffprobe would still read)', async () => {
    const cut = whole.subarray(0, whole.length - 10)
    expect(await checkIsoBmff(reader(cut), cut.length)).toEqual({
      ok: false,
      reason: `box mdat needs ${whole.length} bytes but the file has ${cut.length}`,
    })
  })

  it('finds a file cut off inside a box header', async () => {
    const cut = bytes(ftyp('isom'), box('moov', 10), [0, 0, 1])
    expect(await checkIsoBmff(reader(cut), cut.length)).toMatchObject({ ok: false, reason: '3 stray bytes at the end' })
  })

  it('follows 64-bit box sizes', async () => {
    const large = Buffer.alloc(16 + 40)
    large.writeUInt32BE(1, 0)
    large.write('mdat', 4, 'latin1')
    large.writeBigUInt64BE(BigInt(large.length), 8)
    const file = bytes(ftyp('isom'), large)
    expect(await checkIsoBmff(reader(file), file.length)).toEqual({ ok: true })
    expect(await checkIsoBmff(reader(file), file.length - 1)).toMatchObject({ ok: false })
  })

  it('accepts a last box of size 0 ("to the end of the file")', async () => {
    const file = bytes(ftyp('isom'), [0, 0, 0, 0], 'mdat', Buffer.alloc(500))
    expect(await checkIsoBmff(reader(file), file.length)).toEqual({ ok: true })
  })

  it('refuses a box smaller than its own header', async () => {
    const file = bytes(ftyp('isom'), [0, 0, 0, 4], 'junk', Buffer.alloc(20))
    expect(await checkIsoBmff(reader(file), file.length)).toEqual({
      ok: false,
      reason: 'box junk has an impossible size',
    })
  })
})

describe('checkEbml (the Segment fits in the file)', () => {
  it('accepts a complete WebM and one whose Segment size is unknown (a live recording)', async () => {
    const complete = bytes(ebml('webm', 200), Buffer.alloc(200))
    expect(await checkEbml(reader(complete), complete.length)).toEqual({ ok: true })
    const live = bytes(ebml('webm', 'unknown'), Buffer.alloc(50))
    expect(await checkEbml(reader(live), live.length)).toEqual({ ok: true })
  })

  it('finds a WebM cut off inside its Segment', async () => {
    const cut = bytes(ebml('webm', 200), Buffer.alloc(150))
    expect(await checkEbml(reader(cut), cut.length)).toMatchObject({ ok: false })
  })

  it('refuses an EBML header with no Segment after it', async () => {
    const file = bytes(ebml('webm', 10).subarray(0, -12), Buffer.alloc(40))
    expect(await checkEbml(reader(file), file.length)).toEqual({
      ok: false,
      reason: 'no Segment after the EBML header',
    })
  })
})
