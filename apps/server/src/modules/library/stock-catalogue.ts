import type { StockCategory } from '@hookpost/shared'

/**
 * Hookpost's stock clips (spec §2 Library: Product Features, UI/UX, Integration; the hook-demo page's hook clips).
 * Each is a real 9:16 H.264/AAC MP4 made with ffmpeg from the recipe below the first time the server starts (ADR 012):
 * an animated background, a moving shape and the clip's words drawn with the overlay fonts. Nothing is downloaded.
 *
 * Changing a recipe means raising STOCK_VERSION, so the files are made again under a new folder.
 */
export const STOCK_VERSION = 1

/** Small enough to make in about a second each, big enough to look right when rendered up to 1080×1920. */
export const STOCK_FRAME = { width: 720, height: 1280, fps: 30 } as const

export interface StockClip {
  /** Stable: part of the item id (`stock:<slug>`) and of the person's copy. */
  slug: string
  title: string
  description: string
  category: StockCategory
  seconds: number
  /** Three colours of the animated gradient behind everything (0xRRGGBB). */
  colors: [string, string, string]
  /** Words on the clip: a headline in the middle, a line near the top. */
  headline: string
  kicker: string
  /** The shape that moves across the clip. */
  motion: 'sway' | 'rise' | 'pulse'
  /** A soft two-note chord (Hz). */
  chord: [number, number]
}

export const STOCK_CLIPS: readonly StockClip[] = [
  {
    slug: 'feature-tour',
    title: 'Feature tour',
    description: 'A bright product feature reveal: put your demo after it or your own words on it.',
    category: 'Product Features',
    seconds: 4,
    colors: ['0x7e22ce', '0xdb2777', '0x1e1b4b'],
    headline: 'New feature ✨',
    kicker: 'Product Features',
    motion: 'sway',
    chord: [220, 330],
  },
  {
    slug: 'clean-interface',
    title: 'Clean interface',
    description: 'Calm, minimal motion for showing off a polished UI or a redesign.',
    category: 'UI/UX',
    seconds: 4,
    colors: ['0x0f766e', '0x0ea5e9', '0x082f49'],
    headline: 'Designed to feel easy',
    kicker: 'UI/UX',
    motion: 'rise',
    chord: [262, 392],
  },
  {
    slug: 'connect-your-tools',
    title: 'Connect your tools',
    description: 'Pieces coming together: for integrations, sync and automation stories.',
    category: 'Integration',
    seconds: 4,
    colors: ['0xea580c', '0xfacc15', '0x431407'],
    headline: 'Works with your stack',
    kicker: 'Integration',
    motion: 'pulse',
    chord: [196, 294],
  },
  {
    slug: 'hook-wait-for-it',
    title: 'Wait for it…',
    description: 'A short teaser that holds the viewer for the reveal.',
    category: 'Hooks',
    seconds: 3,
    colors: ['0x111827', '0xbe123c', '0x312e81'],
    headline: 'Wait for it… 👀',
    kicker: 'Hook',
    motion: 'pulse',
    chord: [247, 370],
  },
  {
    slug: 'hook-stop-scrolling',
    title: 'Stop scrolling',
    description: 'A bold pattern interrupt for the first second.',
    category: 'Hooks',
    seconds: 3,
    colors: ['0xdc2626', '0xf97316', '0x450a0a'],
    headline: 'STOP scrolling ✋',
    kicker: 'Hook',
    motion: 'sway',
    chord: [294, 440],
  },
  {
    slug: 'hook-you-need-this',
    title: 'You need this',
    description: 'A curiosity opener that leads straight into your demo.',
    category: 'Hooks',
    seconds: 3,
    colors: ['0x4f46e5', '0x22d3ee', '0x1e1b4b'],
    headline: 'You need this 🔥',
    kicker: 'Hook',
    motion: 'rise',
    chord: [330, 494],
  },
]

export function stockClipBySlug(slug: string): StockClip | undefined {
  return STOCK_CLIPS.find((clip) => clip.slug === slug)
}
