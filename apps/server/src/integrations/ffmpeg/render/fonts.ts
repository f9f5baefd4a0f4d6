import { readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { GlobalFonts } from '@napi-rs/canvas'
import { OVERLAY_FONT_FAMILIES } from '@hookpost/shared'

/**
 * The overlay fonts (ADR 010), bundled from npm so the server draws with exactly what the browser preview loads:
 * Inter regular and bold (Latin and Latin Extended subsets) and every subset of Noto Color Emoji. Skia picks the file
 * that has each character, so subsets registered under one family name behave as one font.
 */
const [INTER, EMOJI] = OVERLAY_FONT_FAMILIES
const INTER_FILES = [
  'inter-latin-400-normal.woff2',
  'inter-latin-700-normal.woff2',
  'inter-latin-ext-400-normal.woff2',
  'inter-latin-ext-700-normal.woff2',
]

let registered = false

function filesFolder(packageName: string): string {
  const require = createRequire(import.meta.url)
  return path.join(path.dirname(require.resolve(`${packageName}/package.json`)), 'files')
}

/** Registers the fonts with @napi-rs/canvas once per process; throws when a bundled file is missing. */
export function registerOverlayFonts(): void {
  if (registered) return
  const interDir = filesFolder('@fontsource/inter')
  const emojiDir = filesFolder('@fontsource/noto-color-emoji')
  const emojiFiles = readdirSync(emojiDir).filter((name) => name.endsWith('.woff2'))
  if (emojiFiles.length === 0) throw new Error(`no Noto Color Emoji woff2 files in ${emojiDir}`)
  const fonts = [
    ...INTER_FILES.map((name) => ({ file: path.join(interDir, name), family: INTER })),
    ...emojiFiles.map((name) => ({ file: path.join(emojiDir, name), family: EMOJI })),
  ]
  for (const { file, family } of fonts) {
    // registerFromPath answers null when the file is missing or not a font.
    if (!GlobalFonts.registerFromPath(file, family)) throw new Error(`could not register the font ${file}`)
  }
  registered = true
}
