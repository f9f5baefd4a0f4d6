import type { StockCategory } from '@hookpost/shared'

/**
 * Hookpost's stock clips (product.md §2 Library: Product Features, UI/UX, Integration; the hook-demo page's hook clips).
 * Each is a real 9:16 H.264/AAC MP4 made with ffmpeg from the recipe below the first time the server starts (ADR 012).
 * A clip is footage, not a title card: a few scenes cut together (kitchen counter, gym floor, beauty shelf, phone,
 * desk, morning light...), each with moving shapes, drifting light and a hand-held "phone camera" look. No words are
 * burned in: the person adds their own hook on top. Nothing is downloaded.
 *
 * Changing a recipe means raising STOCK_VERSION, so the files are made again under a new folder.
 */
export const STOCK_VERSION = 2

/** What the renderer and TikTok expect: 1080×1920 at 30 fps (each scene is drawn at half size, then scaled up). */
export const STOCK_FRAME = { width: 1080, height: 1920, fps: 30 } as const

/** Every clip is at least this long, so a hook has room before the cut to the demo. */
export const STOCK_MIN_SECONDS = 5

/**
 * The looks a scene can have. Each suggests a creator's setting with simple shapes, light and motion:
 * - countertop: a kitchen counter, a cutting board and a knife chopping;
 * - sizzle: a pan from above with steam rising;
 * - barbell: a gym floor and a bar going up and down;
 * - stride: a run at sunrise, speed lines rushing past;
 * - sparkle: a beauty product rising through glitter;
 * - swatch: make-up swatches sliding in one after another;
 * - phone: a phone with an app's cards scrolling;
 * - desk: a laptop on a desk, a cursor blinking, a lamp's glow;
 * - connect: two pieces sliding together and a link lighting up;
 * - morning: a window at sunrise and a mug steaming;
 * - bokeh: soft out-of-focus lights drifting;
 * - flash: a punchy colour strobe with a shape zooming in (a pattern interrupt).
 */
export const STOCK_SCENE_LOOKS = [
  'countertop',
  'sizzle',
  'barbell',
  'stride',
  'sparkle',
  'swatch',
  'phone',
  'desk',
  'connect',
  'morning',
  'bokeh',
  'flash',
] as const
export type StockSceneLook = (typeof STOCK_SCENE_LOOKS)[number]

/** The world a clip suggests (for people choosing one; categories stay the spec's). */
export const STOCK_THEMES = ['kitchen', 'fitness', 'beauty', 'tech', 'lifestyle'] as const
export type StockTheme = (typeof STOCK_THEMES)[number]

export interface StockScene {
  look: StockSceneLook
  seconds: number
  /** Three colours (0xRRGGBB): background, accent, detail. */
  colors: [string, string, string]
}

export interface StockClip {
  /** Stable: part of the item id (`stock:<slug>`) and of the person's copy. */
  slug: string
  title: string
  description: string
  category: StockCategory
  theme: StockTheme
  /** The sum of the scenes' lengths. */
  seconds: number
  /** Cut one after the other, in order. */
  scenes: StockScene[]
  /** A soft two-note chord (Hz) under a gentle beat. */
  chord: [number, number]
}

type ClipRecipe = Omit<StockClip, 'seconds'>

function clip(recipe: ClipRecipe): StockClip {
  const seconds = Math.round(recipe.scenes.reduce((sum, scene) => sum + scene.seconds, 0) * 1000) / 1000
  return { ...recipe, seconds }
}

const scene = (look: StockSceneLook, seconds: number, colors: [string, string, string]): StockScene => ({
  look,
  seconds,
  colors,
})

export const STOCK_CLIPS: readonly StockClip[] = [
  clip({
    slug: 'feature-tour',
    title: 'Feature tour',
    description: 'A bright product feature reveal: soft lights, a phone, a glossy close-up. Put your demo after it.',
    category: 'Product Features',
    theme: 'tech',
    scenes: [
      scene('bokeh', 1.8, ['0x1e1b4b', '0xdb2777', '0xfbcfe8']),
      scene('phone', 2, ['0x0f172a', '0x7e22ce', '0xf472b6']),
      scene('sparkle', 1.7, ['0x4c1d95', '0xdb2777', '0xfde68a']),
    ],
    chord: [220, 330],
  }),
  clip({
    slug: 'kitchen-gadget',
    title: 'Kitchen gadget',
    description: 'Chopping on a warm wooden counter, then a pan sizzling: for kitchen tools and recipes.',
    category: 'Product Features',
    theme: 'kitchen',
    scenes: [
      scene('countertop', 2, ['0xfef3c7', '0xb45309', '0x16a34a']),
      scene('sizzle', 1.8, ['0x1c1917', '0x57534e', '0xfef9c3']),
      scene('countertop', 1.7, ['0xffedd5', '0x92400e', '0xdc2626']),
    ],
    chord: [196, 247],
  }),
  clip({
    slug: 'skincare-glow',
    title: 'Skincare glow',
    description: 'Soft pink light, glitter and swatches: for beauty, skincare and make-up products.',
    category: 'Product Features',
    theme: 'beauty',
    scenes: [
      scene('sparkle', 2, ['0xfbcfe8', '0xbe185d', '0xffffff']),
      scene('swatch', 1.8, ['0xfff1f2', '0xe11d48', '0xf59e0b']),
      scene('bokeh', 1.7, ['0x831843', '0xf9a8d4', '0xfff7ed']),
    ],
    chord: [262, 330],
  }),
  clip({
    slug: 'home-workout',
    title: 'Home workout',
    description: 'Reps on a gym floor and a sunrise run: for fitness gear, programmes and coaching.',
    category: 'Product Features',
    theme: 'fitness',
    scenes: [
      scene('barbell', 2, ['0x0a0a0a', '0x6b7280', '0x22c55e']),
      scene('stride', 1.6, ['0xf97316', '0x1e3a8a', '0xffffff']),
      scene('barbell', 1.8, ['0x111827', '0x9ca3af', '0xef4444']),
    ],
    chord: [147, 220],
  }),
  clip({
    slug: 'clean-interface',
    title: 'Clean interface',
    description: 'Calm, minimal motion on a phone and a laptop for showing off a polished UI or a redesign.',
    category: 'UI/UX',
    theme: 'tech',
    scenes: [
      scene('phone', 2, ['0x082f49', '0x0ea5e9', '0x5eead4']),
      scene('desk', 1.8, ['0x0f766e', '0x1f2937', '0xe0f2fe']),
      scene('phone', 1.7, ['0x0c4a6e', '0x14b8a6', '0xfacc15']),
    ],
    chord: [262, 392],
  }),
  clip({
    slug: 'desk-setup',
    title: 'Desk setup',
    description: 'A laptop glowing on a tidy desk at night: for productivity apps and tech reviews.',
    category: 'UI/UX',
    theme: 'tech',
    scenes: [
      scene('desk', 2, ['0x1e293b', '0x334155', '0x93c5fd']),
      scene('bokeh', 1.5, ['0x020617', '0xf59e0b', '0x60a5fa']),
      scene('desk', 2, ['0x312e81', '0x1f2937', '0xfde68a']),
    ],
    chord: [175, 262],
  }),
  clip({
    slug: 'morning-routine',
    title: 'Morning routine',
    description: 'Sunrise at the window, a steaming mug and a quick look at a phone: for lifestyle and habit apps.',
    category: 'UI/UX',
    theme: 'lifestyle',
    scenes: [
      scene('morning', 2, ['0xfdba74', '0x7c2d12', '0xfef3c7']),
      scene('phone', 1.6, ['0x78350f', '0xf59e0b', '0xfde68a']),
      scene('morning', 1.8, ['0xfcd34d', '0x57534e', '0xffffff']),
    ],
    chord: [220, 277],
  }),
  clip({
    slug: 'connect-your-tools',
    title: 'Connect your tools',
    description: 'Pieces coming together: for integrations, sync and automation stories.',
    category: 'Integration',
    theme: 'tech',
    scenes: [
      scene('connect', 2, ['0x431407', '0xea580c', '0xfacc15']),
      scene('phone', 1.6, ['0x1c1917', '0xf97316', '0xfde047']),
      scene('connect', 1.8, ['0x0c0a09', '0xfacc15', '0x38bdf8']),
    ],
    chord: [196, 294],
  }),
  clip({
    slug: 'smart-kitchen',
    title: 'Smart kitchen',
    description: 'A counter, a pan and a phone that talks to them: for connected kitchen devices and recipe apps.',
    category: 'Integration',
    theme: 'kitchen',
    scenes: [
      scene('countertop', 1.8, ['0xe7e5e4', '0x78716c', '0xf97316']),
      scene('connect', 1.8, ['0x292524', '0xf97316', '0x4ade80']),
      scene('sizzle', 1.8, ['0x0c0a09', '0x44403c', '0xfed7aa']),
    ],
    chord: [165, 247],
  }),
  clip({
    slug: 'workout-tracker',
    title: 'Workout tracker',
    description: 'A run, a lift and a phone logging it: for wearables and fitness apps that share data.',
    category: 'Integration',
    theme: 'fitness',
    scenes: [
      scene('stride', 1.8, ['0x0ea5e9', '0x0f172a', '0xa7f3d0']),
      scene('barbell', 1.8, ['0x18181b', '0x71717a', '0x38bdf8']),
      scene('phone', 1.8, ['0x022c22', '0x10b981', '0xa3e635']),
    ],
    chord: [147, 196],
  }),
  clip({
    slug: 'hook-wait-for-it',
    title: 'Wait for it…',
    description: 'A short teaser that holds the viewer for the reveal: drifting lights, then a flash.',
    category: 'Hooks',
    theme: 'lifestyle',
    scenes: [
      scene('bokeh', 2.2, ['0x111827', '0xbe123c', '0x818cf8']),
      scene('flash', 1.3, ['0x312e81', '0xbe123c', '0xffffff']),
      scene('sparkle', 1.7, ['0x1e1b4b', '0xbe123c', '0xfde68a']),
    ],
    chord: [247, 370],
  }),
  clip({
    slug: 'hook-stop-scrolling',
    title: 'Stop scrolling',
    description: 'A bold pattern interrupt for the first second: strobe, speed lines, strobe.',
    category: 'Hooks',
    theme: 'fitness',
    scenes: [
      scene('flash', 1.5, ['0xdc2626', '0xf97316', '0xffffff']),
      scene('stride', 2, ['0x450a0a', '0xdc2626', '0xfef08a']),
      scene('flash', 1.5, ['0xf97316', '0xdc2626', '0x111827']),
    ],
    chord: [294, 440],
  }),
  clip({
    slug: 'hook-you-need-this',
    title: 'You need this',
    description: 'A curiosity opener that leads straight into your demo: glitter, a flash, a phone.',
    category: 'Hooks',
    theme: 'beauty',
    scenes: [
      scene('sparkle', 1.8, ['0x1e1b4b', '0x4f46e5', '0x22d3ee']),
      scene('flash', 1.4, ['0x4f46e5', '0x22d3ee', '0xffffff']),
      scene('swatch', 1.8, ['0x1e1b4b', '0x22d3ee', '0xf472b6']),
    ],
    chord: [330, 494],
  }),
]

export function stockClipBySlug(slug: string): StockClip | undefined {
  return STOCK_CLIPS.find((clip) => clip.slug === slug)
}
