import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { HOOK_CATEGORY, STOCK_CATEGORIES } from '@hookpost/shared'
import { STOCK_CLIPS, STOCK_FRAME, STOCK_VERSION, stockClipBySlug, type StockClip } from './stock-catalogue'
import { stockClipArgs, stockClipOverlays, stockClipPaths, stockThumbnailArgs } from './stock-clips'

/** The value after `flag`, for every occurrence. */
function valuesOf(args: string[], flag: string): string[] {
  return args.flatMap((arg, i) => (arg === flag ? [args[i + 1]!] : []))
}

const clip = (slug: string): StockClip => stockClipBySlug(slug)!
const png = '/data/stock/v1/.making-x/words.png'
const out = '/data/stock/v1/.making-x/clip.mp4'

describe('stockClipArgs', () => {
  it.each(STOCK_CLIPS.map((c) => [c.slug, c] as const))('%s: an argument array for ffmpeg, no shell', (_, c) => {
    const args = stockClipArgs(c, png, out)
    expect(Array.isArray(args)).toBe(true)
    expect(args.every((a) => typeof a === 'string' && a.length > 0)).toBe(true)
    // No argument is a whole command line: flags and values are separate entries.
    expect(args.filter((a) => a.startsWith('-')).every((a) => !a.includes(' '))).toBe(true)
    expect(args.join(' ')).not.toMatch(/ffmpeg|[;&|]\s*(rm|sh)\b|\$\(|`/)
    expect(args).toContain('-y')
    // The output is the last argument, the PNG of words an input.
    expect(args.at(-1)).toBe(out)
    expect(valuesOf(args, '-i')).toContain(png)
  })

  it.each(STOCK_CLIPS.map((c) => [c.slug, c] as const))('%s: 9:16 720×1280, H.264/AAC, faststart', (_, c) => {
    const args = stockClipArgs(c, png, out)
    expect(STOCK_FRAME).toEqual({ width: 720, height: 1280, fps: 30 })
    expect(STOCK_FRAME.width / STOCK_FRAME.height).toBeCloseTo(9 / 16)
    const inputs = valuesOf(args, '-i')
    expect(inputs).toHaveLength(3)
    expect(inputs[0]).toMatch(/^gradients=s=720x1280:r=30:/)
    expect(inputs[1]).toBe(png)
    expect(inputs[2]).toMatch(/^aevalsrc=/)
    expect(valuesOf(args, '-c:v')).toEqual(['libx264'])
    expect(valuesOf(args, '-c:a')).toEqual(['aac'])
    expect(valuesOf(args, '-movflags')).toEqual(['+faststart'])
    expect(valuesOf(args, '-r')).toEqual(['30'])
    // One video (the words over the background) and the chord are mapped; the words cover the whole frame.
    const graph = valuesOf(args, '-filter_complex')[0]!
    expect(graph).toContain('[1:v]overlay=0:0')
    expect(graph).toContain('format=yuv420p[v]')
    expect(valuesOf(args, '-map')).toEqual(['[v]', '2:a'])
    // Nothing scales the frame away from 720×1280.
    expect(args.join(' ')).not.toMatch(/scale=|-s |-vf/)
  })

  it.each(STOCK_CLIPS.map((c) => [c.slug, c] as const))('%s: as long as the clip says', (_, c) => {
    const args = stockClipArgs(c, png, out)
    expect(valuesOf(args, '-t')).toEqual([String(c.seconds)])
    const [video, , audio] = valuesOf(args, '-i')
    expect(video).toContain(`duration=${c.seconds}`)
    expect(audio).toContain(`d=${c.seconds}`)
    expect(video).toContain(`c0=${c.colors[0]}:c1=${c.colors[1]}:c2=${c.colors[2]}`)
    expect(audio).toContain(`${c.chord[0]}*t`)
    expect(audio).toContain(`${c.chord[1]}*t`)
  })

  it('keeps unusual paths as single arguments (spaces, quotes, semicolons)', () => {
    const oddPng = "/tmp/my stock; rm -rf '$HOME'/words.png"
    const oddOut = '/tmp/out dir/clip "1".mp4'
    const args = stockClipArgs(clip('feature-tour'), oddPng, oddOut)
    expect(valuesOf(args, '-i')[1]).toBe(oddPng)
    expect(args.at(-1)).toBe(oddOut)
  })

  it('moves the card differently per motion', () => {
    const graphs = ['feature-tour', 'clean-interface', 'connect-your-tools'].map(
      (slug) => valuesOf(stockClipArgs(clip(slug), png, out), '-filter_complex')[0],
    )
    expect(new Set(graphs).size).toBe(3)
    for (const graph of graphs) expect(graph).toMatch(/^\[0:v\]drawbox=x='[^']+':y='[^']+':/)
  })
})

describe('stockThumbnailArgs', () => {
  it('takes one 360×640 JPEG frame from one second in', () => {
    const args = stockThumbnailArgs('/data/clip.mp4', '/data/thumb.jpg')
    expect(valuesOf(args, '-i')).toEqual(['/data/clip.mp4'])
    expect(valuesOf(args, '-ss')).toEqual(['1'])
    expect(valuesOf(args, '-frames:v')).toEqual(['1'])
    expect(valuesOf(args, '-vf')).toEqual(['scale=360:640'])
    expect(args.at(-1)).toBe('/data/thumb.jpg')
    // The frame is taken before the end of the shortest clip.
    expect(Math.min(...STOCK_CLIPS.map((c) => c.seconds))).toBeGreaterThan(1)
  })
})

describe('stockClipPaths', () => {
  it('keeps each recipe version in its own folder', () => {
    expect(STOCK_VERSION).toBe(1)
    expect(stockClipPaths('/data/stock', 'feature-tour')).toEqual({
      video: path.join('/data/stock', 'v1', 'feature-tour.mp4'),
      thumbnail: path.join('/data/stock', 'v1', 'feature-tour.jpg'),
    })
  })

  it('gives every clip its own files', () => {
    const files = STOCK_CLIPS.flatMap((c) => Object.values(stockClipPaths('/d', c.slug)))
    expect(new Set(files).size).toBe(STOCK_CLIPS.length * 2)
    for (const file of files) expect(path.dirname(file)).toBe(path.join('/d', `v${STOCK_VERSION}`))
  })
})

describe('stockClipOverlays', () => {
  it.each(STOCK_CLIPS.map((c) => [c.slug, c] as const))('%s: kicker, headline and brand line', (_, c) => {
    const overlays = stockClipOverlays(c)
    expect(overlays.map((o) => o.position)).toEqual(['top', 'center', 'bottom'])
    expect(overlays.map((o) => o.text)).toEqual([c.kicker.toUpperCase(), c.headline, 'Hookpost stock clip'])
    expect(new Set(overlays.map((o) => o.id)).size).toBe(3)
    for (const overlay of overlays) expect(overlay.text.trim()).not.toBe('')
  })
})

describe('the stock catalogue', () => {
  it('has six clips with unique, url-safe slugs', () => {
    expect(STOCK_CLIPS).toHaveLength(6)
    const slugs = STOCK_CLIPS.map((c) => c.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
    for (const slug of slugs) {
      expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      expect(encodeURIComponent(slug)).toBe(slug)
      expect(slug.length).toBeLessThanOrEqual(64)
    }
  })

  it('has a clip in each library category, and hook clips', () => {
    for (const category of ['Product Features', 'UI/UX', 'Integration']) {
      expect(
        STOCK_CLIPS.some((c) => c.category === category),
        category,
      ).toBe(true)
    }
    expect(STOCK_CLIPS.filter((c) => c.category === HOOK_CATEGORY).length).toBeGreaterThanOrEqual(1)
    for (const c of STOCK_CLIPS) expect(STOCK_CATEGORIES).toContain(c.category)
  })

  it('has clips with a title, a description, a length and valid colours', () => {
    const titles = STOCK_CLIPS.map((c) => c.title)
    expect(new Set(titles).size).toBe(titles.length)
    for (const c of STOCK_CLIPS) {
      expect(c.title.trim()).not.toBe('')
      expect(c.description.trim()).not.toBe('')
      expect(c.seconds).toBeGreaterThan(0)
      expect(c.seconds).toBeLessThanOrEqual(10)
      for (const colour of c.colors) expect(colour).toMatch(/^0x[0-9a-f]{6}$/i)
      for (const hz of c.chord) expect(hz).toBeGreaterThan(0)
    }
  })

  it('finds a clip by slug, and nothing for an unknown one', () => {
    expect(stockClipBySlug('feature-tour')?.title).toBe('Feature tour')
    expect(stockClipBySlug('nope')).toBeUndefined()
    expect(stockClipBySlug('')).toBeUndefined()
    expect(stockClipBySlug('../feature-tour')).toBeUndefined()
  })
})
