import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createCanvas } from '@napi-rs/canvas'
import { slideshowResponseSchema, type Slideshow } from '@hookpost/shared'
import { aiImage, photoSet, slideshow } from '../../db/schema'
import { createStorageReferences } from '../media'
import { inject, signUp } from '../../testing/http-test-kit'
import { eventually, startTestServer, type TestServer } from '../../testing/test-runtime'

/**
 * A slideshow render a worker died in (real database, queue and canvas): the sweep gives it to another attempt, which
 * renders a complete new photo set; what the dead attempt had written is referenced by no row, so the orphan sweep
 * removes it, and the photo set the slideshow had before is dropped once nothing uses it.
 */
let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

const db = () => server.runtime.database.db

async function galleryImage(userId: string): Promise<string> {
  const canvas = createCanvas(600, 600)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#336633'
  ctx.fillRect(0, 0, 600, 600)
  const data = await canvas.encode('png')
  const id = crypto.randomUUID()
  const storageKey = `${userId}/${id}.png`
  await server.runtime.mediaStorage.write(storageKey, data)
  await db().insert(aiImage).values({
    id,
    userId,
    origin: 'uploaded',
    prompt: '',
    style: 'selfie',
    provider: 'upload',
    fallback: false,
    storageKey,
    contentType: 'image/png',
    sizeBytes: data.byteLength,
    width: 600,
    height: 600,
    savedAt: new Date(),
  })
  return id
}

async function current(cookie: string, id: string): Promise<Slideshow> {
  const res = await inject(server, 'GET', `/api/slideshows/${id}`, cookie)
  return slideshowResponseSchema.parse(res.json()).slideshow
}

describe('a slideshow render whose worker died', () => {
  it('is rendered again by the sweep into one complete photo set; the half-written files are orphans', async () => {
    const { cookie, userId } = await signUp(server)
    const imageId = await galleryImage(userId)
    const res = await inject(server, 'POST', '/api/slideshows', cookie, {
      title: 'Crash',
      slides: [{ source: { kind: 'image', imageId } }, { source: { kind: 'image', imageId } }],
    })
    const id = slideshowResponseSchema.parse(res.json()).slideshow.id
    const first = await eventually(async () => {
      const s = await current(cookie, id)
      return s.state === 'processed' ? s : undefined
    })
    const references = createStorageReferences(db())
    const [firstSet] = await db().select().from(photoSet).where(eq(photoSet.id, first.photoSetId!))
    for (const image of firstSet!.images) {
      expect((await references.keysOfUser(userId)).has(image.storageKey)).toBe(true)
      expect(await references.isReferenced(image.storageKey)).toBe(true)
    }

    // A worker claimed a new render, wrote one slide of two, and died ten minutes ago.
    const stray = `${userId}/${crypto.randomUUID()}-1.jpg`
    await server.runtime.mediaStorage.write(stray, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))
    await db()
      .update(slideshow)
      .set({ state: 'rendering', attempts: 1, updatedAt: new Date(Date.now() - 600_000) })
      .where(eq(slideshow.id, id))
    expect((await current(cookie, id)).photoSetId).toBeNull()

    await server.runtime.slideshowRenders.sweep({ orphanedBefore: new Date(Date.now() - 60_000) })
    const second = await eventually(async () => {
      const s = await current(cookie, id)
      return s.state === 'processed' ? s : undefined
    })
    expect(second.photoSetId).not.toBe(first.photoSetId)
    // The earlier set, used by nothing, goes with its files (just after the new one is in place); the new one is whole.
    const sets = await eventually(async () => {
      const rows = await db().select().from(photoSet).where(eq(photoSet.slideshowId, id))
      const sizes = await Promise.all(firstSet!.images.map((image) => server.storage.size(image.storageKey)))
      return rows.length === 1 && sizes.every((size) => size === null) ? rows : undefined
    })
    expect(sets.map((s) => s.id)).toEqual([second.photoSetId])
    expect(sets[0]!.images).toHaveLength(2)
    expect(await references.isReferenced(stray)).toBe(false)
    expect((await references.keysOfUser(userId)).has(stray)).toBe(false)
  })
})
