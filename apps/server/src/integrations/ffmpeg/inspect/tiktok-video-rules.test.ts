import { describe, expect, it } from 'vitest'
import { parseProbe } from './probe'
import { ffprobeJson, type VideoFixture } from '../testing/ffprobe-fixtures'
import { formatDuration, tiktokVideoProblems } from './tiktok-video-rules'

const problems = (f: VideoFixture) => tiktokVideoProblems(parseProbe(ffprobeJson(f)))

describe('TikTok media rules (tiktok-api.md §3.9)', () => {
  it('accepts a 1080×1920 30 fps H.264 video of 2 s', () => {
    expect(problems({})).toEqual([])
  })

  describe('codec: H.264, H.265, VP8 or VP9', () => {
    it.each(['h264', 'hevc', 'vp8', 'vp9'])('accepts %s', (codec) => expect(problems({ codec })).toEqual([]))
    it.each([
      ['av1', 'AV1'],
      ['prores', 'ProRes'],
      ['mpeg4', 'MPEG-4 Part 2'],
      ['theora', 'theora'],
    ])('refuses %s', (codec, name) =>
      expect(problems({ codec })).toEqual([`the video codec is ${name}; TikTok needs H.264, H.265, VP8 or VP9`]),
    )
  })

  describe('frame rate: 23–60 fps', () => {
    it.each(['23/1', '24000/1001', '25/1', '30000/1001', '60/1', '60000/1001', '3001/50', '6004/100'])(
      'accepts %s',
      (rate) => expect(problems({ avgFrameRate: rate })).toEqual([]),
    )
    it('refuses 10 fps with the number and the range', () => {
      expect(problems({ avgFrameRate: '10/1' })).toEqual(['the frame rate is 10 fps; TikTok needs 23–60 fps'])
    })
    it.each([
      ['2294/100', '22.94'],
      ['120/1', '120'],
      ['6010/100', '60.1'],
      ['15000/1001', '14.99'],
    ])('refuses %s', (rate, shown) =>
      expect(problems({ avgFrameRate: rate })).toEqual([`the frame rate is ${shown} fps; TikTok needs 23–60 fps`]),
    )
    it('refuses a frame rate it cannot read', () => {
      expect(problems({ avgFrameRate: '0/0', rFrameRate: '0/0' })).toEqual([
        'the frame rate could not be read; TikTok needs 23–60 fps',
      ])
    })
  })

  describe('picture: 360–4096 px on each side', () => {
    it.each([
      [360, 360],
      [360, 640],
      [4096, 4096],
      [2160, 3840],
    ])('accepts %d×%d', (width, height) => expect(problems({ width, height })).toEqual([]))
    it.each([
      [200, 356],
      [359, 640],
      [1080, 359],
      [4097, 2160],
      [2160, 4097],
    ])('refuses %d×%d', (width, height) =>
      expect(problems({ width, height })).toEqual([
        `the picture is ${width}×${height} px; TikTok needs 360–4096 px on each side`,
      ]),
    )
    it('judges the displayed size of a rotated video', () => {
      expect(problems({ width: 4097, height: 360, rotation: 90 })).toEqual([
        'the picture is 360×4097 px; TikTok needs 360–4096 px on each side',
      ])
    })
  })

  describe('duration: more than 0 and at most 10 minutes', () => {
    it.each(['0.04', '180', '600'])('accepts %s s', (duration) => expect(problems({ duration })).toEqual([]))
    it('refuses 10 min 1 s', () => {
      expect(problems({ duration: '601' })).toEqual(['the video is 10 min 1 s long; TikTok accepts at most 10 minutes'])
    })
    it.each(['0', '0.000000'])('refuses %s s', (duration) =>
      expect(problems({ duration })).toEqual(['the length of the video could not be read']),
    )
    it('refuses a video whose length cannot be read', () => {
      expect(problems({ duration: undefined })).toEqual(['the length of the video could not be read'])
    })
  })

  it('lists every problem at once', () => {
    expect(problems({ codec: 'av1', avgFrameRate: '10/1', width: 200, height: 356, duration: '900' })).toHaveLength(4)
  })

  it('says so when there is no picture at all', () => {
    expect(
      tiktokVideoProblems({ formatName: 'mov', durationSec: 2, hasVideoStream: false, video: null, audioCodec: null }),
    ).toEqual(['it has no video picture'])
  })
})

describe('formatDuration', () => {
  it.each([
    [42, '42 s'],
    [60, '1 min'],
    [754.4, '12 min 34 s'],
  ])('%d → %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text))
})
