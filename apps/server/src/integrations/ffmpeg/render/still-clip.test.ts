import { describe, expect, it } from 'vitest'
import { stillClipArgs } from './still-clip'

describe('stillClipArgs', () => {
  const args = stillClipArgs('/data/media/u/images/a b.png', '/tmp/x/clip.mp4', 6)
  const graph = args[args.indexOf('-filter_complex') + 1]!

  it('reads the image as one local picture, never a pattern or a URL', () => {
    expect(args.slice(args.indexOf('-protocol_whitelist'), args.indexOf('-protocol_whitelist') + 8)).toEqual([
      '-protocol_whitelist',
      'file',
      '-f',
      'image2',
      '-pattern_type',
      'none',
      '-i',
      'file:/data/media/u/images/a b.png',
    ])
    expect(args.at(-1)).toBe('file:/tmp/x/clip.mp4')
  })

  it('zooms and pans over exactly 180 frames of 1080×1920 at 30 fps, with a silent stereo track', () => {
    expect(graph).toContain('scale=2160:3840:force_original_aspect_ratio=increase,crop=2160:3840')
    expect(graph).toContain("zoompan=z='1+0.12*on/179'")
    expect(graph).toContain(':d=1:s=1080x1920:fps=30')
    expect(graph.endsWith('trim=end_frame=180[v]')).toBe(true)
    expect(args).toContain('anullsrc=channel_layout=stereo:sample_rate=44100')
    expect(args[args.indexOf('-t', args.indexOf('-c:a')) + 1]).toBe('6.000')
    expect(args).toContain('+faststart')
  })
})
