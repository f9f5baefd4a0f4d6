import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/**
 * Writes a test clip to `file` with ffmpeg: `seconds` of ffmpeg's test pattern at `size` (540×960 is 9:16) and a sine
 * tone, H.264 + AAC at 30 fps, inside TikTok's media limits (tiktok-api.md §3.9).
 */
export function writeClip(file: string, { size = '540x960', seconds = 2 }: { size?: string; seconds?: number } = {}) {
  execFileSync(
    'ffmpeg',
    [
      ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=30`, '-f', 'lavfi', '-i', 'sine'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ],
    { stdio: 'pipe' },
  )
}

/**
 * A clip written once for a spec file (`writeClip` options; 3 s of 540×960 by default) into a temporary folder removed
 * after its tests. Call at the top level of the spec; read `.path` inside a test.
 */
export function clipForSpec(
  name: string,
  options: { size?: string; seconds?: number } = { size: '540x960', seconds: 3 },
): { readonly path: string } {
  let dir = ''
  let file = ''
  test.beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hookpost-e2e-'))
    file = path.join(dir, name)
    writeClip(file, options)
  })
  test.afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
  return {
    get path() {
      return file
    },
  }
}

/** A 2 s 9:16 clip's bytes (`writeClip`), made in a temporary folder that is removed at once. */
export function makeClip(): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'hookpost-e2e-clip-'))
  try {
    const clipPath = path.join(dir, 'clip.mp4')
    writeClip(clipPath)
    return readFileSync(clipPath)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Uploads a clip over tus (POST /api/uploads, one PATCH) and keeps it (POST /api/media), with the page's cookies. */
export async function uploadClip(page: Page, clip: Buffer, filename = 'clip.mp4'): Promise<string> {
  const b64 = (text: string) => Buffer.from(text).toString('base64')
  const created = await page.request.post('/api/uploads', {
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(clip.length),
      'Upload-Metadata': `filename ${b64(filename)},filetype ${b64('video/mp4')}`,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const location = created.headers()['location']
  expect(location, 'tus Location header').toBeTruthy()
  const patched = await page.request.patch(location!, {
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    data: clip,
  })
  expect(patched.status(), await patched.text()).toBe(204)
  const uploadId = location!.split('/').pop()!
  const media = await page.request.post('/api/media', { data: { uploadId } })
  expect(media.status(), await media.text()).toBeLessThan(300)
  return ((await media.json()) as { media: { id: string } }).media.id
}
