import { randomUUID } from 'node:crypto'
import { existsSync, utimesSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { aiImage, createdVideo, mediaFile } from '../../db/schema'
import { createLocalMediaStorage, type LocalMediaStorage } from '../../integrations/storage'
import { signUp } from '../../testing/http-test-kit'
import { startTestServer, type TestServer } from '../../testing/test-runtime'
import { createOrphanSweep, ORPHAN_GRACE_MS } from './orphan-sweep'
import { createStorageReferences } from './storage-references.repository'

/**
 * The orphan sweep on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and local storage: only objects
 * that no row references and that are older than the grace period go; each user folder's keys are read once.
 */
let server: TestServer
let storage: LocalMediaStorage
let me: { userId: string }
let other: { userId: string }

beforeAll(async () => {
  server = await startTestServer()
  storage = createLocalMediaStorage(path.join(server.config.dataDir, 'media'))
  me = await signUp(server)
  other = await signUp(server)
})
afterAll(async () => {
  await server?.close()
})

const db = () => server.runtime.database.db
const DAY_MS = 24 * 60 * 60 * 1000

/** An object under `key`, last modified `ageMs` ago. */
async function stored(key: string, ageMs: number): Promise<string> {
  await storage.write(key, new TextEncoder().encode(`bytes of ${key}`))
  const when = new Date(Date.now() - ageMs)
  utimesSync(storage.absolutePath(key), when, when)
  return key
}

async function mediaRow(userId: string, storageKey: string): Promise<string> {
  const id = randomUUID()
  await db().insert(mediaFile).values({
    id,
    userId,
    originalName: 'clip.mp4',
    storageKey,
    contentType: 'video/mp4',
    sizeBytes: 10,
    durationMs: 3_000,
    width: 720,
    height: 1280,
    fps: 30,
    videoCodec: 'h264',
    audioCodec: 'aac',
  })
  return id
}

const exists = (key: string) => existsSync(storage.absolutePath(key))

describe('orphan sweep', () => {
  it('removes old unreferenced objects only: referenced and young ones stay, and another user’s files are untouched', async () => {
    const old = ORPHAN_GRACE_MS + DAY_MS
    // Referenced, old: an upload, an image, a rendered video's output and thumbnail.
    const upload = await stored(`${me.userId}/${randomUUID()}.mp4`, old)
    const uploadId = await mediaRow(me.userId, upload)
    const image = await stored(`${me.userId}/images/${randomUUID()}.png`, old)
    await db().insert(aiImage).values({
      userId: me.userId,
      origin: 'generated',
      prompt: 'a cat',
      style: 'selfie',
      provider: 'offline',
      fallback: true,
      storageKey: image,
      contentType: 'image/png',
      sizeBytes: 10,
      width: 1024,
      height: 1792,
    })
    const output = await stored(`${me.userId}/${randomUUID()}.mp4`, old)
    const outputId = await mediaRow(me.userId, output)
    const thumbnail = await stored(output.replace(/\.mp4$/, '.jpg'), old)
    await db().insert(createdVideo).values({
      userId: me.userId,
      title: 'Launch day',
      layout: 'single',
      sourceMediaId: uploadId,
      state: 'processed',
      outputMediaId: outputId,
      thumbnailKey: thumbnail,
    })
    // Unreferenced: an old one (a crash between the file and its row), a young one (an import in flight), a
    // half-written one, and the folder of an account that is gone.
    const orphan = await stored(`${me.userId}/${randomUUID()}.mp4`, old)
    const inFlight = await stored(`${me.userId}/${randomUUID()}.mp4`, ORPHAN_GRACE_MS - 60_000)
    const partial = await stored(`${me.userId}/${randomUUID()}.mp4.partial-1-2`, old)
    const goneFolder = await stored(`${randomUUID()}/${randomUUID()}.mp4`, old)
    // Another user's: their referenced file and their young unreferenced one.
    const theirs = await stored(`${other.userId}/${randomUUID()}.mp4`, old)
    await mediaRow(other.userId, theirs)
    const theirYoung = await stored(`${other.userId}/${randomUUID()}.mp4`, DAY_MS)

    const references = createStorageReferences(db())
    const folders: string[] = []
    const logged: string[] = []
    const sweep = createOrphanSweep({
      storage,
      references: {
        keysOfUser: (userId) => {
          folders.push(userId)
          return references.keysOfUser(userId)
        },
        isReferenced: references.isReferenced,
      },
      clock: () => new Date(),
      log: { info: (msg) => logged.push(msg), warn: (msg) => logged.push(msg) },
    })
    const result = await sweep()

    expect(result.removed.sort()).toEqual([orphan, partial, goneFolder].sort())
    for (const key of [orphan, partial, goneFolder]) expect(exists(key), key).toBe(false)
    for (const key of [upload, image, output, thumbnail, inFlight, theirs, theirYoung])
      expect(exists(key), key).toBe(true)
    // What it removed is in the log, by key.
    for (const key of result.removed) expect(logged.some((line) => line.includes(key))).toBe(true)
    // One read of referenced keys per user folder that held an old object, never all users' keys at once.
    expect(new Set(folders).size).toBe(folders.length)
    expect(folders).toContain(me.userId)

    // Nothing left to do: a second run (or another worker's) removes nothing.
    expect((await sweep()).removed).toEqual([])
  })

  it('keeps a file whose row was written after its folder’s keys were read', async () => {
    const key = await stored(`${me.userId}/${randomUUID()}.mp4`, ORPHAN_GRACE_MS + DAY_MS)
    const references = createStorageReferences(db())
    const sweep = createOrphanSweep({
      storage,
      references: {
        // The row lands between the folder's read and the delete.
        keysOfUser: async (userId) => {
          const keys = await references.keysOfUser(userId)
          await mediaRow(me.userId, key)
          return keys
        },
        isReferenced: references.isReferenced,
      },
      clock: () => new Date(),
      log: { info: () => undefined, warn: () => undefined },
    })
    const result = await sweep()
    expect(result.removed).not.toContain(key)
    expect(exists(key)).toBe(true)
  })
})
