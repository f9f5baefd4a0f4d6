import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createLocalMediaStorage, StorageNotFoundError, type MediaStorage } from '../../integrations/storage'
import type { ChunkSource } from '../../integrations/tiktok'
import { mediaFilesOf } from './media-files'

/** How the publisher reads a stored video: local storage's own file, or S3's ranged reads (never a whole download). */
const root = mkdtempSync(path.join(tmpdir(), 'media-files-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const local = createLocalMediaStorage(path.join(root, 'media'))
const KEY = 'user-1/video.mp4'
await local.write(KEY, new TextEncoder().encode('0123456789'))

/** Reads `start`..`end` through the source as the uploader does (its own buffer). */
async function readRange(source: ChunkSource, start: number, end: number): Promise<string> {
  const reader = source.open({ start, end })
  const buffer = Buffer.alloc(4)
  let text = ''
  try {
    for (let n = await reader.read(buffer, 4); n > 0; n = await reader.read(buffer, 4)) {
      text += buffer.subarray(0, n).toString()
    }
  } finally {
    await reader.close()
  }
  return text
}

describe('mediaFilesOf', () => {
  it('local storage: the stored file itself, read where each chunk lies', async () => {
    const files = mediaFilesOf(local)
    expect(await files.size(KEY)).toBe(10)
    const text = await files.withChunkSource(KEY, async (source) => {
      expect(await source.size()).toBe(10)
      return [await readRange(source, 0, 3), await readRange(source, 4, 9)]
    })
    expect(text).toEqual(['0123', '456789'])
  })

  it('local storage: a missing file fails before any upload starts', async () => {
    const files = mediaFilesOf(local)
    expect(await files.size('user-1/gone.mp4')).toBeUndefined()
    let used = false
    const attempt = files.withChunkSource('user-1/gone.mp4', async () => {
      used = true
    })
    await expect(attempt).rejects.toBeInstanceOf(StorageNotFoundError)
    expect(used).toBe(false)
  })

  it('S3: one ranged read per chunk, never a download of the whole object', async () => {
    const ranges: string[] = []
    const s3: Pick<MediaStorage, 'kind' | 'size' | 'read' | 'withLocalFile'> = {
      kind: 's3',
      size: (key) => local.size(key),
      read: (key, range) => {
        ranges.push(`${range?.start}-${range?.end}`)
        return local.read(key, range)
      },
      withLocalFile: () => Promise.reject(new Error('an upload must not download the video whole')),
    }
    const files = mediaFilesOf(s3)
    const text = await files.withChunkSource(KEY, async (source) => {
      expect(await source.size()).toBe(10)
      return [await readRange(source, 0, 3), await readRange(source, 4, 9), await readRange(source, 4, 9)]
    })
    expect(text).toEqual(['0123', '456789', '456789'])
    expect(ranges).toEqual(['0-3', '4-9', '4-9'])
  })

  it('a size that cannot be read counts as missing', async () => {
    const broken = { ...local, size: () => Promise.reject(new Error('bucket unreachable')) }
    expect(await mediaFilesOf(broken).size(KEY)).toBeUndefined()
  })
})
