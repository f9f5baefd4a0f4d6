import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLocalMediaStorage, StorageKeyError, type LocalMediaStorage } from './local-media-storage'

let dir: string
let storage: LocalMediaStorage
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'media-storage-'))
  storage = createLocalMediaStorage(path.join(dir, 'media'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('local media storage', () => {
  it('moves a file in under its key, reads it whole or in part, and deletes it', async () => {
    const source = path.join(dir, 'upload')
    writeFileSync(source, '0123456789')
    await storage.importFile(source, 'user-1/abc.mp4')
    expect(existsSync(source)).toBe(false)
    expect(storage.absolutePath('user-1/abc.mp4')).toBe(path.join(dir, 'media', 'user-1', 'abc.mp4'))
    expect(readFileSync(storage.absolutePath('user-1/abc.mp4'), 'utf8')).toBe('0123456789')
    expect(await storage.size('user-1/abc.mp4')).toBe(10)
    expect(await text(storage.read('user-1/abc.mp4'))).toBe('0123456789')
    expect(await text(storage.read('user-1/abc.mp4', { start: 2, end: 4 }))).toBe('234')
    await storage.remove('user-1/abc.mp4')
    expect(await storage.size('user-1/abc.mp4')).toBeNull()
    await storage.remove('user-1/abc.mp4') // already gone: fine
  })

  it('copies a file in or writes bytes under a key, whole, leaving nothing half-written beside it', async () => {
    const source = path.join(dir, 'clip')
    writeFileSync(source, 'stock')
    await storage.copyIn(source, 'user-1/copy.mp4')
    expect(existsSync(source)).toBe(true)
    expect(readFileSync(storage.absolutePath('user-1/copy.mp4'), 'utf8')).toBe('stock')
    await storage.write('user-1/images/a.png', Buffer.from('png bytes'))
    expect(readFileSync(storage.absolutePath('user-1/images/a.png'), 'utf8')).toBe('png bytes')
    expect(readdirSync(path.join(dir, 'media', 'user-1', 'images'))).toEqual(['a.png'])
    await expect(storage.write('../x.png', Buffer.from('no'))).rejects.toThrow(StorageKeyError)
  })

  it.each(['../escape.mp4', 'user/../../x', '/etc/passwd', 'user//x', '', 'user/.hidden', 'a\\..\\b'])(
    'refuses the key %j',
    (key) => {
      expect(() => storage.absolutePath(key)).toThrow(StorageKeyError)
    },
  )
})
