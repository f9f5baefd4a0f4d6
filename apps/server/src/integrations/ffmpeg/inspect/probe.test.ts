import { describe, expect, it } from 'vitest'
import { parseProbe, parseRate } from './probe'
import { ffprobeJson } from '../testing/ffprobe-fixtures'

describe('parseRate', () => {
  it.each([
    ['30/1', 30],
    ['30000/1001', 30000 / 1001],
    ['25', 25],
  ])('%s → %d', (rate, fps) => expect(parseRate(rate)).toBeCloseTo(fps, 6))

  it.each(['0/0', '', 'N/A', '30/0', '-30/1', undefined])('%s → null', (rate) => expect(parseRate(rate)).toBeNull())
})

describe('parseProbe', () => {
  it('reads picture size, frame rate, duration and codecs from a phone-style MP4', () => {
    expect(parseProbe(ffprobeJson())).toEqual({
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      durationSec: 2,
      hasVideoStream: true,
      video: { codec: 'h264', width: 1080, height: 1920, fps: 30, rotation: 0 },
      audioCodec: 'aac',
    })
  })

  it('falls back to r_frame_rate when the average is unknown', () => {
    expect(parseProbe(ffprobeJson({ avgFrameRate: '0/0', rFrameRate: '24000/1001' })).video?.fps).toBeCloseTo(23.976, 3)
  })

  it('reports the displayed size of a rotated phone video (display matrix rotation −90)', () => {
    const facts = parseProbe(ffprobeJson({ width: 1920, height: 1080, rotation: -90 }))
    expect(facts.video).toMatchObject({ width: 1080, height: 1920, rotation: 270 })
  })

  it('keeps the stored size for a half turn', () => {
    expect(parseProbe(ffprobeJson({ width: 1920, height: 1080, rotation: 180 })).video).toMatchObject({
      width: 1920,
      height: 1080,
    })
  })

  it('reads the older `rotate` tag too', () => {
    const json = ffprobeJson({ width: 1920, height: 1080 })
    const streams = json.streams as { tags: Record<string, string> }[]
    streams[0]!.tags.rotate = '90'
    expect(parseProbe(json).video).toMatchObject({ width: 1080, height: 1920, rotation: 90 })
  })

  it('ignores MP4 cover art and finds no video in an audio-only file', () => {
    const facts = parseProbe(ffprobeJson({ coverArt: true }))
    expect(facts.video?.codec).toBe('h264')
    const audioOnly = ffprobeJson()
    audioOnly.streams = (audioOnly.streams as { codec_type: string }[]).filter((s) => s.codec_type === 'audio')
    expect(parseProbe(audioOnly)).toMatchObject({ hasVideoStream: false, video: null, audioCodec: 'aac' })
  })

  it('takes the video stream duration when the container has none (e.g. some WebM)', () => {
    expect(parseProbe(ffprobeJson({ duration: undefined, streamDuration: '4.5' })).durationSec).toBe(4.5)
    expect(parseProbe(ffprobeJson({ duration: undefined })).durationSec).toBeNull()
  })

  it('marks a video stream without a picture size as unusable', () => {
    const json = ffprobeJson()
    const streams = json.streams as Record<string, unknown>[]
    delete streams[0]!.width
    expect(parseProbe(json)).toMatchObject({ hasVideoStream: true, video: null })
  })

  it('throws on something that is not ffprobe output', () => {
    expect(() => parseProbe({ streams: 'nope' })).toThrow()
    expect(parseProbe({})).toMatchObject({ hasVideoStream: false, formatName: '' })
  })
})
