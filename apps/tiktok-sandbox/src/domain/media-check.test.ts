import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkMedia, hasVideoMagicBytes, parseFfprobeJson, probeProblem } from './media-check'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-media-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function file(name: string, bytes: Buffer): Promise<string> {
  const p = path.join(dir, name)
  await writeFile(p, bytes)
  return p
}

describe('magic bytes', () => {
  it('accepts ftyp at offset 4 and the EBML header, refuses anything else', async () => {
    const mp4 = Buffer.alloc(32)
    mp4.write('ftypqt  ', 4, 'latin1')
    const webm = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0])
    expect(await hasVideoMagicBytes(await file('a.mp4', mp4))).toBe(true)
    expect(await hasVideoMagicBytes(await file('a.webm', webm))).toBe(true)
    expect(await hasVideoMagicBytes(await file('a.txt', Buffer.from('hello world, not a video')))).toBe(false)
    expect(await hasVideoMagicBytes(await file('short', Buffer.from('ab')))).toBe(false)
  })
})

describe('probe rules (tiktok-api.md §3.9)', () => {
  const ok = { durationSec: 10, width: 1080, height: 1920, fps: 30 }
  it.each([
    [ok, null],
    [{ ...ok, durationSec: 61 }, 'duration_check_failed'],
    [{ ...ok, fps: 22.9 }, 'frame_rate_check_failed'],
    [{ ...ok, fps: 61 }, 'frame_rate_check_failed'],
    [{ ...ok, width: 359 }, 'picture_size_check_failed'],
    [{ ...ok, height: 4097 }, 'picture_size_check_failed'],
    [{ ...ok, fps: 23, width: 360, height: 4096, durationSec: 60 }, null],
  ])('%o → %s', (probe, expected) => {
    expect(probeProblem(probe, 60)).toBe(expected)
  })

  it('reads ffprobe JSON', () => {
    const json = JSON.stringify({
      streams: [
        { codec_type: 'audio' },
        { codec_type: 'video', width: 720, height: 1280, avg_frame_rate: '30000/1001' },
      ],
      format: { duration: '12.5' },
    })
    expect(parseFfprobeJson(json)).toEqual({ durationSec: 12.5, width: 720, height: 1280, fps: 30000 / 1001 })
    expect(parseFfprobeJson('{"streams":[{"codec_type":"audio"}]}')).toBeNull()
    expect(parseFfprobeJson('nope')).toBeNull()
  })
})

const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0 && spawnSync('ffprobe', ['-version']).status === 0

describe.skipIf(!hasFfmpeg)('with the real ffprobe', () => {
  function make(name: string, size: string, rate: number, seconds: number): string {
    const out = path.join(dir, name)
    const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`]
    const res = spawnSync('ffmpeg', [...args, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', out])
    if (res.status !== 0) throw new Error(res.stderr.toString())
    return out
  }

  it('passes a good video and names the failed check otherwise', async () => {
    const opts = { ffprobePath: 'ffprobe', maxDurationSec: 3 }
    expect(await checkMedia(make('ok.mp4', '360x640', 30, 2), opts)).toMatchObject({
      failReason: null,
      probe: { width: 360, height: 640, fps: 30 },
    })
    expect((await checkMedia(make('long.mp4', '360x640', 30, 4), opts)).failReason).toBe('duration_check_failed')
    expect((await checkMedia(make('slow.mp4', '360x640', 15, 2), opts)).failReason).toBe('frame_rate_check_failed')
    expect((await checkMedia(make('small.mp4', '320x240', 30, 2), opts)).failReason).toBe('picture_size_check_failed')
    const fake = Buffer.alloc(64)
    fake.write('ftypisom', 4, 'latin1')
    expect((await checkMedia(await file('fake.mp4', fake), opts)).failReason).toBe('file_format_check_failed')
  }, 30_000)
})
