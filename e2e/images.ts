import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export interface ColourImages {
  /** The PNG of one of the colours. */
  path(colour: string): string
  /** Deletes the folder and its images. */
  remove(): void
}

/**
 * One plain 720×1280 PNG per colour (an ffmpeg colour name), made with ffmpeg in a temporary folder: images to upload
 * into the gallery, each slide told apart by its colour.
 */
export function colourImages(colours: readonly string[]): ColourImages {
  const dir = mkdtempSync(path.join(tmpdir(), 'hookpost-e2e-images-'))
  const file = (colour: string) => path.join(dir, `${colour}.png`)
  for (const colour of colours) {
    execFileSync(
      'ffmpeg',
      ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `color=c=${colour}:s=720x1280`, '-frames:v', '1', file(colour)],
      { stdio: 'pipe' },
    )
  }
  return { path: file, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
