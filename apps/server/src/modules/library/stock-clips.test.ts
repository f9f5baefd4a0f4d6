import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { HOOK_CATEGORY, STOCK_CATEGORIES } from '@hookpost/shared'
import {
  STOCK_CLIPS,
  STOCK_FRAME,
  STOCK_MIN_SECONDS,
  STOCK_SCENE_LOOKS,
  STOCK_THEMES,
  STOCK_VERSION,
  stockClipBySlug,
  type StockClip,
} from './stock-catalogue'
import {
  stockAudioSource,
  stockClipArgs,
  stockClipGraph,
  stockClipPaths,
  stockSceneGraph,
  stockThumbnailArgs,
} from './stock-clips'

/** The value after `flag`, for every occurrence. */
function valuesOf(args: string[], flag: string): string[] {
  return args.flatMap((arg, i) => (arg === flag ? [args[i + 1]!] : []))
}

const clip = (slug: string): StockClip => stockClipBySlug(slug)!
const out = '/data/stock/v2/.making-x/clip.mp4'
const each = STOCK_CLIPS.map((c) => [c.slug, c] as const)

describe('the stock catalogue', () => {
  it('has at least twelve clips with unique, url-safe slugs and titles', () => {
    expect(STOCK_CLIPS.length).toBeGreaterThanOrEqual(12)
    const slugs = STOCK_CLIPS.map((c) => c.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
    for (const slug of slugs) {
      expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      expect(slug.length).toBeLessThanOrEqual(64)
    }
    expect(new Set(STOCK_CLIPS.map((c) => c.title)).size).toBe(STOCK_CLIPS.length)
  })

  it('keeps the slugs and titles people already have copies of', () => {
    for (const [slug, title] of [
      ['feature-tour', 'Feature tour'],
      ['clean-interface', 'Clean interface'],
      ['connect-your-tools', 'Connect your tools'],
      ['hook-wait-for-it', 'Wait for it…'],
      ['hook-stop-scrolling', 'Stop scrolling'],
      ['hook-you-need-this', 'You need this'],
    ]) {
      expect(stockClipBySlug(slug!)?.title).toBe(title)
    }
  })

  it('covers every spec category with several clips, and every theme', () => {
    for (const category of STOCK_CATEGORIES) {
      expect(STOCK_CLIPS.filter((c) => c.category === category).length, category).toBeGreaterThanOrEqual(3)
    }
    // The hook-demo page offers exactly the hook clips; the Library's three categories get the rest.
    expect(STOCK_CLIPS.filter((c) => c.category === HOOK_CATEGORY).map((c) => c.title)).toEqual([
      'Wait for it…',
      'Stop scrolling',
      'You need this',
    ])
    for (const theme of STOCK_THEMES) expect(STOCK_CLIPS.some((c) => c.theme === theme)).toBe(true)
  })

  it.each(each)('%s: at least five seconds, cut from several scenes, its length the sum of them', (_, c) => {
    expect(c.seconds).toBeGreaterThanOrEqual(STOCK_MIN_SECONDS)
    expect(c.seconds).toBeLessThanOrEqual(8)
    expect(c.scenes.length).toBeGreaterThanOrEqual(3)
    expect(c.seconds).toBeCloseTo(
      c.scenes.reduce((sum, s) => sum + s.seconds, 0),
      6,
    )
    // Consecutive scenes differ, so every cut is visible.
    for (let i = 1; i < c.scenes.length; i++) expect(c.scenes[i]).not.toEqual(c.scenes[i - 1])
    for (const scene of c.scenes) {
      expect(scene.seconds).toBeGreaterThanOrEqual(1)
      for (const colour of scene.colors) expect(colour).toMatch(/^0x[0-9a-f]{6}$/i)
    }
  })

  it('uses every scene look somewhere', () => {
    const used = new Set(STOCK_CLIPS.flatMap((c) => c.scenes.map((s) => s.look)))
    expect([...used].sort()).toEqual([...STOCK_SCENE_LOOKS].sort())
  })

  it('has clips with a title, a description and a chord, and no product name', () => {
    for (const c of STOCK_CLIPS) {
      expect(c.title.trim()).not.toBe('')
      expect(c.description.trim()).not.toBe('')
      for (const hz of c.chord) expect(hz).toBeGreaterThan(0)
      expect(`${c.title} ${c.description}`).not.toMatch(/hookpost/i)
    }
  })

  it('finds a clip by slug, and nothing for an unknown one', () => {
    expect(stockClipBySlug('feature-tour')?.title).toBe('Feature tour')
    expect(stockClipBySlug('nope')).toBeUndefined()
    expect(stockClipBySlug('')).toBeUndefined()
    expect(stockClipBySlug('../feature-tour')).toBeUndefined()
  })
})

describe('stockClipArgs', () => {
  it.each(each)('%s: an argument array for ffmpeg, no shell', (_, c) => {
    const args = stockClipArgs(c, out)
    expect(args.every((a) => typeof a === 'string' && a.length > 0)).toBe(true)
    expect(args.filter((a) => a.startsWith('-')).every((a) => !a.includes(' '))).toBe(true)
    expect(args.join(' ')).not.toMatch(/ffmpeg|[;&|]\s*(rm|sh)\b|\$\(|`/)
    expect(args).toContain('-y')
    expect(args.at(-1)).toBe(out)
  })

  it.each(each)('%s: 1080×1920 at 30 fps, H.264/AAC, faststart, as long as the clip', (_, c) => {
    const args = stockClipArgs(c, out)
    expect(STOCK_FRAME).toEqual({ width: 1080, height: 1920, fps: 30 })
    // One input, the sound; the picture is drawn by sources inside the graph.
    expect(valuesOf(args, '-i')).toEqual([stockAudioSource(c)])
    expect(valuesOf(args, '-f')).toEqual(['lavfi'])
    expect(valuesOf(args, '-filter_complex')).toEqual([stockClipGraph(c)])
    expect(valuesOf(args, '-map')).toEqual(['[v]', '0:a'])
    expect(valuesOf(args, '-c:v')).toEqual(['libx264'])
    expect(valuesOf(args, '-preset')).toEqual(['ultrafast'])
    expect(valuesOf(args, '-c:a')).toEqual(['aac'])
    expect(valuesOf(args, '-movflags')).toEqual(['+faststart'])
    expect(valuesOf(args, '-r')).toEqual(['30'])
    expect(valuesOf(args, '-t')).toEqual([String(c.seconds)])
  })

  it('keeps an unusual output path as a single argument', () => {
    const odd = `/tmp/out dir/clip "1"; rm -rf '$HOME'.mp4`
    expect(stockClipArgs(clip('feature-tour'), odd).at(-1)).toBe(odd)
  })
})

describe('stockClipGraph', () => {
  it.each(each)('%s: draws each scene, cuts them together, then the camera look at 1080×1920', (_, c) => {
    const graph = stockClipGraph(c)
    const labels = c.scenes.map((_, i) => `[s${i}]`).join('')
    expect(graph).toContain(`${labels}concat=n=${c.scenes.length}:v=1:a=0,`)
    expect(graph).toMatch(/crop=540:960:x='[^']*t[^']*':y='[^']*t[^']*'/)
    expect(graph).toContain('noise=')
    expect(graph).toContain('vignette=')
    expect(graph.endsWith('scale=1080:1920:flags=bilinear,format=yuv420p[v]')).toBe(true)
    // Every scene lasts as long as the catalogue says.
    c.scenes.forEach((scene, i) => {
      const lines = stockSceneGraph(scene, i)
      expect(lines.at(-1)!.endsWith(`setsar=1[s${i}]`)).toBe(true)
      expect(lines.join(';')).toMatch(new RegExp(`:d=${scene.seconds}[,:]`))
    })
    // No words are drawn on a stock clip.
    expect(graph).not.toMatch(/drawtext|subtitles|ass=|movie=/)
  })

  it.each(STOCK_SCENE_LOOKS.map((look) => [look] as const))('%s: moves (its expressions use the time t)', (look) => {
    const lines = stockSceneGraph({ look, seconds: 2, colors: ['0x111111', '0x222222', '0x333333'] }, 0)
    const graph = lines.join(';')
    // Either a shape follows t, a moving source drives it (gradients drift, life evolves), or its colours turn.
    expect(graph).toMatch(/'[^']*\bt\b[^']*'|gradients=|life=/)
    expect(graph).toMatch(/:d=2[,:]|trim=duration=2/)
  })

  it('gives each look its own picture', () => {
    const colors: [string, string, string] = ['0x111111', '0x222222', '0x333333']
    const graphs = STOCK_SCENE_LOOKS.map((look) => stockSceneGraph({ look, seconds: 2, colors }, 0).join(';'))
    expect(new Set(graphs).size).toBe(STOCK_SCENE_LOOKS.length)
  })

  it('labels the speck layers per scene, so two sparkly scenes in one clip do not collide', () => {
    const c = clip('hook-you-need-this')
    const graph = stockClipGraph(c)
    expect(graph).toContain('[p0]')
    expect(graph).not.toContain('[p1]')
    const labels = graph.match(/\[[a-z]\d+\]/g) ?? []
    // Each label is produced once and used once.
    for (const label of new Set(labels)) expect(labels.filter((l) => l === label)).toHaveLength(2)
  })
})

describe('stockAudioSource', () => {
  it('plays the clip chord for the clip length, with a tick at each cut', () => {
    const c = clip('kitchen-gadget')
    const source = stockAudioSource(c)
    expect(source).toMatch(/^aevalsrc='[^']+':s=48000:d=5\.5$/)
    expect(source).toContain(`${c.chord[0]}*t`)
    expect(source).toContain(`${c.chord[1]}*t`)
    expect(source).toContain('abs(t-2)')
    expect(source).toContain('abs(t-3.8)')
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
  })
})

describe('stockClipPaths', () => {
  it('keeps each recipe version in its own folder (v2: the footage recipe, so old data folders make them anew)', () => {
    expect(STOCK_VERSION).toBe(2)
    expect(stockClipPaths('/data/stock', 'feature-tour')).toEqual({
      video: path.join('/data/stock', 'v2', 'feature-tour.mp4'),
      thumbnail: path.join('/data/stock', 'v2', 'feature-tour.jpg'),
    })
  })

  it('gives every clip its own files', () => {
    const files = STOCK_CLIPS.flatMap((c) => Object.values(stockClipPaths('/d', c.slug)))
    expect(new Set(files).size).toBe(STOCK_CLIPS.length * 2)
    for (const file of files) expect(path.dirname(file)).toBe(path.join('/d', `v${STOCK_VERSION}`))
  })
})
